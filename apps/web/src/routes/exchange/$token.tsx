import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { ParticipantPage } from '../../features/exchanges/participant-page'

/**
 * A participant's personal page (issue 36), by the link emailed to them. Never indexed: the
 * server sends X-Robots-Tag and Referrer-Policy: no-referrer on this URL.
 */
export const Route = createFileRoute('/exchange/$token')({
  head: () => ({
    meta: [
      { title: 'Gift Exchange' },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: ExchangeLinkRoute,
})

function ExchangeLinkRoute() {
  const { token } = Route.useParams()
  return (
    <PageContainer>
      <ParticipantPage participant={{ token }} />
    </PageContainer>
  )
}
