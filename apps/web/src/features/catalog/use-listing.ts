import { useState, useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { DEFAULT_PAGE_SIZE, type SortOrder } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { listingInput, type ListingFilter } from './listing-input'
import { parseListingSearch } from './listing-search'
import { priceBounds, type PriceBand, type PriceBounds } from './price-band'
import { maxPriceQueryOptions, productListQueryOptions } from './query-options'
import { scrollToGiftIdeas } from './scroll'
import { useSortOrder } from './sort-order'

export type { ListingFilter }

/** The listing's price range as last reported for one filter (it does not depend on page, sort or band). */
interface KnownRange {
  key: string
  minPrice: number
  maxPrice: number
}

/**
 * State of a product listing: page, page size and price band from the URL
 * (?page=2&limit=24&minPrice=10&maxPrice=50), sort order from local storage, and the
 * products.list query of that page.
 *
 * The page resets to 1 when the sort, the page size or the price band changes (here), and when
 * the category, search or route changes (those are new URLs without ?page) — spec
 * browsing-and-purchase §4.
 */
export function useListing(filter: ListingFilter) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const raw: Record<string, unknown> = useSearch({ strict: false })
  const { page = 1, limit = DEFAULT_PAGE_SIZE, minPrice, maxPrice } = parseListingSearch(raw)
  const band: PriceBand | null = minPrice !== undefined && maxPrice !== undefined ? { minPrice, maxPrice } : null
  const [sort, setSortOrder] = useSortOrder()

  // Without a chosen sort none is sent: the server's default order (A-Z, relevance, or the promo's own).
  const input = listingInput(raw, filter, sort)
  const query = useQuery(productListQueryOptions(trpc, input))

  // With a band applied, "Showing N of M" needs M, the total without the band: the smallest
  // page of the same filter gives it (and the price range), and stays cached across pages and sorts.
  const unbanded = useQuery({
    ...productListQueryOptions(trpc, { page: 1, limit: 1, includeVariants: false, ...filter }),
    enabled: band !== null,
  })

  // The slider's bounds are the filter's real price range (the server reports it before the band,
  // spec §5). It is kept while another page of the same filter loads, so the slider does not jump.
  const filterKey = JSON.stringify(filter)
  const reported = query.data?.priceRange ?? unbanded.data?.priceRange
  const [known, setKnown] = useState<KnownRange | null>(null)
  if (
    reported &&
    (known?.key !== filterKey || known.minPrice !== reported.minPrice || known.maxPrice !== reported.maxPrice)
  ) {
    setKnown({ key: filterKey, ...reported })
  }
  const range = reported ?? (known?.key === filterKey ? known : undefined)
  // Only when the listing has not reported its range yet (spec §7: max-price is fetched only then).
  const maxPriceQuery = useQuery({ ...maxPriceQueryOptions(trpc), enabled: !range })
  // spec browsing-and-purchase §8/§9: a failed max price falls back to the 0..1000 default.
  useEffect(() => {
    if (maxPriceQuery.isError) console.error('Failed to fetch max price', maxPriceQuery.error)
  }, [maxPriceQuery.isError, maxPriceQuery.error])
  const bounds: PriceBounds = priceBounds(range, maxPriceQuery.data?.maxPrice)

  const totalWithoutBand = band ? unbanded.data?.total : query.data?.total

  const updateSearch = (next: { page?: number; limit?: number; minPrice?: number; maxPrice?: number }) =>
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
  /** Applies a price band (null clears it); the page goes back to 1. */
  const setPriceBand = (next: PriceBand | null) => {
    void updateSearch({ page: undefined, minPrice: next?.minPrice, maxPrice: next?.maxPrice })
  }
  /** Applies a sort and/or a price band at once (the filters drawer); undefined leaves one as it is. */
  const applyFilters = (next: { sort?: SortOrder | null; band?: PriceBand | null }) => {
    if (next.sort !== undefined) setSortOrder(next.sort)
    void updateSearch({
      page: undefined,
      ...(next.band !== undefined ? { minPrice: next.band?.minPrice, maxPrice: next.band?.maxPrice } : {}),
    })
  }

  return {
    query,
    page,
    pageSize: limit,
    sort,
    /** The server's own order when no sort is chosen: relevance for a search, the promo's order for a promo. */
    defaultSortLabel: filter.search ? 'Best match' : filter.promoId !== undefined ? 'Featured' : null,
    band,
    bounds,
    /** Products matching the filter without the price band; undefined while unknown. */
    totalWithoutBand,
    setPage,
    setPageSize,
    setSort,
    setPriceBand,
    applyFilters,
  }
}

export type ListingState = ReturnType<typeof useListing>
