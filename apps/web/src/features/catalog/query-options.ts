import type { ProductListInput } from '@presently/domain'
import { isAffiliateId } from '@presently/domain'
import type { TRPC } from '../../lib/trpc'
import { isNotFound } from '../../lib/api-errors'

/*
 * Caching of catalog data (spec browsing-and-purchase §9). The app's defaults (lib/query-client.ts)
 * are the spec's "generic fetches"; catalog reads override them here.
 */

const FIVE_MINUTES = 5 * 60_000
const ONE_HOUR = 60 * 60_000

/** Product lists: fresh for 5 minutes, one retry, no refetch on window focus or reconnect. */
const PRODUCT_LIST_CACHE = {
  staleTime: FIVE_MINUTES,
  retry: 1,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const

/** One retry, except for "not found": that answer is final. */
function retryOnceUnlessNotFound(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isNotFound(error)
}

/** One page of a listing (products.list). */
export function productListQueryOptions(trpc: TRPC, input: ProductListInput & { promoId?: number }) {
  return trpc.products.list.queryOptions(input, PRODUCT_LIST_CACHE)
}

/** The highest price in the catalog: bounds the price slider until a listing reports its own range. Cached 1 hour. */
export function maxPriceQueryOptions(trpc: TRPC) {
  return trpc.products.maxPrice.queryOptions(undefined, {
    staleTime: ONE_HOUR,
    gcTime: ONE_HOUR,
    retry: 1,
    refetchOnWindowFocus: false,
  })
}

/** The whole category tree: cached 60 minutes and not refetched on window focus. */
export function categoryTreeQueryOptions(trpc: TRPC) {
  return trpc.categories.tree.queryOptions(undefined, {
    staleTime: ONE_HOUR,
    gcTime: ONE_HOUR,
    retry: 1,
    refetchOnWindowFocus: false,
  })
}

/** Categories of a search's results with counts: cached 5 minutes. */
export function searchCategoriesQueryOptions(trpc: TRPC, q: string) {
  return trpc.categories.searchWithCounts.queryOptions(
    { q },
    { staleTime: FIVE_MINUTES, retry: 1, refetchOnWindowFocus: false },
  )
}

/** Categories of a promo's products with counts: cached 5 minutes. */
export function promoCategoriesQueryOptions(trpc: TRPC, promoId: number) {
  return trpc.categories.promoWithCounts.queryOptions(
    { promoId },
    { staleTime: FIVE_MINUTES, retry: 1, refetchOnWindowFocus: false },
  )
}

/** A promo by its URL name: cached 5 minutes, one retry (none for an unknown name). */
export function promoByNameQueryOptions(trpc: TRPC, name: string) {
  return trpc.promos.byName.queryOptions(
    { name },
    { staleTime: FIVE_MINUTES, retry: retryOnceUnlessNotFound, refetchOnWindowFocus: false },
  )
}

/**
 * One product by the id in its URL. Ids of 5 or more digits are affiliate-network ids and are
 * read with type "aw" (spec browsing-and-purchase §5, §7). A miss is final, so it is not retried.
 */
export function productQueryOptions(trpc: TRPC, id: number) {
  return trpc.products.byId.queryOptions(isAffiliateId(id) ? { id, type: 'aw' } : { id }, {
    ...PRODUCT_LIST_CACHE,
    retry: retryOnceUnlessNotFound,
  })
}

/** The sanitised HTML description of a product, by its affiliate-network id. */
export function formattedDescriptionQueryOptions(trpc: TRPC, awProductId: number) {
  return trpc.products.formattedDescription.queryOptions(
    { awProductId },
    { ...PRODUCT_LIST_CACHE, retry: retryOnceUnlessNotFound },
  )
}

/** Whether a product (shop id) belongs to a variant group. */
export function variantStatusQueryOptions(trpc: TRPC, productId: number) {
  return trpc.variants.status.queryOptions({ id: productId }, { ...PRODUCT_LIST_CACHE, retry: retryOnceUnlessNotFound })
}

/** The variant group of a product (shop id); only asked for when its status says it is a variant. */
export function variantGroupQueryOptions(trpc: TRPC, productId: number, enabled: boolean) {
  return trpc.variants.group.queryOptions(
    { id: productId },
    { ...PRODUCT_LIST_CACHE, retry: retryOnceUnlessNotFound, enabled },
  )
}
