import { Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageContainer } from '../features/layout/page-container'
import { Breadcrumb } from '../features/catalog/category-breadcrumb'
import { categoryFilter } from '../features/catalog/category-names'
import { findCategoryPath } from '../features/catalog/category-path'
import { CategoryTreePanel } from '../features/catalog/category-tree'
import { ClearCategoryFilter } from '../features/catalog/clear-category-filter'
import { ListingPage } from '../features/catalog/listing-page'
import {
  categorySearchLevels,
  categorySearchOf,
  parseCategorySearch,
  parseListingSearch,
  textParam,
  type CategorySearch,
  type ListingSearch,
} from '../features/catalog/listing-search'
import { searchCategoriesQueryOptions } from '../features/catalog/query-options'
import { StatusMessage } from '../features/catalog/status-message'
import { useListing } from '../features/catalog/use-listing'
import { AnchorLink, ButtonLink } from '../lib/links'
import { useTRPC } from '../lib/trpc'
import { pageTitle } from '../lib/page-title'

interface SearchPageSearch extends ListingSearch, CategorySearch {
  q?: string
}

/** /search?q=... with the optional category fields of spec browsing-and-purchase §2. */
export const Route = createFileRoute('/search')({
  head: () => ({ meta: [{ title: pageTitle('Search') }] }),
  validateSearch: (search: Record<string, unknown>): SearchPageSearch => ({
    ...parseListingSearch(search),
    q: textParam(search.q),
    ...parseCategorySearch(search),
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
  const trpc = useTRPC()
  // Category levels count only from the name down, without gaps.
  const requested = categorySearchLevels(search)
  const listing = useListing({ search: q, ...categoryFilter(requested) })
  const categories = useQuery(searchCategoriesQueryOptions(trpc, q))
  // "Did you mean lego?" (issue 26): the server's correction from the catalog's own words.
  const suggestion = listing.query.data?.suggestion ?? null
  // A gift question ("gift for grandad under £20", issue 26): the server says how it read it.
  const giftQuestion = listing.query.data?.giftQuestion ?? null

  // The tree's spelling of the chosen category, when it is there.
  const path = categories.data ? findCategoryPath(categories.data.tree, requested) : null
  const levels = path ? path.map((node) => node.name) : requested

  const searchLink =
    (categoryLevels: readonly string[]) =>
    (children: ReactNode): ReactNode => (
      <AnchorLink to="/search" search={{ q, limit: search.limit, ...categorySearchOf(categoryLevels) }} size="sm">
        {children}
      </AnchorLink>
    )

  return (
    <ListingPage
      breadcrumb={
        <Breadcrumb
          items={[
            { label: 'Search Results', link: levels.length > 0 ? searchLink([]) : undefined },
            ...levels.map((level, index) => ({
              label: level,
              link: index < levels.length - 1 ? searchLink(levels.slice(0, index + 1)) : undefined,
            })),
          ]}
        />
      }
      header={
        <Stack gap={4} mb="lg">
          <Title order={1}>Search Results</Title>
          <Text c="dimmed">
            for &ldquo;{q}&rdquo;
            {levels.length > 0 ? ` in ${levels.join(' > ')}` : ''}
          </Text>
          {giftQuestion ? (
            <Text data-testid="gift-question-line" fw={600}>
              {giftQuestion.line}
            </Text>
          ) : null}
          {suggestion ? (
            <Text data-testid="search-suggestion">
              Did you mean{' '}
              <AnchorLink to="/search" search={{ q: suggestion, limit: search.limit }} fw={700}>
                {suggestion}
              </AnchorLink>
              ?
            </Text>
          ) : null}
        </Stack>
      }
      listing={listing}
      heading={`Gift ideas matching ${q}`}
      categories={
        <CategoryTreePanel
          nodes={categories.data?.tree}
          counts={categories.data?.counts}
          isPending={categories.isPending}
          isError={categories.isError}
          onRetry={() => void categories.refetch()}
          selected={requested}
          renderLink={({ levels: nodeLevels, className, active, children }) => (
            <Link
              to="/search"
              // Selecting a category reloads the results filtered by it; page and price start again.
              search={{ q, limit: search.limit, ...categorySearchOf(nodeLevels) }}
              className={className}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
            >
              {children}
            </Link>
          )}
        />
      }
      categoriesAction={requested.length > 0 ? <ClearCategoryFilter /> : undefined}
      categoryFiltered={requested.length > 0}
      empty={(clearPrice) =>
        requested.length > 0 ? (
          <StatusMessage title="No products found in this category" action={clearPrice ?? <ClearCategoryFilter />}>
            Nothing in {levels.join(' > ')} matched &ldquo;{q}&rdquo;.
          </StatusMessage>
        ) : (
          <StatusMessage
            title="No products found"
            action={
              clearPrice ?? (
                <ButtonLink to="/" variant="light">
                  Browse categories
                </ButtonLink>
              )
            }
          >
            Nothing matched &ldquo;{q}&rdquo;
            {clearPrice ? ' in this price range' : ''}. Try a different or shorter search term.
          </StatusMessage>
        )
      }
    />
  )
}
