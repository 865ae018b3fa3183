import { Anchor, Box, Divider, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { pageTitle, useDocumentTitle } from '../../../lib/page-title'
import { formatPrice, type Product } from '@presently/domain'
import { useTRPC } from '../../../lib/trpc'
import { useSession } from '../../../features/session/session'
import { PageContainer } from '../../../features/layout/page-container'
import { CategoryBreadcrumb } from '../../../features/catalog/category-breadcrumb'
import { productCategoryLevels } from '../../../features/catalog/category-names'
import { ProductImage } from '../../../features/catalog/product-image'
import { productUrlId } from '../../../features/catalog/product-path'
import { StarRating } from '../../../features/catalog/star-rating'
import { productQueryOptions } from '../../../features/catalog/query-options'
import { parseProductId } from '../../../features/catalog/product-id'
import { BrowseGiftIdeas, ListingError, StatusMessage } from '../../../features/catalog/status-message'
import { isNotFound } from '../../../lib/api-errors'
import { AnchorLink } from '../../../lib/links'
import { BuyNowButton } from './buy-now'
import { ProductPageActions } from '../../../features/catalog/product-actions'
import { ProductDescription } from './product-description'
import { productJsonLd, scriptJson } from './product-json-ld'
import { VariantOptions } from './variant-options'
import { PriceHistoryPanel } from '../../../features/prices/price-history-chart'

export function ProductDetail({ id: rawId }: { id: string }) {
  const id = parseProductId(rawId)
  if (id === null) return <ProductNotFound />
  return <ProductDetailLoaded id={id} />
}

function ProductDetailLoaded({ id }: { id: number }) {
  const trpc = useTRPC()
  const query = useQuery(productQueryOptions(trpc, id))
  if (query.isPending) return <ProductSkeleton />
  // spec browsing-and-purchase §8: a failed product fetch shows "Product not found"; a network
  // failure or server error is not a missing product, so it offers a retry instead.
  if (query.isError) {
    if (isNotFound(query.error)) return <ProductNotFound />
    return (
      <PageContainer>
        <ListingError error={query.error} fallback="Failed to fetch product" onRetry={() => void query.refetch()} />
      </PageContainer>
    )
  }
  return <ProductView product={query.data} />
}

/**
 * True when the page the server sent for this product already has its JSON-LD in the head
 * (issue 40: the server's has the offer's availability and price validity); the app's own is
 * then left out, so a page has one Product. A page reached inside the app has none there.
 */
function servedJsonLd(pageUrl: string): boolean {
  if (typeof document === 'undefined') return false
  const script = document.head.querySelector('script[type="application/ld+json"][data-page-meta]')
  try {
    return (JSON.parse(script?.textContent ?? 'null') as { offers?: { url?: string } } | null)?.offers?.url === pageUrl
  } catch {
    return false
  }
}

function ProductView({ product }: { product: Product }) {
  const { user } = useSession()
  // Issue 43 §5: the tab names the product and the shop ("... Puzzle Vase – Presently").
  useDocumentTitle(pageTitle(product.title))
  const levels = productCategoryLevels(product)
  const pageUrl = new URL(`/product/${productUrlId(product)}`, window.location.origin).href
  return (
    <PageContainer>
      {servedJsonLd(pageUrl) ? null : (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: scriptJson(productJsonLd(product, pageUrl)) }}
        />
      )}
      <Box mb="md">
        <CategoryBreadcrumb levels={levels} current={product.title} />
      </Box>
      <Grid gap={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper
            withBorder
            radius="lg"
            p="md"
            bg="gray.0"
            // Stays in view beside a long description on wide screens.
            style={{ display: 'flex', justifyContent: 'center', position: 'sticky', top: 88 }}
          >
            <ProductImage product={product} size={703} priority />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            {product.brand ? (
              <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
                {product.brand}
              </Text>
            ) : null}
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.25}>
              {product.title}
            </Title>
            {product.averageRating !== null ? (
              <StarRating rating={product.averageRating} reviewCount={product.reviewCount} size={18} />
            ) : null}

            <Text fz={30} fw={700} c="brand.8" data-testid="product-price">
              {formatPrice(product.price)}
            </Text>
            <VariantOptions productId={product.id} />
            <MerchantLine product={product} />
            <Group>
              <BuyNowButton productId={product.id} signedIn={!!user} />
              <ProductPageActions product={product} />
            </Group>
            <PriceHistoryPanel productId={product.id} />
            {!user ? (
              <Text size="sm" c="dimmed">
                <AnchorLink to="/auth" underline="always">
                  Sign in or create a free account
                </AnchorLink>{' '}
                to buy gifts and save ideas for the people you love.
              </Text>
            ) : null}
            <Divider my="sm" />
            <Box component="section" aria-labelledby="product-details-heading">
              <Title order={2} size="h3" id="product-details-heading" mb="sm">
                Product Details
              </Title>
              <ProductDescription awProductId={product.awProductId} disabled={product.disabled === true} />
            </Box>
          </Stack>
        </Grid.Col>
      </Grid>
    </PageContainer>
  )
}

/**
 * "Sold by Amazon UK", with the merchant's own product page (e.g. amazon.co.uk/dp/<ASIN>) when
 * the feed gives one; a search link (no ASIN known) is not shown as the product's page.
 */
function MerchantLine({ product }: { product: Product }) {
  const url = product.affiliateUrl && !/amazon\.co\.uk\/s\?/.test(product.affiliateUrl) ? product.affiliateUrl : null
  let host: string | null = null
  try {
    host = url ? new URL(url).host.replace(/^www\./, '') : null
  } catch {
    host = null
  }
  if (!product.merchantName && !host) return null
  return (
    <Text size="sm" c="dimmed" data-testid="merchant-line">
      {product.merchantName ? <>Sold by {product.merchantName}</> : null}
      {url && host ? (
        <>
          {product.merchantName ? ' · ' : null}
          <Anchor href={url} target="_blank" rel="noopener noreferrer nofollow sponsored" size="sm">
            View on {host}
          </Anchor>
        </>
      ) : null}
    </Text>
  )
}

function ProductNotFound() {
  return (
    <PageContainer>
      <StatusMessage order={1} title="Product not found" action={<BrowseGiftIdeas />}>
        This product may have been removed or is no longer available.
      </StatusMessage>
    </PageContainer>
  )
}

function ProductSkeleton() {
  return (
    <PageContainer aria-busy="true">
      <Skeleton height={14} width={260} mb="lg" />
      <Grid gap={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Skeleton style={{ aspectRatio: '1 / 1' }} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Skeleton height={12} width="30%" />
          <Skeleton height={28} mt="md" />
          <Skeleton height={28} width="70%" mt="xs" />
          <Skeleton height={32} width="25%" mt="lg" />
          <Skeleton height={50} width={160} mt="lg" />
        </Grid.Col>
      </Grid>
    </PageContainer>
  )
}
