import { Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { CategoryBreadcrumb } from '../../features/catalog/category-breadcrumb'
import {
  CATEGORY_ROUTE,
  categoryFilter,
  categoryParams,
  productCategoryLevels,
  slugsToCategories,
  titleCase,
} from '../../features/catalog/category-names'
import { findCategoryPath } from '../../features/catalog/category-path'
import { CategoryTreePanel } from '../../features/catalog/category-tree'
import { ListingPage } from '../../features/catalog/listing-page'
import { MoreGiftIdeas, THIN_CATEGORY_SIZE } from '../../features/catalog/more-gift-ideas'
import { parseListingSearch, type ListingSearch } from '../../features/catalog/listing-search'
import { categoryTreeQueryOptions, productListQueryOptions } from '../../features/catalog/query-options'
import { listingInput } from '../../features/catalog/listing-input'
import { readStoredSort } from '../../features/catalog/sort-order'
import { StatusMessage } from '../../features/catalog/status-message'
import { useListing } from '../../features/catalog/use-listing'
import { useTRPC } from '../../lib/trpc'
import { ButtonLink } from '../../lib/links'
import { pageTitle } from '../../lib/page-title'

/** Category listing: a name and up to three sub-levels as slug segments (spec browsing-and-purchase §2). */
export const Route = createFileRoute('/category/$level0/{-$level1}/{-$level2}/{-$level3}')({
  head: () => ({ meta: [{ title: pageTitle('Category') }] }),
  validateSearch: (search: Record<string, unknown>): ListingSearch => parseListingSearch(search),
  // The page's products are asked for beside the page's chunk instead of after it (LCP): the same
  // query useListing then reads. Not awaited, so the page renders as before (skeletons first).
  loader: ({ context, params, location }) => {
    const slugs = [params.level0, params.level1, params.level2, params.level3].filter((slug): slug is string => !!slug)
    const input = listingInput(location.search, categoryFilter(slugsToCategories(slugs)), readStoredSort())
    void context.queryClient.prefetchQuery(productListQueryOptions(context.trpc, input))
    // The category tree too (cached an hour): the server's first view then renders in one pass.
    void context.queryClient.prefetchQuery(categoryTreeQueryOptions(context.trpc))
  },
  component: CategoryPage,
})

function CategoryPage() {
  const trpc = useTRPC()
  const { level0, level1, level2, level3 } = Route.useParams()
  const { limit } = Route.useSearch()
  const slugs = [level0, level1, level2, level3].filter((slug): slug is string => !!slug)
  // Slugs read back upper-cased (spec §4); the server matches them case-insensitively.
  const requested = slugsToCategories(slugs)
  const listing = useListing(categoryFilter(requested))
  const tree = useQuery(categoryTreeQueryOptions(trpc))

  // The catalog's own spelling ("Die-Cast & Toy Vehicles") from the tree, else from a product.
  const path = tree.data ? findCategoryPath(tree.data.categories, requested) : null
  const first = listing.query.data?.products[0]
  const fromProduct = first ? productCategoryLevels(first).slice(0, requested.length) : []
  const levels = path
    ? path.map((node) => node.name)
    : fromProduct.length === requested.length
      ? fromProduct
      : requested.map(titleCase)
  const heading = levels[levels.length - 1] ?? ''
  // A category too small to browse on its own gets the shop's popular gifts below it.
  const thin = listing.totalWithoutBand !== undefined && listing.totalWithoutBand < THIN_CATEGORY_SIZE

  // Not in the tree and nothing listed: no such category.
  const unknown = tree.isSuccess && path === null && listing.query.isSuccess && listing.query.data.total === 0
  if (unknown) {
    return (
      <PageContainer>
        <StatusMessage
          order={1}
          title="Category Not Found"
          action={
            <ButtonLink to="/" variant="light">
              Back to home
            </ButtonLink>
          }
        >
          No products found in this category
        </StatusMessage>
      </PageContainer>
    )
  }

  return (
    <ListingPage
      breadcrumb={<CategoryBreadcrumb levels={levels} />}
      header={
        <Title order={1} mb="lg">
          {heading}
        </Title>
      }
      listing={listing}
      heading={`Gift ideas in ${heading}`}
      after={thin ? <MoreGiftIdeas excludeLevels={levels} /> : null}
      categories={
        <CategoryTreePanel
          nodes={tree.data?.categories}
          isPending={tree.isPending}
          isError={tree.isError}
          onRetry={() => void tree.refetch()}
          selected={requested}
          renderLink={({ levels: nodeLevels, className, active, children }) => (
            <Link
              to={CATEGORY_ROUTE}
              params={categoryParams(nodeLevels)}
              // The page size carries over; page and price band start again (spec §4).
              search={{ limit }}
              className={className}
              data-active={active || undefined}
              aria-current={active ? 'page' : undefined}
            >
              {children}
            </Link>
          )}
        />
      }
      empty={(clearPrice) => (
        <StatusMessage
          title="No products found in this category"
          action={
            clearPrice ?? (
              <ButtonLink to="/" variant="light">
                Back to home
              </ButtonLink>
            )
          }
        >
          {clearPrice ? 'Try a wider price range.' : 'Try another category.'}
        </StatusMessage>
      )}
    />
  )
}
