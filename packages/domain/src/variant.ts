import { z } from 'zod'

export const variantKeyInput = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  byAwProductId: z.boolean().optional(),
})

export const variantStatusOutput = z.object({
  isVariant: z.boolean(),
  isPrimary: z.boolean(),
  groupId: z.number().int().nullable(),
  variantType: z.string().nullable(),
  variantValue: z.string().nullable(),
})

const variantOutput = z.object({
  id: z.number().int(),
  variantId: z.number().int(),
  displayName: z.string(),
  productTitle: z.string(),
  price: z.number(),
})

/** Variant group (spec browsing-and-purchase §3). */
export const variantGroupOutput = z.object({
  id: z.number().int(),
  baseProductName: z.string(),
  descriptionHash: z.string().nullable(),
  primaryVariantId: z.number().int().nullable(),
  matchMethod: z.string(),
  brandName: z.string().nullable(),
  merchantId: z.string().nullable(),
  similarityScore: z.number(),
  manuallyReviewed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  variants: z.array(variantOutput),
  primaryVariant: variantOutput.nullable(),
})
