import type { QueryClient } from '@tanstack/react-query'
import type { TRPC } from '../../lib/trpc'
import { isNotFound } from '../../lib/api-errors'

/*
 * Caching of people, events and the profile reference data (spec account-area §9 "Cache times";
 * docs/decisions/people-form.md). The app's defaults (lib/query-client.ts) apply to the rest.
 */

const ONE_MINUTE = 60_000
const FIVE_MINUTES = 5 * ONE_MINUTE

/** Reference lists change only with a migration: fresh for 5 minutes, one retry. */
const REFERENCE_CACHE = { staleTime: FIVE_MINUTES, retry: 1, refetchOnWindowFocus: false } as const

/** A miss is final, so "not found" is not retried; other failures are, once. */
function retryOnceUnlessNotFound(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isNotFound(error)
}

/** The user's people (GET /api/people): cached 60 s (spec account-area §9). */
export function peopleListQueryOptions(trpc: TRPC) {
  return trpc.people.list.queryOptions(undefined, { staleTime: ONE_MINUTE })
}

/** One person (GET /api/people/{id}); another user's id answers NOT_FOUND, which is not retried. */
export function personQueryOptions(trpc: TRPC, id: number) {
  return trpc.people.byId.queryOptions({ id }, { retry: retryOnceUnlessNotFound })
}

/** The events of one person (GET /api/events/person/{id}): cached 30 s (spec account-area §9). */
export function personEventsQueryOptions(trpc: TRPC, personId: number) {
  return trpc.events.forPerson.queryOptions({ personId }, { staleTime: 30_000 })
}

/**
 * Occasions (GET /api/occasions): cached 60 s, or 5 minutes in the person form's Important
 * Dates section (spec account-area §9).
 */
export function occasionsQueryOptions(trpc: TRPC, where: 'default' | 'person-events-form' = 'default') {
  return trpc.reference.occasions.queryOptions(undefined, {
    staleTime: where === 'person-events-form' ? FIVE_MINUTES : ONE_MINUTE,
  })
}

export function relationshipsQueryOptions(trpc: TRPC) {
  return trpc.reference.relationships.queryOptions(undefined, REFERENCE_CACHE)
}

export function interestsQueryOptions(trpc: TRPC) {
  return trpc.reference.interests.queryOptions(undefined, REFERENCE_CACHE)
}

export function giftPreferencesQueryOptions(trpc: TRPC) {
  return trpc.reference.giftPreferences.queryOptions(undefined, REFERENCE_CACHE)
}

/** The four sections of paired options (spec account-area §2 "Intelligence, lifestyle, taste and personality"). */
export type OptionSectionKind = 'intelligence' | 'lifestyle' | 'taste' | 'personality'

export function optionCategoriesQueryOptions(trpc: TRPC, kind: OptionSectionKind) {
  return trpc.reference[kind].queryOptions(undefined, REFERENCE_CACHE)
}

/**
 * After a person or one of their events changes: the people list, the events list, the person
 * and their events are read again (spec account-area §7, DELETE /api/events/...: "refreshes
 * people, events, single person and events-for-person").
 */
export async function invalidatePersonData(queryClient: QueryClient, trpc: TRPC, personId?: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.people.list.queryKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.events.list.queryKey() }),
    personId === undefined
      ? Promise.resolve()
      : queryClient.invalidateQueries({ queryKey: trpc.people.byId.queryKey({ id: personId }) }),
    personId === undefined
      ? Promise.resolve()
      : queryClient.invalidateQueries({ queryKey: trpc.events.forPerson.queryKey({ personId }) }),
  ])
}
