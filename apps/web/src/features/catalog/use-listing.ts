import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { DEFAULT_PAGE_SIZE, type ProductListInput, type SortOrder } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import type { CategoryFilter } from './category-names'
import { parseListingSearch } from './listing-search'
import { productListQueryOptions } from './query-options'
import { scrollToGiftIdeas } from './scroll'
import { randomSeed, useSortOrder } from './sort-order'

/** What a listing shows: a search text and/or a category filter. */
export type ListingFilter = CategoryFilter & { search?: string }

/**
 * State of a product listing: page and page size from the URL (?page=2&limit=24), sort order
 * from local storage, and the products.list query of that page.
 *
 * The page resets to 1 when the sort or the page size changes (here), and when the category,
 * search or route changes (those are new URLs without ?page) — spec browsing-and-purchase §4.
 */
export function useListing(filter: ListingFilter) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const raw: Record<string, unknown> = useSearch({ strict: false })
  const { page = 1, limit = DEFAULT_PAGE_SIZE } = parseListingSearch(raw)
  const [sort, setSortOrder] = useSortOrder()

  // Without a chosen sort none is sent: the server's default order (A-Z, or relevance for a search).
  const input: ProductListInput = {
    page,
    limit,
    includeVariants: false,
    ...(sort ? { sort } : {}),
    ...(sort === 'random' ? { seed: randomSeed() } : {}),
    ...filter,
  }
  const query = useQuery(productListQueryOptions(trpc, input))

  const updateSearch = (next: { page?: number; limit?: number }) =>
    navigate({
      to: '.',
      search: (prev) => ({ ...prev, ...next }),
      // The listing scrolls itself, smoothly, to the gift-ideas section.
      resetScroll: false,
    })

  const setPage = (next: number) => {
    void updateSearch({ page: next > 1 ? next : undefined })
    scrollToGiftIdeas()
  }
  const setPageSize = (next: number) => {
    void updateSearch({ page: undefined, limit: next === DEFAULT_PAGE_SIZE ? undefined : next })
  }
  const setSort = (next: SortOrder | null) => {
    setSortOrder(next)
    void updateSearch({ page: undefined })
  }

  return { query, page, pageSize: limit, sort, bestMatch: !!filter.search, setPage, setPageSize, setSort }
}

export type ListingState = ReturnType<typeof useListing>
