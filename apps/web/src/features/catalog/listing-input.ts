import { DEFAULT_PAGE_SIZE, type ProductListInput, type SortOrder } from '@presently/domain'
import type { CategoryFilter } from './category-names'
import { parseListingSearch } from './listing-search'
import { randomSeed } from './sort-order'

/** What a listing shows: a search text, a promo and/or a category filter. */
export type ListingFilter = CategoryFilter & { search?: string; promoId?: number }

/**
 * The products.list input of a listing's page: page, page size and price band from the URL's
 * search params (`search`, as the router parsed them), the sort order the user chose (null: the
 * server's default) with this tab's seed for "random", and the listing's filter. useListing and
 * the category route's loader (which starts the read beside the page's chunk) share it, so both
 * ask for the same query.
 */
export function listingInput(
  search: Record<string, unknown>,
  filter: ListingFilter,
  sort: SortOrder | null,
): ProductListInput & { promoId?: number } {
  const { page = 1, limit = DEFAULT_PAGE_SIZE, minPrice, maxPrice } = parseListingSearch(search)
  return {
    page,
    limit,
    includeVariants: false,
    ...(sort ? { sort } : {}),
    ...(sort === 'random' ? { seed: randomSeed() } : {}),
    ...filter,
    ...(minPrice !== undefined && maxPrice !== undefined ? { minPrice, maxPrice } : {}),
  }
}
