import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'

export const Route = createFileRoute('/_account/my-account/my-orders')({
  head: () => ({ meta: [{ title: 'My Orders' }] }),
  component: MyAccountMyOrdersPage,
})

function MyAccountMyOrdersPage() {
  return <AccountPage title="My Orders" intro="Gifts you have bought through Presently." />
}
