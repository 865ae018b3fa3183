import { skipToken, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { LIKED_PAGE_SIZE, type LikedProduct, type LikedProductsPage } from '@presently/domain'
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

/**
 * The Liked Products page's list, 48 likes per page through `likes.page` (issue 24): the page
 * never loads the user's whole history to show a part of it; "Show more" fetches the next page.
 */
export function likedProductsPagesQueryOptions(trpc: TRPC) {
  return trpc.likes.page.infiniteQueryOptions(
    { limit: LIKED_PAGE_SIZE },
    {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      staleTime: LIKES_STALE_MS,
      retry: retryUnlessUnauthorized,
    },
  )
}

/**
 * Applies `change` to every loaded like of the paged list (null removes the like, and counts
 * it out of `total`): optimistic unlikes and saved associations show at once.
 */
export function updateLikedPages(
  queryClient: QueryClient,
  trpc: TRPC,
  change: (like: LikedProduct) => LikedProduct | null,
): void {
  queryClient.setQueriesData<InfiniteData<LikedProductsPage>>(trpc.likes.page.pathFilter(), (data) => {
    if (!data) return data
    let removed = 0
    const pages = data.pages.map((page) => {
      const items: LikedProduct[] = []
      for (const like of page.items) {
        const next = change(like)
        if (next) items.push(next)
        else removed++
      }
      return { ...page, items }
    })
    return { ...data, pages: pages.map((page) => ({ ...page, total: page.total - removed })) }
  })
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
