import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../-components/account-page'
import { WishListsContent } from '../../../../features/wish-lists/lists-page'
import { WISH_LIST_UI } from '../../../../features/wish-lists/messages'
import { pageTitle } from '../../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/lists/')({
  head: () => ({ meta: [{ title: pageTitle('Wish Lists') }] }),
  component: MyAccountListsPage,
})

/** The user's wish lists (issue 23). */
function MyAccountListsPage() {
  return (
    <AccountPage title={WISH_LIST_UI.listsTitle} intro={WISH_LIST_UI.listsIntro}>
      <WishListsContent />
    </AccountPage>
  )
}
