import type { TRPC } from '../../lib/trpc'

/** People and occasions are cached 60 s (spec account-area §7, §9). */
const LIST_STALE_MS = 60_000

/** The user's people (GET /api/people): the For: picker's list, {id, name} at least. */
export function peopleQueryOptions(trpc: TRPC) {
  return trpc.people.list.queryOptions(undefined, { staleTime: LIST_STALE_MS })
}

/** The occasions (GET /api/occasions): the Because: picker's list, grouped by category. */
export function occasionsQueryOptions(trpc: TRPC) {
  return trpc.reference.occasions.queryOptions(undefined, { staleTime: LIST_STALE_MS })
}
