import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'

export const Route = createFileRoute('/_account/my-account/liked-products')({
  head: () => ({ meta: [{ title: 'Liked Products' }] }),
  component: MyAccountLikedProductsPage,
})

function MyAccountLikedProductsPage() {
  return <AccountPage title="Liked Products" intro="Products you've liked and saved for future reference" />
}
