import type { QueryClient } from '@tanstack/react-query'
import type { TRPC } from '../../lib/trpc'

/** Events and people are cached 60 s (spec account-area §7 GET /api/events, §9). */
const EVENTS_STALE_MS = 60_000

/** The user's events with their people (GET /api/events). */
export function eventsQueryOptions(trpc: TRPC) {
  return trpc.events.list.queryOptions(undefined, { staleTime: EVENTS_STALE_MS })
}

/** Whether the user has a private calendar link (its URL is shown only when it is made). */
export function calendarLinkQueryOptions(trpc: TRPC) {
  return trpc.events.calendarLink.queryOptions()
}

/**
 * After an event is added or deleted: the events, the people (their cards carry events and
 * completeness) and the person's own events refresh (spec account-area §7 DELETE
 * /api/events/person/{personId}/event/{eventId}: "refreshes people, events, single person and
 * events-for-person").
 */
export async function refreshAfterEventChange(queryClient: QueryClient, trpc: TRPC): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() }),
  ])
}
