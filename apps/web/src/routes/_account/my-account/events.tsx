import { createFileRoute } from '@tanstack/react-router'
import { EventsPage } from '../../../features/events/events-page'

/** Important Events (spec account-area §2 "/my-account/events"). */
export const Route = createFileRoute('/_account/my-account/events')({
  head: () => ({ meta: [{ title: 'Important Events' }] }),
  component: EventsPage,
})
