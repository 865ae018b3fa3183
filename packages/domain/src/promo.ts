import { z } from 'zod'

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

export const promoIdInput = z.object({ promoId: z.coerce.number().int().positive().max(2_147_483_647) })
