import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../-components/account-page'

export const Route = createFileRoute('/_account/my-account/edit-person/$id')({
  head: () => ({ meta: [{ title: 'Edit Person' }] }),
  component: MyAccountEditPersonIdPage,
})

function MyAccountEditPersonIdPage() {
  return <AccountPage title="Edit Person" intro="Update their profile and important dates." />
}
