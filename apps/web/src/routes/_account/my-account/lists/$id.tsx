import { createFileRoute } from '@tanstack/react-router'
import { StatusMessage } from '../../../../features/catalog/status-message'
import { WishListDetail } from '../../../../features/wish-lists/list-detail'
import { pageTitle } from '../../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/lists/$id')({
  head: () => ({ meta: [{ title: pageTitle('Wish List') }] }),
  component: MyAccountListPage,
})

/** One of the user's wish lists (issue 23). */
function MyAccountListPage() {
  const { id } = Route.useParams()
  const listId = /^\d{1,9}$/.test(id) ? Number(id) : null
  if (!listId) return <StatusMessage title="Wish list not found" />
  return <WishListDetail id={listId} />
}
