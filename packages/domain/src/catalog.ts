import { z } from 'zod'

import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, SORT_ORDERS } from './catalog-constants.ts'

export {
  SORT_ORDERS,
  type SortOrder,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  isAffiliateId,
} from './catalog-constants.ts'

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined))

/**
 * Input of a product listing (spec browsing-and-purchase §7 GET /api/products): page from 1,
 * limit 1..100, optional search, category filter, sort, price band in GBP (inclusive).
 * `seed` makes "random" order stable across the pages of one browsing sequence.
 */
export const productListInput = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    includeVariants: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
    search: optionalText,
    categoryName: optionalText,
    categoryLevel1: optionalText,
    categoryLevel2: optionalText,
    categoryLevel3: optionalText,
    sort: z.enum(SORT_ORDERS).optional(),
    seed: z.string().trim().max(64).optional(),
    minPrice: z.coerce.number().min(0).max(1_000_000).optional(),
    maxPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'minPrice must not be greater than maxPrice',
    path: ['minPrice'],
  })
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
})
export type ProductList = z.infer<typeof productListOutput>

/** Input of a single-product read: a shop id, or with type "aw" an affiliate-network id. */
export const productByIdInput = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  type: z.enum(['aw']).optional(),
})
