import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../../features/layout/page-container'
import { SharedListPage } from '../../../features/wish-lists/shared-list-page'

/**
 * A shared wish list (issue 23), readable by anyone with the link. Never indexed: the server sends
 * X-Robots-Tag and Referrer-Policy: no-referrer on this URL, and the page carries robots noindex.
 */
export const Route = createFileRoute('/lists/shared/$token')({
  head: () => ({
    meta: [
      { title: 'Wish List' },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: SharedListRoute,
})

function SharedListRoute() {
  const { token } = Route.useParams()
  return (
    <PageContainer>
      <SharedListPage token={token} />
    </PageContainer>
  )
}
