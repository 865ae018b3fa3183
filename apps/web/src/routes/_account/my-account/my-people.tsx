import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'

export const Route = createFileRoute('/_account/my-account/my-people')({
  head: () => ({ meta: [{ title: 'My People' }] }),
  component: MyAccountMyPeoplePage,
})

function MyAccountMyPeoplePage() {
  return <AccountPage title="My People" intro="The people you buy gifts for." />
}
