import { z } from 'zod'
import { idField, pageField, pageSizeField, safeText } from './input.ts'
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './catalog.ts'

/** Promo (spec browsing-and-purchase §3 "Promo"). */
export const promoOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
})

/** Promo product (spec browsing-and-purchase §3 "Promo product"). */
export const promoProductOutput = z.object({
  promoProductId: z.number().int(),
  productId: z.number().int(),
  awProductId: z.number().int(),
  productTitle: z.string(),
  productImageUrl: z.string().nullable(),
  productLongDescription: z.string().nullable(),
  productAffiliateUrl: z.string().nullable(),
  productPrice: z.number(),
  productMerchantCategory: z.string().nullable(),
  disabled: z.boolean(),
})

export const promoProductsPageOutput = z.object({
  products: z.array(promoProductOutput),
  total: z.number().int(),
  totalPages: z.number().int(),
})

export const promoIdInput = z.object({ promoId: idField })

/** GET /api/promos/name/{name}. */
export const promoNameInput = z.object({ name: safeText({ max: 100 }).min(1, 'No promo name provided') })

/** Paging of GET /api/promos/{id}/products/paginated?page&limit (default 12 a page). */
export const promoPageFields = z.object({
  page: pageField,
  limit: pageSizeField(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
})

/** tRPC promos.productsPage: a promo id and its paging. */
export const promoPageInput = promoIdInput.extend(promoPageFields.shape)
