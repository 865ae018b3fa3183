import { Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { CategoryBreadcrumb } from '../../features/catalog/category-breadcrumb'
import {
  categoryFilter,
  productCategoryLevels,
  slugsToCategories,
  titleCase,
} from '../../features/catalog/category-names'
import { parseListingSearch, type ListingSearch } from '../../features/catalog/listing-search'
import { ProductListing } from '../../features/catalog/product-listing'
import { StatusMessage } from '../../features/catalog/status-message'
import { useListing } from '../../features/catalog/use-listing'
import { ButtonLink } from '../../lib/links'

/** Category listing: a name and up to three sub-levels as slug segments (spec browsing-and-purchase §2). */
export const Route = createFileRoute('/category/$level0/{-$level1}/{-$level2}/{-$level3}')({
  head: () => ({ meta: [{ title: 'Category' }] }),
  validateSearch: (search: Record<string, unknown>): ListingSearch => parseListingSearch(search),
  component: CategoryPage,
})

function CategoryPage() {
  const { level0, level1, level2, level3 } = Route.useParams()
  const slugs = [level0, level1, level2, level3].filter((slug): slug is string => !!slug)
  // Slugs read back upper-cased (spec §4); the server matches them case-insensitively.
  const requested = slugsToCategories(slugs)
  const listing = useListing(categoryFilter(requested))

  // Prefer the catalog's own spelling ("Arts & Crafts") once products are in.
  const first = listing.query.data?.products[0]
  const names = first ? productCategoryLevels(first).slice(0, requested.length) : []
  const levels = names.length === requested.length ? names : requested.map(titleCase)
  const heading = levels[levels.length - 1] ?? ''

  return (
    <PageContainer>
      <CategoryBreadcrumb levels={levels} />
      <Title order={1} mb="lg">
        {heading}
      </Title>
      <ProductListing
        listing={listing}
        heading={`Gift ideas in ${heading}`}
        empty={
          <StatusMessage
            title="Category Not Found"
            action={
              <ButtonLink to="/" variant="light">
                Back to home
              </ButtonLink>
            }
          >
            No products found in this category
          </StatusMessage>
        }
      />
    </PageContainer>
  )
}
