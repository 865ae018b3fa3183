import { Box, Button, SimpleGrid, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { ListingPagination } from './listing-pagination'
import { ListingToolbar } from './listing-toolbar'
import { ProductCard, ProductCardSkeleton } from './product-card'
import { WithProductCardActions } from './product-actions'
import { GIFT_IDEAS_ID } from './scroll'
import { ListingError, StatusMessage } from './status-message'
import type { ListingState } from './use-listing'

/** Loading shows 8 skeleton cards (spec browsing-and-purchase §2 "Listing pages"). */
const SKELETON_COUNT = 8
const GRID_COLS = { base: 2, md: 3 }
/** Cards in the first row on the widest layout. */
const ABOVE_THE_FOLD = 3
const GRID_SPACING = { base: 'sm', sm: 'md' }

interface ProductListingProps {
  listing: ListingState
  /**
   * Shown when nothing matches (total 0). With a price band applied it receives a "Clear price
   * filter" button to offer.
   */
  empty: (clearPrice: ReactNode) => ReactNode
  /** The visually hidden heading of the gift-ideas section. */
  heading?: string
  /** Below 768 px: opens the filters drawer (sort moves there). */
  onOpenFilters?: () => void
  /** How many filters are applied (for the Filters button). */
  activeFilters?: number
  /** A page-specific state for a failed list (else "Oops! Something went wrong"). */
  renderError?: (error: unknown) => ReactNode
}

/**
 * The gift-ideas section of a listing page: toolbar, a grid of product cards (or skeletons,
 * an error or an empty state), and pagination when the total exceeds the page size.
 */
export function ProductListing({
  listing,
  empty,
  heading = 'Gift ideas',
  onOpenFilters,
  activeFilters,
  renderError,
}: ProductListingProps) {
  const {
    query,
    pageSize,
    sort,
    defaultSortLabel,
    band,
    totalWithoutBand,
    setPage,
    setPageSize,
    setSort,
    setPriceBand,
  } = listing

  let content: ReactNode
  if (query.isPending) {
    content = (
      <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING} aria-busy="true">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    )
  } else if (query.isError) {
    content = renderError?.(query.error) ?? <ListingError error={query.error} onRetry={() => void query.refetch()} />
  } else if (query.data.total === 0) {
    content = empty(
      band ? (
        <Button variant="light" onClick={() => setPriceBand(null)}>
          Clear price filter
        </Button>
      ) : null,
    )
  } else if (query.data.products.length === 0) {
    const { page, totalPages } = query.data
    // A page past the end, e.g. an old link after the catalog shrank.
    content = (
      <StatusMessage
        title={`There is no page ${page}`}
        action={
          <Button variant="light" onClick={() => setPage(1)}>
            Go to page 1
          </Button>
        }
      >
        This list has {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
      </StatusMessage>
    )
  } else {
    const data = query.data
    content = (
      <>
        <SimpleGrid cols={GRID_COLS} spacing={GRID_SPACING} data-testid="product-grid">
          {data.products.map((product, index) => (
            <WithProductCardActions key={product.id} product={product}>
              {/* The first row is above the fold: its images load at once, the rest lazily. */}
              <ProductCard product={product} priority={index < ABOVE_THE_FOLD} />
            </WithProductCardActions>
          ))}
        </SimpleGrid>
        {data.total > data.itemsPerPage ? (
          <ListingPagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} />
        ) : null}
      </>
    )
  }

  return (
    <Box component="section" id={GIFT_IDEAS_ID} aria-labelledby="gift-ideas-heading" style={{ scrollMarginTop: 96 }}>
      <Title order={2} id="gift-ideas-heading" className="visually-hidden">
        {heading}
      </Title>
      <ListingToolbar
        total={query.data?.total}
        band={band}
        totalWithoutBand={totalWithoutBand}
        sort={sort}
        onSortChange={setSort}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        defaultSortLabel={defaultSortLabel}
        onOpenFilters={onOpenFilters}
        activeFilters={activeFilters}
      />
      {content}
    </Box>
  )
}
