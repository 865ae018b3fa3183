import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../-components/account-page'

export const Route = createFileRoute('/_account/my-account/my-order-details/$id')({
  head: () => ({ meta: [{ title: 'Order Details' }] }),
  component: MyAccountMyOrderDetailsIdPage,
})

function MyAccountMyOrderDetailsIdPage() {
  return <AccountPage title="Order Details" intro="The gift, who it was for and the occasion." />
}
