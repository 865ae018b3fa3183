import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'

export const Route = createFileRoute('/_account/my-account/events')({
  head: () => ({ meta: [{ title: 'Important Events' }] }),
  component: MyAccountEventsPage,
})

function MyAccountEventsPage() {
  return <AccountPage title="Important Events" intro="Birthdays, anniversaries and other dates to remember." />
}
