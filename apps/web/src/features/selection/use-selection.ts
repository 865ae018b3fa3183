import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import type { OccasionOutput, PersonSummary } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { useSession } from '../session/session'
import { occasionsQueryOptions, peopleQueryOptions } from './query-options'
import { resolveSelectedId, type SelectionSearch } from './selection-params'

const NO_PEOPLE: PersonSummary[] = []
const NO_OCCASIONS: OccasionOutput[] = []

/** The current selection and how to change it (see useSelection). */
export interface Selection {
  /** The selected person's id: in the URL and among the user's people; undefined otherwise. */
  personId: number | undefined
  /** The selected occasion's id: in the URL and among the occasions; undefined otherwise. */
  occasionId: number | undefined
  person: PersonSummary | undefined
  occasion: OccasionOutput | undefined
  /** The signed-in user's people (empty while loading or signed out). */
  people: PersonSummary[]
  occasions: OccasionOutput[]
  peopleLoading: boolean
  occasionsLoading: boolean
  /** Whether both lists have loaded, so the ids above are final for this URL. */
  ready: boolean
  /** The raw `person` / `occasion` values of the address bar (whatever was typed there). */
  rawPerson: unknown
  rawOccasion: unknown
  /** Selects a person, or clears the selection with undefined (removes the parameter). */
  setPersonId: (id: number | undefined) => void
  /** Selects an occasion, or clears it with undefined (removes the parameter). */
  setOccasionId: (id: number | undefined) => void
  /** Sets both keys given in one navigation (undefined removes a parameter). */
  update: (patch: SelectionSearch) => void
}

/**
 * The chosen person and occasion (spec browsing-and-purchase §2 "Query parameters", §3
 * "Selection"). The address bar is the state: `?person={id}&occasion={id}`, validated by the root
 * route and kept on every navigation (retainSearchParams), so a reload, a shared link and the
 * Upcoming Events panel's Find Gift link (/?person=…&occasion=…) all select the same thing. An id
 * counts only when it is in the loaded list (the user's own people from people.list; the
 * occasions), so another user's person id or a deleted one selects nothing. Setting replaces the
 * current history entry; undefined removes the parameter.
 *
 * Signed out, the lists are not fetched and nothing is selected.
 */
export function useSelection(): Selection {
  const trpc = useTRPC()
  const { user } = useSession()
  const signedIn = user !== null
  const peopleQuery = useQuery({ ...peopleQueryOptions(trpc), enabled: signedIn })
  const occasionsQuery = useQuery({ ...occasionsQueryOptions(trpc), enabled: signedIn })
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> })
  const rawPerson = search.person
  const rawOccasion = search.occasion

  const people = peopleQuery.data ?? NO_PEOPLE
  const occasions = occasionsQuery.data ?? NO_OCCASIONS
  const personIds = useMemo(
    () => (peopleQuery.data ? new Set(peopleQuery.data.map((p) => p.id)) : undefined),
    [peopleQuery.data],
  )
  const occasionIds = useMemo(
    () => (occasionsQuery.data ? new Set(occasionsQuery.data.map((o) => o.id)) : undefined),
    [occasionsQuery.data],
  )
  const personId = signedIn ? resolveSelectedId(rawPerson, personIds) : undefined
  const occasionId = signedIn ? resolveSelectedId(rawOccasion, occasionIds) : undefined

  const navigate = useNavigate()
  const update = useCallback(
    (patch: SelectionSearch) =>
      void navigate({
        to: '.',
        search: (previous: SelectionSearch) => ({ ...previous, ...patch }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  )
  const setPersonId = useCallback((id: number | undefined) => update({ person: id }), [update])
  const setOccasionId = useCallback((id: number | undefined) => update({ occasion: id }), [update])

  return {
    personId,
    occasionId,
    person: people.find((p) => p.id === personId),
    occasion: occasions.find((o) => o.id === occasionId),
    people,
    occasions,
    peopleLoading: signedIn && peopleQuery.isPending,
    occasionsLoading: signedIn && occasionsQuery.isPending,
    ready: signedIn && peopleQuery.isSuccess && occasionsQuery.isSuccess,
    rawPerson,
    rawOccasion,
    setPersonId,
    setOccasionId,
    update,
  }
}
