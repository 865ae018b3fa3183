import { createFileRoute } from '@tanstack/react-router'
import { textParam } from '../../../../features/catalog/listing-search'
import { AccountPage } from '../../-components/account-page'
import { AddFromLinkContent } from '../../../../features/wish-lists/add-from-link-page'
import { WISH_LIST_UI } from '../../../../features/wish-lists/messages'

export const Route = createFileRoute('/_account/my-account/lists/add')({
  validateSearch: (search: Record<string, unknown>) => ({
    url: textParam(search.url),
    title: textParam(search.title),
  }),
  head: () => ({ meta: [{ title: 'Add to a wish list' }] }),
  component: AddToListPage,
})

/** "Add to a wish list" from a shared link or the bookmarklet (issue 38). */
function AddToListPage() {
  const { url, title } = Route.useSearch()
  return (
    <AccountPage title={WISH_LIST_UI.addToList} intro="An item from any shop, read from its link. Check it and save.">
      <AddFromLinkContent url={url ?? ''} title={title ?? ''} />
    </AccountPage>
  )
}
