import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'

export const Route = createFileRoute('/_account/my-account/add-person')({
  head: () => ({ meta: [{ title: 'Add Person' }] }),
  component: MyAccountAddPersonPage,
})

function MyAccountAddPersonPage() {
  return <AccountPage title="Add New Person" intro="Tell us about someone you buy gifts for." />
}
