import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'
import { ClaimsContent } from '../../../features/wish-lists/claims-page'
import { WISH_LIST_UI } from '../../../features/wish-lists/messages'
import { pageTitle } from '../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/claims')({
  head: () => ({ meta: [{ title: pageTitle('My Claims') }] }),
  component: MyAccountClaimsPage,
})

/** What the user claimed from others' wish lists (issue 23). */
function MyAccountClaimsPage() {
  return (
    <AccountPage title={WISH_LIST_UI.claimsTitle} intro={WISH_LIST_UI.claimsIntro}>
      <ClaimsContent />
    </AccountPage>
  )
}
