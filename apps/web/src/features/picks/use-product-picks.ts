import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { PICK_COUNT_RANGE } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { PICKS_UI } from './messages'

/**
 * Gift picks for a person and an occasion (tRPC recommendations.productsForPerson, i.e.
 * GET /api/recommendations/person/{personId}/products; issue 20): eight products within the
 * budget typed here (maxPrice, whole pounds) or the one the server resolves (the profile's
 * Budget options, else none). Fetched only when both
 * are chosen; never cached, like the categories (spec §9 "recommendations: no cache").
 */
export function useProductPicks({
  personId,
  occasionLabel,
  maxPrice,
}: {
  personId: number | undefined
  occasionLabel: string | undefined
  /** Whole pounds typed by the user; undefined lets the server resolve the budget. */
  maxPrice?: number | undefined
}) {
  const trpc = useTRPC()
  const occasion = occasionLabel?.trim() ?? ''
  const ready = personId !== undefined && personId > 0 && occasion !== ''
  const query = useQuery(
    trpc.recommendations.productsForPerson.queryOptions(
      ready
        ? { personId, occasion, count: PICK_COUNT_RANGE.default, ...(maxPrice !== undefined ? { maxPrice } : {}) }
        : skipToken,
      { staleTime: 0, gcTime: 0, retry: 1, refetchOnWindowFocus: false },
    ),
  )
  useEffect(() => {
    if (query.error) console.error(PICKS_UI.fetchFailed(query.error.message))
  }, [query.error])
  return query
}
