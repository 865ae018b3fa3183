import { z } from 'zod'
import { idField, numberInput } from './input.ts'
import { PICK_COUNT_RANGE, PICK_MAX_PRICE } from './recommendation-constants.ts'
import { occasionLabelField } from './recommendations.ts'

/**
 * Schemas of the gift picks (issue 20): GET /api/recommendations/person/{personId}/products and
 * tRPC recommendations.productsForPerson, and the "Not for {name}" dismissals, shared by the
 * tRPC procedures and the REST routes.
 */

export { PICK_COUNT_RANGE, PICK_MAX_PRICE } from './recommendation-constants.ts'

export const PICK_MESSAGES = {
  countRange: `count must be a whole number from ${PICK_COUNT_RANGE.min} to ${PICK_COUNT_RANGE.max}`,
  maxPriceRange: `maxPrice must be a whole number of pounds from ${PICK_MAX_PRICE.min} to ${PICK_MAX_PRICE.max.toLocaleString('en-GB')}`,
  productNotFound: 'Product not found',
  dismissalNotFound: 'That product is not dismissed for this person',
} as const

const countMessage = { error: PICK_MESSAGES.countRange }
const maxPriceMessage = { error: PICK_MESSAGES.maxPriceRange }

/** Picks wanted: a whole number 1..24 (digits in a query string), default 8. */
export const pickCountField = numberInput(
  z
    .number(countMessage)
    .int(countMessage)
    .min(PICK_COUNT_RANGE.min, countMessage)
    .max(PICK_COUNT_RANGE.max, countMessage),
).prefault(PICK_COUNT_RANGE.default)

/** The most to spend, whole pounds 1..100,000; optional ("?maxPrice=" blank means none). */
export const pickMaxPriceField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  numberInput(
    z
      .number(maxPriceMessage)
      .int(maxPriceMessage)
      .min(PICK_MAX_PRICE.min, maxPriceMessage)
      .max(PICK_MAX_PRICE.max, maxPriceMessage),
  ).optional(),
)

/** The query string of GET /api/recommendations/person/{personId}/products. */
export const productPicksQuery = z.object({
  occasion: occasionLabelField,
  count: pickCountField,
  maxPrice: pickMaxPriceField,
})

/** Input of recommendations.productsForPerson. */
export const productPicksInput = productPicksQuery.extend({ personId: idField })
export type ProductPicksInput = z.output<typeof productPicksInput>

/** Where the budget came from: the query, the event, the person, the profile's Budget options, or none. */
export const BUDGET_SOURCES = ['query', 'event', 'person', 'options', 'none'] as const
export type BudgetSourceName = (typeof BUDGET_SOURCES)[number]

/** The product of a pick (issue 20's shape, plus its category levels for the card's illustration). */
export const pickProductOutput = z.object({
  id: z.number().int(),
  awProductId: z.number().int(),
  title: z.string(),
  /** GBP. */
  price: z.number(),
  imageUrl: z.string().nullable(),
  brand: z.string().nullable(),
  merchant: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  /** The merchant's page (affiliate link); Buy Now goes through the shop's click-through instead. */
  productUrl: z.string().nullable(),
  categoryName: z.string().nullable(),
  category_level1: z.string().nullable(),
  category_level2: z.string().nullable(),
  category_level3: z.string().nullable(),
})

/** One pick. */
export const productPickOutput = z.object({
  product: pickProductOutput,
  category: z.object({ name: z.string(), categoryUrl: z.string() }),
  /** One plain en-GB sentence naming the strongest real signals. */
  reason: z.string(),
  score: z.number(),
})
export type ProductPickOutput = z.infer<typeof productPickOutput>

/** The answer of the picks call (issue 20 "The call"). */
export const productPicksOutput = z.object({
  picks: z.array(productPickOutput),
  /** max in pounds (null: no limit). */
  budget: z.object({ max: z.number().nullable(), source: z.enum(BUDGET_SOURCES) }),
  personName: z.string(),
  /**
   * Beyond the shape: true when the person has interests the catalog barely covers, with
   * the plain line the pages show then (issue 20 "When the catalog has little for a person").
   */
  fewForInterests: z.boolean(),
  note: z.string().nullable(),
  /** processingTime in milliseconds. */
  metadata: z.object({ processingTime: z.number() }),
})
export type ProductPicksOutput = z.infer<typeof productPicksOutput>

/** Body of POST /api/people/{personId}/dismissed-products. */
export const dismissProductBody = z.object({ productId: idField })
/** Input of recommendations.dismissProduct / undoDismissal. */
export const dismissProductInput = dismissProductBody.extend({ personId: idField })
/** Input of recommendations.dismissedProducts. */
export const dismissedProductsInput = z.object({ personId: idField })

/** A product dismissed for a person ("Not for {name}"). */
export const dismissedProductOutput = z.object({
  productId: z.number().int(),
  title: z.string(),
  price: z.number(),
  imageUrl: z.string().nullable(),
  /** ISO timestamp. */
  dismissedAt: z.string(),
})
export type DismissedProductOutput = z.infer<typeof dismissedProductOutput>
