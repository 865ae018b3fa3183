import { z } from 'zod'
import {
  affiliateIdField,
  checkProductIdRange,
  idField,
  optionalAmountField,
  optionalSafeText,
  pageField,
  pageSizeField,
  safeText,
} from './input.ts'

import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, SORT_ORDERS } from './catalog-constants.ts'

export {
  SORT_ORDERS,
  type SortOrder,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  isAffiliateId,
} from './catalog-constants.ts'

const optionalText = optionalSafeText()

/** minPrice <= maxPrice when both are given (a listing's price band). */
export function checkPriceBand(value: { minPrice?: number; maxPrice?: number }, ctx: z.RefinementCtx): void {
  if (value.minPrice !== undefined && value.maxPrice !== undefined && value.minPrice > value.maxPrice) {
    ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'minPrice must not be greater than maxPrice' })
  }
}

/**
 * Input of a product listing (spec browsing-and-purchase §7 GET /api/products): page from 1,
 * limit 1..100, optional search, category filter, sort, price band in GBP (inclusive).
 * `seed` makes "random" order stable across the pages of one browsing sequence.
 */
export const productListFields = z.object({
  page: pageField,
  limit: pageSizeField(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  includeVariants: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  search: optionalText,
  categoryName: optionalText,
  categoryLevel1: optionalText,
  categoryLevel2: optionalText,
  categoryLevel3: optionalText,
  sort: z.enum(SORT_ORDERS).optional(),
  seed: safeText({ max: 64 }).optional(),
  minPrice: optionalAmountField(1_000_000),
  maxPrice: optionalAmountField(1_000_000),
})
export const productListInput = productListFields.superRefine(checkPriceBand)
export type ProductListInput = z.input<typeof productListInput>
export type ProductListQuery = z.output<typeof productListInput>

/** A product as the API returns it (spec browsing-and-purchase §3 "Product"). */
export const productOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number(),
  awProductId: z.number().int(),
  brand: z.string().nullable(),
  categoryName: z.string().nullable(),
  category_level1: z.string().nullable(),
  category_level2: z.string().nullable(),
  category_level3: z.string().nullable(),
  longDescription: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
  merchantCategory: z.string().nullable(),
  disabled: z.boolean(),
  /** Beyond the spec's shape (issue 14): the feed's star rating (0..5) and review count. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  /** The merchant selling it, e.g. "Amazon UK" (the Buy Now link leads there). */
  merchantName: z.string().nullable(),
})
export type Product = z.infer<typeof productOutput>

/** A listing page (spec browsing-and-purchase §3 "Products response"). */
export const productListOutput = z.object({
  products: z.array(productOutput),
  total: z.number().int(),
  totalProducts: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  priceRange: z.object({ minPrice: z.number(), maxPrice: z.number() }),
  /**
   * Beyond the spec's shape (issue 26): for a search with a slip ("lgeo"), the corrected query
   * from the catalog's own vocabulary ("lego"); null when the search needs none or is no search.
   */
  suggestion: z.string().nullable(),
  /**
   * Beyond the spec's shape (issue 26): for a search that is a gift question ("gift for grandad
   * under £20"), what it was read as and the line the search page shows; null otherwise.
   */
  giftQuestion: z
    .object({
      line: z.string(),
      relationship: z.string().nullable(),
      age: z.number().int().nullable(),
      occasion: z.string().nullable(),
      maxPrice: z.number().nullable(),
    })
    .nullable(),
})
export type ProductList = z.infer<typeof productListOutput>

/**
 * Input of a single-product read: a shop id (int4), or with type "aw" an affiliate-network id
 * (bigint, up to 2^53-1).
 */
export const productByIdInput = z
  .object({
    id: affiliateIdField,
    type: z.enum(['aw']).optional(),
  })
  .superRefine((value, ctx) => checkProductIdRange(value.id, value.type === 'aw', ctx, ['id']))

/** GET /api/products/{awProductId}/descriptions/formatted: an affiliate-network id. */
export const awProductIdInput = z.object({ awProductId: affiliateIdField })

/** A listing limited to one promo (tRPC products.list): the listing input and a promo id. */
export const promoListInput = productListFields.extend({ promoId: idField.optional() }).superRefine(checkPriceBand)

/** A search query (GET /api/search/categories-with-counts?q=). */
export const searchQueryInput = z.object({ q: safeText().min(1, 'No search query provided') })
