import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isTRPCClientError } from '@trpc/client'
import { RECOMMENDATION_COUNT } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { RECOMMENDATION_UI } from './messages'

export interface RecommendationsRequest {
  /** The person's id; 0 or undefined means "not chosen" (nothing is fetched). */
  personId: number | undefined
  /** The occasion's label; blank or undefined means "not chosen". */
  occasionLabel: string | undefined
  /** Ask for debugInfo (the server gives it to staff and admins only) and log it. */
  debug?: boolean
}

/** "{status} {body}" of a failed call, for the console (spec browsing-and-purchase §8). */
function statusOf(error: unknown): { status: number | string; body: string } {
  if (isTRPCClientError(error)) {
    const data: unknown = error.data
    const status =
      typeof data === 'object' && data !== null && 'httpStatus' in data && typeof data.httpStatus === 'number'
        ? data.httpStatus
        : 'error'
    return { status, body: error.message }
  }
  return { status: 'error', body: error instanceof Error ? error.message : String(error) }
}

/**
 * Gift-category recommendations for a person and an occasion (tRPC recommendations.forPerson,
 * i.e. GET /api/recommendations/person/{personId}?occasion={label}&count=3). Fetched only when
 * both are chosen (spec browsing-and-purchase §4; the caller also requires a signed-in user);
 * never cached (staleTime 0, gcTime 0) and retried once (§9). A failure is logged as "Failed to
 * fetch recommendations: {status} {body}" (§8); debugInfo, when the server sends it, is logged
 * to the console and shown nowhere (account-area §3).
 */
export function useRecommendations({ personId, occasionLabel, debug = false }: RecommendationsRequest) {
  const trpc = useTRPC()
  const occasion = occasionLabel?.trim() ?? ''
  const ready = personId !== undefined && personId > 0 && occasion !== ''
  const query = useQuery(
    trpc.recommendations.forPerson.queryOptions(
      ready
        ? { personId, occasion, count: RECOMMENDATION_COUNT.default, ...(debug ? { debug: true } : {}) }
        : skipToken,
      { staleTime: 0, gcTime: 0, retry: 1, refetchOnWindowFocus: false },
    ),
  )
  useEffect(() => {
    if (query.data?.debugInfo) console.log('Recommendations debugInfo', query.data.debugInfo)
  }, [query.data])
  useEffect(() => {
    if (!query.error) return
    const { status, body } = statusOf(query.error)
    console.error(RECOMMENDATION_UI.fetchFailed(status, body))
  }, [query.error])
  return query
}
