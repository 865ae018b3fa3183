import { Box, Button, Divider, Grid, Group, Paper, Stack, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { SortOrder } from '@presently/domain'
import { IconHeart } from '@tabler/icons-react'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { SortSelect } from './listing-toolbar'
import { PriceFilter, usePriceDraft, type PriceDraft } from './price-filter'
import { ProductListing } from './product-listing'
import type { ListingState } from './use-listing'
import { AnchorLink } from '../../lib/links'
import { useSession } from '../session/session'
import { PageContainer } from '../layout/page-container'

// The drawer (its modal, focus trap, scroll lock and portal) loads when it is first opened, not
// with every listing (docs/decisions/web-bundle.md).
const FiltersDrawer = lazy(() => import('./filters-drawer'))

/** Below this width the filters move into a drawer (spec browsing-and-purchase §9: 768 px). */
const MOBILE_QUERY = '(max-width: 47.99em)'

interface ListingPageProps {
  breadcrumb: ReactNode
  /** Title and description of the listing. */
  header: ReactNode
  listing: ListingState
  /** The category tree panel. */
  categories: ReactNode
  /** Beside the "Categories" heading, e.g. "Clear filter". */
  categoriesAction?: ReactNode
  /** A category filters the list (search and promo pages); on category pages it is the page itself. */
  categoryFiltered?: boolean
  empty: (clearPrice: ReactNode) => ReactNode
  /** The visually hidden heading of the gift-ideas section. */
  heading: string
  /** A page-specific state for a failed list (else "Oops! Something went wrong"). */
  renderError?: (error: unknown) => ReactNode
  /** Below the products (e.g. more ideas under a thin category). */
  after?: ReactNode
}

/**
 * A listing page (spec browsing-and-purchase §2 "Listing pages"): breadcrumb and "View Liked
 * Products", the header, then filters (price range and category tree) beside the products. Below
 * 768 px the filters and the sort order move into a "Filters" drawer.
 */
export function ListingPage({
  breadcrumb,
  header,
  listing,
  categories,
  categoriesAction,
  categoryFiltered = false,
  empty,
  heading,
  renderError,
  after,
}: ListingPageProps) {
  const { user } = useSession()
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false })
  const draft = usePriceDraft(listing.bounds, listing.band)

  // The drawer is open for the URL it was opened on: following a category link or applying
  // filters (both new URLs) closes it.
  const href = useRouterState({ select: (state) => state.location.href })
  const [drawerHref, setDrawerHref] = useState<string | null>(null)
  const [drawerSort, setDrawerSort] = useState<SortOrder | null>(listing.sort)
  const drawerOpened = isMobile && drawerHref === href
  // Mounted from the first opening on, so closing plays the drawer's transition.
  const [drawerWanted, setDrawerWanted] = useState(false)
  const openDrawer = () => {
    setDrawerSort(listing.sort)
    setDrawerHref(href)
    setDrawerWanted(true)
  }

  const price = (
    <PriceFilter
      bounds={listing.bounds}
      band={listing.band}
      draft={draft}
      onApply={(band) => listing.setPriceBand(band)}
      onClear={() => {
        if (listing.band) listing.setPriceBand(null)
      }}
      disabled={listing.totalWithoutBand === 0}
    />
  )

  return (
    <PageContainer>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="wrap">
        <Box style={{ flex: '1 1 240px', minWidth: 0 }}>{breadcrumb}</Box>
        <LikedProductsLink signedIn={user !== null} />
      </Group>
      {header}
      {isMobile ? (
        <>
          <ProductListing
            listing={listing}
            empty={empty}
            heading={heading}
            onOpenFilters={openDrawer}
            activeFilters={(listing.band ? 1 : 0) + (categoryFiltered ? 1 : 0)}
            renderError={renderError}
          />
          {after}
          {drawerWanted ? (
            <Suspense fallback={null}>
              <FiltersDrawer opened={drawerOpened} onClose={() => setDrawerHref(null)}>
                <Stack gap="lg" pb="md" style={{ flex: 1 }}>
                  <SortSelect
                    sort={drawerSort}
                    onSortChange={setDrawerSort}
                    defaultSortLabel={listing.defaultSortLabel}
                    size="sm"
                    w="100%"
                  />
                  <FilterSection title="Price">{price}</FilterSection>
                  <FilterSection title="Categories" action={categoriesAction}>
                    {categories}
                  </FilterSection>
                </Stack>
                <Box
                  pos="sticky"
                  bottom={0}
                  py="sm"
                  bg="var(--mantine-color-body)"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Button fullWidth onClick={() => applyDrawer(listing, draft, drawerSort, () => setDrawerHref(null))}>
                    Apply Filters
                  </Button>
                </Box>
              </FiltersDrawer>
            </Suspense>
          ) : null}
        </>
      ) : (
        <Grid gap={{ base: 'lg', lg: 'xl' }}>
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <Paper withBorder radius="md" p="md">
              <Stack gap="md">
                <FilterSection title="Price">{price}</FilterSection>
                <Divider />
                <FilterSection title="Categories" action={categoriesAction}>
                  {categories}
                </FilterSection>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
            <ProductListing listing={listing} empty={empty} heading={heading} renderError={renderError} />
            {after}
          </Grid.Col>
        </Grid>
      )}
    </PageContainer>
  )
}

/** "Apply Filters": the drawer's sort and, when moved, its price range, in one navigation. */
function applyDrawer(listing: ListingState, draft: PriceDraft, sort: SortOrder | null, close: () => void) {
  const band = draft.dirty ? draft.band() : undefined
  const sortChanged = sort !== listing.sort
  if (sortChanged || band) {
    listing.applyFilters({ ...(sortChanged ? { sort } : {}), ...(band ? { band } : {}) })
  }
  close()
}

function FilterSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <Box component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="xs" gap="xs">
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Box>
  )
}

/**
 * "View Liked Products" above a listing (spec browsing-and-purchase §2). A visitor goes to sign
 * in, told "Sign in to see the products you like", and comes back to the list (issue 26).
 */
function LikedProductsLink({ signedIn }: { signedIn: boolean }) {
  const label = (
    <Group gap={4} component="span" wrap="nowrap">
      <IconHeart size={16} aria-hidden />
      View Liked Products
    </Group>
  )
  const style = { whiteSpace: 'nowrap' } as const
  return signedIn ? (
    <AnchorLink to="/my-account/liked-products" size="sm" fw={500} style={style}>
      {label}
    </AnchorLink>
  ) : (
    <AnchorLink
      to="/auth"
      search={{ returnTo: '/my-account/liked-products', why: 'liked' }}
      size="sm"
      fw={500}
      style={style}
    >
      {label}
    </AnchorLink>
  )
}
