import type { ProductListInput } from '@presently/domain'
import { isAffiliateId } from '@presently/domain'
import type { TRPC } from '../../lib/trpc'

/**
 * Caching of catalog data (spec browsing-and-purchase §9): fresh for 5 minutes, one retry,
 * no refetch on window focus or reconnect.
 */
const CATALOG_CACHE = {
  staleTime: 5 * 60_000,
  retry: 1,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const

/** One page of a listing (products.list). */
export function productListQueryOptions(trpc: TRPC, input: ProductListInput) {
  return trpc.products.list.queryOptions(input, CATALOG_CACHE)
}

/**
 * One product by the id in its URL. Ids of 5 or more digits are affiliate-network ids and are
 * read with type "aw" (spec browsing-and-purchase §5, §7). A miss is final, so it is not retried.
 */
export function productQueryOptions(trpc: TRPC, id: number) {
  return trpc.products.byId.queryOptions(isAffiliateId(id) ? { id, type: 'aw' } : { id }, {
    ...CATALOG_CACHE,
    retry: false,
  })
}
