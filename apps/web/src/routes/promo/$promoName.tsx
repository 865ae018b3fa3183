import { Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageContainer } from '../../features/layout/page-container'
import { Breadcrumb } from '../../features/catalog/category-breadcrumb'
import { categoryFilter } from '../../features/catalog/category-names'
import { findCategoryPath } from '../../features/catalog/category-path'
import { CategoryTreePanel } from '../../features/catalog/category-tree'
import { ClearCategoryFilter } from '../../features/catalog/clear-category-filter'
import { ListingPage } from '../../features/catalog/listing-page'
import {
  categorySearchLevels,
  categorySearchOf,
  parseCategorySearch,
  parseListingSearch,
  type CategorySearch,
  type ListingSearch,
} from '../../features/catalog/listing-search'
import { PromotionNotFound } from '../../features/catalog/promotion-not-found'
import { promoByNameQueryOptions, promoCategoriesQueryOptions } from '../../features/catalog/query-options'
import { ListingError, StatusMessage } from '../../features/catalog/status-message'
import { useListing } from '../../features/catalog/use-listing'
import { isNotFound } from '../../lib/api-errors'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { pageTitle } from '../../lib/page-title'

type PromoPageSearch = ListingSearch & CategorySearch

/** Promotion listing (spec browsing-and-purchase §2): the promo by its URL name, then its products. */
export const Route = createFileRoute('/promo/$promoName')({
  head: () => ({ meta: [{ title: pageTitle('Promotion') }] }),
  validateSearch: (search: Record<string, unknown>): PromoPageSearch => ({
    ...parseListingSearch(search),
    ...parseCategorySearch(search),
  }),
  component: PromoPage,
})

interface Promo {
  id: number
  name: string
  title: string
  description: string
}

function PromoPage() {
  const trpc = useTRPC()
  const { promoName } = Route.useParams()
  const name = promoName.trim()
  const promo = useQuery({ ...promoByNameQueryOptions(trpc, name), enabled: name !== '' })

  // spec §2: "Promotion Not Found" when no name is given or the name is unknown.
  if (!name || (promo.isError && isNotFound(promo.error))) return <PromotionNotFound />
  if (promo.isError) {
    return (
      <PageContainer>
        <ListingError error={promo.error} fallback="Failed to fetch promo" onRetry={() => void promo.refetch()} />
      </PageContainer>
    )
  }
  if (promo.isPending) return <PromoSkeleton />
  return <PromoListing promo={promo.data} urlName={promoName} />
}

function PromoListing({ promo, urlName }: { promo: Promo; urlName: string }) {
  const trpc = useTRPC()
  const search = Route.useSearch()
  const requested = categorySearchLevels(search)
  const listing = useListing({ promoId: promo.id, ...categoryFilter(requested) })
  const categories = useQuery(promoCategoriesQueryOptions(trpc, promo.id))

  const path = categories.data ? findCategoryPath(categories.data.tree, requested) : null
  const levels = path ? path.map((node) => node.name) : requested

  const promoLink =
    (categoryLevels: readonly string[]) =>
    (children: ReactNode): ReactNode => (
      <AnchorLink
        to="/promo/$promoName"
        params={{ promoName: urlName }}
        search={{ limit: search.limit, ...categorySearchOf(categoryLevels) }}
        size="sm"
      >
        {children}
      </AnchorLink>
    )

  return (
    <ListingPage
      breadcrumb={
        <Breadcrumb
          items={[
            { label: promo.title, link: levels.length > 0 ? promoLink([]) : undefined },
            ...levels.map((level, index) => ({
              label: level,
              link: index < levels.length - 1 ? promoLink(levels.slice(0, index + 1)) : undefined,
            })),
          ]}
        />
      }
      header={
        <Stack gap={4} mb="lg">
          <Title order={1}>{promo.title}</Title>
          {promo.description ? <Text c="dimmed">{promo.description}</Text> : null}
          {levels.length > 0 ? (
            <Text size="sm" c="dimmed">
              In {levels.join(' > ')}
            </Text>
          ) : null}
        </Stack>
      }
      listing={listing}
      heading={`Gift ideas for ${promo.title}`}
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
              to="/promo/$promoName"
              params={{ promoName: urlName }}
              // Selecting a category reloads the promo filtered by it; page and price start again.
              search={{ limit: search.limit, ...categorySearchOf(nodeLevels) }}
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
      // The list failing with "not found": the promo went away after it was read; any other
      // failure names the promo's products (spec browsing-and-purchase §8).
      renderError={(error) =>
        isNotFound(error) ? (
          <StatusMessage
            title="Promo Not Found"
            action={
              <ButtonLink to="/" variant="light">
                Shop by occasion
              </ButtonLink>
            }
          >
            This promotion has ended.
          </StatusMessage>
        ) : (
          <ListingError
            error={error}
            fallback="Failed to fetch promo products"
            onRetry={() => void listing.query.refetch()}
          />
        )
      }
      empty={(clearPrice) => (
        <StatusMessage
          title="No Products Available"
          action={
            clearPrice ??
            (requested.length > 0 ? (
              <ClearCategoryFilter />
            ) : (
              <ButtonLink to="/" variant="light">
                Browse categories
              </ButtonLink>
            ))
          }
        >
          {clearPrice
            ? 'Nothing in this promotion is in that price range.'
            : requested.length > 0
              ? `Nothing in ${levels.join(' > ')} is part of this promotion.`
              : 'There are no products in this promotion right now.'}
        </StatusMessage>
      )}
    />
  )
}

function PromoSkeleton() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton height={14} width={200} mb="lg" />
      <Skeleton height={32} width="40%" mb="sm" />
      <Skeleton height={16} width="60%" />
    </PageContainer>
  )
}
