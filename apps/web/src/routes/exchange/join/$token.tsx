import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../../features/layout/page-container'
import { JoinPage } from '../../../features/exchanges/join-page'

/** The join link's page (issue 36); never indexed, no referrer. */
export const Route = createFileRoute('/exchange/join/$token')({
  head: () => ({
    meta: [
      { title: 'Join a Gift Exchange' },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: JoinRoute,
})

function JoinRoute() {
  const { token } = Route.useParams()
  return (
    <PageContainer>
      <JoinPage token={token} />
    </PageContainer>
  )
}
