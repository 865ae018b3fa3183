import { skipToken } from '@tanstack/react-query'
import type { TRPC } from '../../lib/trpc'
import { apiErrorCode } from '../../lib/api-errors'

/** Liked lists are stale after 60 s (spec account-area §7, §9). */
const LIKES_STALE_MS = 60_000

/** Whether a call failed because nobody is signed in (a 401: "not logged in", not an error). */
export function isUnauthorized(error: unknown): boolean {
  return apiErrorCode(error) === 'UNAUTHORIZED'
}

/** Up to 3 retries, none for a 401 (spec account-area §7 GET /api/get-liked-products). */
function retryUnlessUnauthorized(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && !isUnauthorized(error)
}

/** The user's liked products with their associations (GET /api/get-liked-products). */
export function likedProductsQueryOptions(trpc: TRPC) {
  return trpc.likes.list.queryOptions(undefined, { staleTime: LIKES_STALE_MS, retry: retryUnlessUnauthorized })
}

/** Shop ids of the liked products: what every like button reads. */
export function likedProductIdsQueryOptions(trpc: TRPC) {
  return trpc.likes.productIds.queryOptions(undefined, { staleTime: LIKES_STALE_MS, retry: retryUnlessUnauthorized })
}

/** One like's associations (GET /api/product-like-associations/{productLikeId}). */
export function associationsQueryOptions(trpc: TRPC, productLikeId: number) {
  return trpc.likes.associations.queryOptions({ productLikeId }, { staleTime: LIKES_STALE_MS })
}

/**
 * Liked products for a person and an occasion (the Person page): fetched only when the person id
 * is non-zero and the occasion label non-empty (spec account-area §4).
 */
export function personOccasionLikesQueryOptions(trpc: TRPC, personId: number, occasionLabel: string) {
  const ready = personId > 0 && occasionLabel.trim() !== ''
  return trpc.likes.forPersonOccasion.queryOptions(ready ? { personId, occasionLabel } : skipToken, {
    staleTime: LIKES_STALE_MS,
    retry: retryUnlessUnauthorized,
  })
}
