import { createFileRoute } from '@tanstack/react-router'
import { EventsPage } from '../../../features/events/events-page'
import { pageTitle } from '../../../lib/page-title'

/** Important Events (spec account-area §2 "/my-account/events"). */
export const Route = createFileRoute('/_account/my-account/events')({
  head: () => ({ meta: [{ title: pageTitle('Important Events') }] }),
  component: EventsPage,
})
