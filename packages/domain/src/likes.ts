import { z } from 'zod'
import { idField, numberInput, safeText } from './input.ts'
import { LIKED_PAGE_MAX, LIKED_PAGE_SIZE } from './like-constants.ts'

/** Messages of likes and their associations (spec account-area §5, §8). */
export const LIKE_MESSAGES = {
  likeNotFound: 'Liked product not found',
  productNotFound: 'Product not found',
  productUnavailable: 'This product is no longer available',
  /** Spec account-area §5: "at least one of person or occasion is required when adding one". */
  associationTarget: 'Please select a person or an occasion',
  liked: 'Product liked',
  unliked: 'Product unliked',
  /** POST /api/products/{id}/toggle-disabled answers. */
  productDisabled: 'Product disabled',
  productEnabled: 'Product enabled',
} as const

/** The most associations one liked product keeps (a batch beyond it is refused). */
export const MAX_ASSOCIATIONS_PER_LIKE = 100

const optionalId = idField.nullish().transform((v) => v ?? null)

/** A person and/or occasion a liked product is for (spec account-area §3 "Product-like association"). */
export const associationTargetInput = z
  .object({ personId: optionalId, occasionId: optionalId })
  .refine((v) => v.personId !== null || v.occasionId !== null, { message: LIKE_MESSAGES.associationTarget })
export type AssociationTarget = z.output<typeof associationTargetInput>

/** POST /api/product-like-associations/batch {productLikeId, associations[]}: replaces the full list. */
export const saveAssociationsInput = z.object({
  productLikeId: idField,
  associations: z.array(associationTargetInput).max(MAX_ASSOCIATIONS_PER_LIKE),
})
export type SaveAssociationsInput = z.input<typeof saveAssociationsInput>

/** POST /api/product-like-associations {productLikeId, personId, occasionId}: copies one association. */
export const copyAssociationInput = z
  .object({ productLikeId: idField, personId: optionalId, occasionId: optionalId })
  .refine((v) => v.personId !== null || v.occasionId !== null, { message: LIKE_MESSAGES.associationTarget })
export type CopyAssociationInput = z.input<typeof copyAssociationInput>

/** A stored association (spec account-area §3): either id may be null, never both. */
export const associationOutput = z.object({
  id: z.number().int(),
  productLikeId: z.number().int(),
  personId: z.number().int().nullable(),
  occasionId: z.number().int().nullable(),
})
export type AssociationOutput = z.infer<typeof associationOutput>

/**
 * A liked product (spec account-area §3 "Liked product": id, productId, productTitle,
 * productImage, price, occasionLabel). `id` is the like's id (productLikeId). Also:
 * awProductId (the product page URL), disabled (shown as unavailable), likedAt and the
 * like's associations, so the list needs no call per card.
 */
export const likedProductOutput = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  awProductId: z.number().int(),
  productTitle: z.string(),
  productImage: z.string().nullable(),
  /** Top-level category: picks the product's illustration when it has no image (issue 14). */
  productCategory: z.string().nullable(),
  price: z.number(),
  /** The occasion the like is for: the matched one in a person/occasion lookup, else its first. */
  occasionLabel: z.string().nullable(),
  disabled: z.boolean(),
  /** ISO 8601 (UTC). */
  likedAt: z.string(),
  associations: z.array(associationOutput),
})
export type LikedProduct = z.infer<typeof likedProductOutput>

export { LIKED_PAGE_MAX, LIKED_PAGE_SIZE } from './like-constants.ts'

/**
 * One page of the liked list, newest first (issue 24; the spec's GET /api/get-liked-products
 * stays the whole list). `cursor` is the id of the last like of the previous page (absent: the
 * first page); `limit` 1..96, default 48.
 */
export const likedProductsPageInput = z.object({
  cursor: idField.optional(),
  limit: numberInput(
    z
      .number({ error: 'limit must be a whole number from 1 to 96' })
      .int({ error: 'limit must be a whole number from 1 to 96' })
      .min(1, { error: 'limit must be a whole number from 1 to 96' })
      .max(LIKED_PAGE_MAX, { error: 'limit must be a whole number from 1 to 96' }),
  ).prefault(LIKED_PAGE_SIZE),
})
export type LikedProductsPageInput = z.input<typeof likedProductsPageInput>

/** A page of likes, `total` likes in all, and the cursor of the next page (null after the last). */
export const likedProductsPageOutput = z.object({
  items: z.array(likedProductOutput),
  total: z.number().int(),
  nextCursor: z.number().int().nullable(),
})
export type LikedProductsPage = z.infer<typeof likedProductsPageOutput>

/** GET /api/get-liked-products/person/{personId}/occasion/{occasionLabel}. */
export const personOccasionLikesInput = z.object({
  personId: idField,
  occasionLabel: safeText({ max: 100 }).min(1, 'occasionLabel is required'),
})
export type PersonOccasionLikesInput = z.input<typeof personOccasionLikesInput>

/** POST /api/products/{id}/like: the state after the toggle. */
export const toggleLikeOutput = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  /** The like's id while liked, null once unliked. */
  productLikeId: z.number().int().nullable(),
  message: z.string(),
})
export type ToggleLikeOutput = z.infer<typeof toggleLikeOutput>

/** POST /api/products/{id}/toggle-disabled: {success, message} and the state after it. */
export const toggleDisabledOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  disabled: z.boolean(),
})
export type ToggleDisabledOutput = z.infer<typeof toggleDisabledOutput>
