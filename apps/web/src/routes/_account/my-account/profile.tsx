import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'

export const Route = createFileRoute('/_account/my-account/profile')({
  head: () => ({ meta: [{ title: 'Account Settings' }] }),
  component: MyAccountProfilePage,
})

function MyAccountProfilePage() {
  return <AccountPage title="Account Settings" intro="Your email preferences and password." />
}
