import { Box, Button, SimpleGrid, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { ListingPagination } from './listing-pagination'
import { ListingToolbar } from './listing-toolbar'
import { ProductCard, ProductCardSkeleton } from './product-card'
import { GIFT_IDEAS_ID } from './scroll'
import { ListingError, StatusMessage } from './status-message'
import type { ListingState } from './use-listing'

/** Loading shows 8 skeleton cards (spec browsing-and-purchase §2 "Listing pages"). */
const SKELETON_COUNT = 8

interface ProductListingProps {
  listing: ListingState
  /** Shown when nothing matches (total 0). */
  empty: ReactNode
  /** The visible heading of the gift-ideas section. */
  heading?: string
}

/**
 * The gift-ideas section of a listing page: toolbar, a grid of product cards (or skeletons,
 * an error or an empty state), and pagination when the total exceeds the page size.
 */
export function ProductListing({ listing, empty, heading = 'Gift ideas' }: ProductListingProps) {
  const { query, pageSize, sort, bestMatch, setPage, setPageSize, setSort } = listing
  const data = query.data

  let content: ReactNode
  if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md', lg: 'lg' }}>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    )
  } else if (query.isError) {
    content = <ListingError onRetry={() => void query.refetch()} />
  } else if (data && data.total === 0) {
    content = empty
  } else if (data && data.products.length === 0) {
    // A page past the end, e.g. an old link after the catalog shrank.
    content = (
      <StatusMessage
        title={`There is no page ${data.page}`}
        action={
          <Button variant="light" onClick={() => setPage(1)}>
            Go to page 1
          </Button>
        }
      >
        This list has {data.totalPages} {data.totalPages === 1 ? 'page' : 'pages'}.
      </StatusMessage>
    )
  } else if (data) {
    content = (
      <>
        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 4 }}
          spacing={{ base: 'sm', sm: 'md', lg: 'lg' }}
          data-testid="product-grid"
        >
          {data.products.map((product) => (
            <ProductCard key={product.id} product={product} />
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
        total={data?.total}
        sort={sort}
        onSortChange={setSort}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        bestMatch={bestMatch}
      />
      {content}
    </Box>
  )
}
