import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../-components/account-page'

export const Route = createFileRoute('/_account/my-account/person/$id')({
  head: () => ({ meta: [{ title: 'Person Details' }] }),
  component: MyAccountPersonIdPage,
})

function MyAccountPersonIdPage() {
  return <AccountPage title="Person" intro="Their profile, important dates and gift ideas." />
}
