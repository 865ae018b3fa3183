import { createFileRoute } from '@tanstack/react-router'
import { GuestConfirmPage } from '../../../features/guests/guest-confirm-page'

/**
 * A guest's confirmation link (issue 37): spends it on load and keeps the guest on this device.
 * Never indexed (X-Robots-Tag on this URL; robots meta here); no referrer leaves the page.
 */
export const Route = createFileRoute('/guest/confirm/$token')({
  head: () => ({
    meta: [
      { title: 'Confirm your email – Presently' },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: GuestConfirmRoute,
})

function GuestConfirmRoute() {
  const { token } = Route.useParams()
  return <GuestConfirmPage token={token} />
}
