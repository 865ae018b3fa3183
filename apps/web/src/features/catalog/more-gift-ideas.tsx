import { Box, SimpleGrid, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTRPC } from '../../lib/trpc'
import { productCategoryLevels } from './category-names'
import { ProductCard } from './product-card'
import { WithProductCardActions } from './product-actions'
import { productListQueryOptions } from './query-options'

/**
 * A category listing with fewer products than this (price band aside) gets "More popular gift
 * ideas" below it (docs/decisions/thin-categories.md).
 */
export const THIN_CATEGORY_SIZE = 12
/** How many popular products the section shows: two full rows of three, three of two on a phone. */
const MORE_IDEAS_COUNT = 6

export const MORE_IDEAS_TEXT = {
  title: 'More popular gift ideas',
  intro: 'Only a few gifts here so far, so here are the ones shoppers love most across the shop.',
} as const

/** Whether `levels` (a product's category path) lies in `category` (names compared case-insensitively). */
function inCategory(levels: readonly string[], category: readonly string[]): boolean {
  return category.every((name, i) => levels[i]?.toLowerCase() === name.toLowerCase())
}

/**
 * "More popular gift ideas": the catalog's most popular products (the Recommended order) outside
 * the category `excludeLevels`, shown under a category listing too thin to browse on its own, so
 * a home tile never leads to a near-empty page. Renders nothing while loading, on error, or
 * when every popular product is already in the category.
 */
export function MoreGiftIdeas({ excludeLevels }: { excludeLevels: readonly string[] }) {
  const trpc = useTRPC()
  const headingId = useId()
  // Enough to fill the section even when the category's own products are among the most popular.
  const query = useQuery(
    productListQueryOptions(trpc, { page: 1, limit: MORE_IDEAS_COUNT + THIN_CATEGORY_SIZE, sort: 'recommended' }),
  )
  if (!query.isSuccess) return null
  const products = query.data.products
    .filter((product) => !inCategory(productCategoryLevels(product), excludeLevels))
    .slice(0, MORE_IDEAS_COUNT)
  if (products.length === 0) return null
  return (
    <Box component="section" aria-labelledby={headingId} mt="xl" data-testid="more-gift-ideas">
      <Title order={2} size="h3" id={headingId}>
        {MORE_IDEAS_TEXT.title}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        {MORE_IDEAS_TEXT.intro}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
        {products.map((product) => (
          <WithProductCardActions key={product.id} product={product}>
            <ProductCard product={product} />
          </WithProductCardActions>
        ))}
      </SimpleGrid>
    </Box>
  )
}
