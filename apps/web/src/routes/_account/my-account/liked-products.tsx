import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'
import { LikedProductsContent } from '../../../features/likes/liked-products-page'
import { LIKE_UI } from '../../../features/likes/messages'
import { pageTitle } from '../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/liked-products')({
  head: () => ({ meta: [{ title: pageTitle('Liked Products') }] }),
  component: MyAccountLikedProductsPage,
})

/** Liked Products (spec account-area §2). */
function MyAccountLikedProductsPage() {
  return (
    <AccountPage title={LIKE_UI.title} intro={LIKE_UI.subtitle}>
      <LikedProductsContent />
    </AccountPage>
  )
}
