import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { GuestClaimsPage } from '../../features/guests/guest-claims-page'

/**
 * A guest's personal page (issue 37): their claims and pledges on any device, by the link in
 * their emails. Never indexed; no referrer leaves the page.
 */
export const Route = createFileRoute('/my-claims/$token')({
  head: () => ({
    meta: [
      { title: 'Your claims – Presently' },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: MyClaimsRoute,
})

function MyClaimsRoute() {
  const { token } = Route.useParams()
  return (
    <PageContainer>
      <GuestClaimsPage token={token} />
    </PageContainer>
  )
}
