import { z } from 'zod'
import { affiliateIdField, checkProductIdRange } from './input.ts'

/**
 * A product of a variant call: a shop id (int4), or with byAwProductId an affiliate-network id
 * (spec browsing-and-purchase §7 "?awProductId=true").
 */
export const variantKeyInput = z
  .object({
    id: affiliateIdField,
    byAwProductId: z.boolean().optional(),
  })
  .superRefine((value, ctx) => checkProductIdRange(value.id, value.byAwProductId === true, ctx, ['id']))

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
