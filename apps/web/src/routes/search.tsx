import { Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../features/layout/page-container'
import { categoryFilter } from '../features/catalog/category-names'
import { parseListingSearch, textParam, type ListingSearch } from '../features/catalog/listing-search'
import { ProductListing } from '../features/catalog/product-listing'
import { StatusMessage } from '../features/catalog/status-message'
import { useListing } from '../features/catalog/use-listing'
import { ButtonLink } from '../lib/links'

interface SearchPageSearch extends ListingSearch {
  q?: string
  category_name?: string
  category_level1?: string
  category_level2?: string
  category_level3?: string
}

/** /search?q=... with the optional category fields of spec browsing-and-purchase §2. */
export const Route = createFileRoute('/search')({
  head: () => ({ meta: [{ title: 'Search' }] }),
  validateSearch: (search: Record<string, unknown>): SearchPageSearch => ({
    ...parseListingSearch(search),
    q: textParam(search.q),
    category_name: textParam(search.category_name) || undefined,
    category_level1: textParam(search.category_level1) || undefined,
    category_level2: textParam(search.category_level2) || undefined,
    category_level3: textParam(search.category_level3) || undefined,
  }),
  component: SearchPage,
})

function SearchPage() {
  const search = Route.useSearch()
  const q = search.q?.trim() ?? ''
  if (!q) {
    return (
      <PageContainer>
        <Title order={1} mb="sm">
          Search Results
        </Title>
        <Text c="dimmed">Please enter a search term to find products.</Text>
      </PageContainer>
    )
  }
  return <SearchResults q={q} search={search} />
}

function SearchResults({ q, search }: { q: string; search: SearchPageSearch }) {
  // Category levels count only from the name down, without gaps.
  const present: string[] = []
  for (const level of [search.category_name, search.category_level1, search.category_level2, search.category_level3]) {
    if (!level) break
    present.push(level)
  }
  const listing = useListing({ search: q, ...categoryFilter(present) })
  return (
    <PageContainer>
      <Stack gap={4} mb="lg">
        <Title order={1}>Search Results</Title>
        <Text c="dimmed">
          for &ldquo;{q}&rdquo;
          {present.length > 0 ? ` in ${present.join(' > ')}` : ''}
        </Text>
      </Stack>
      <ProductListing
        listing={listing}
        heading={`Gift ideas matching ${q}`}
        empty={
          <StatusMessage
            title="No products found"
            action={
              <ButtonLink to="/" variant="light">
                Browse categories
              </ButtonLink>
            }
          >
            Nothing matched &ldquo;{q}&rdquo;. Try a different or shorter search term.
          </StatusMessage>
        }
      />
    </PageContainer>
  )
}
