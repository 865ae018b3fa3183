import { z } from 'zod'
import { idField, pageField, pageSizeField } from './input.ts'
import { selectionError } from './selection.ts'

import { DEFAULT_ORDER_PAGE_SIZE } from './order-constants.ts'

export { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from './order-constants.ts'

/** Messages the server answers for click-throughs and orders (spec browsing-and-purchase §8, account-area §8). */
export const ORDER_MESSAGES = {
  orderNotFound: 'Order not found',
  productNotFound: 'Product not found',
  /** A disabled product cannot be bought (issue 11 "cannot be bought (clear message)"). */
  productUnavailable: 'This product is no longer available',
  noAffiliateUrl: 'No affiliate URL found',
  recorded: 'Click-through recorded',
} as const

/** Adds the spec's selection message when the person or the occasion is missing. */
function checkSelection(value: { personId?: number | null; occasionId?: number | null }, ctx: z.RefinementCtx) {
  const message = selectionError(value.personId, value.occasionId)
  if (message) ctx.addIssue({ code: 'custom', path: [value.personId ? 'occasionId' : 'personId'], message })
}

const clickThroughFields = {
  productId: idField,
  personId: idField.nullish(),
  occasionId: idField.nullish(),
}

/**
 * POST /api/clickthrough {productId, personId, occasionId} (spec browsing-and-purchase §7): the
 * shop product id and the selection the gift is for. Both ids are needed; a missing one answers
 * the spec's selection message (selectionError, §5). The user is always the session's.
 */
export const clickThroughInput = z.object(clickThroughFields).superRefine(checkSelection)
export type ClickThroughInput = z.input<typeof clickThroughInput>

/**
 * The REST body of POST /api/clickthrough: the spec's `userId` is accepted and ignored (the
 * click-through is recorded for the signed-in user, whatever id a client sends).
 */
export const clickThroughBody = z
  .object({
    ...clickThroughFields,
    userId: z.unknown().optional().describe('Ignored: the click-through is always recorded for the signed-in user'),
  })
  .superRefine(checkSelection)

/**
 * The answer of POST /api/clickthrough: the order's id and the product as bought (its price at
 * that moment, GBP), which the page's data layer reports as a purchase.
 */
export const clickThroughOutput = z.object({
  success: z.literal(true),
  /** The order's id (the click-through's). */
  id: z.number().int(),
  message: z.string(),
  product: z.object({ id: z.number().int(), awProductId: z.number().int(), title: z.string(), price: z.number() }),
})
export type ClickThroughOutput = z.infer<typeof clickThroughOutput>

/** GET /api/my-orders?page&itemsPerPage (spec account-area §7): page from 1, 1..50 per page, default 10. */
export const myOrdersInput = z.object({
  page: pageField,
  itemsPerPage: pageSizeField(50, DEFAULT_ORDER_PAGE_SIZE),
})
export type MyOrdersInput = z.input<typeof myOrdersInput>

/** The order's product, or null once the product has been deleted ("Product details unavailable"). */
export const orderProductOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  /** Top-level category: picks the product's illustration when it has no image (issue 14). */
  categoryName: z.string().nullable(),
  awProductId: z.number().int(),
  price: z.number(),
  /** Disabled by staff since: shown as no longer available. */
  disabled: z.boolean(),
})

/**
 * An order (spec account-area §3 "Order"): id, createdAt and the click-through's product, person
 * and occasion; each is null when deleted since.
 */
export const orderOutput = z.object({
  id: z.number().int(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  clickthrough: z.object({
    product: orderProductOutput.nullable(),
    person: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    occasion: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  }),
  /** The product's price at click time in pounds (issue 22); null for an order recorded without one. */
  priceAtClick: z.number().nullable(),
  /** What became of it (issue 22): null until the user marks it. */
  outcome: z.enum(['bought', 'not_bought']).nullable(),
  /** Pounds paid when bought, else null. */
  pricePaid: z.number().nullable(),
})
export type OrderOutput = z.infer<typeof orderOutput>

/** GET /api/my-orders: {orders[], total} newest first, with the page it is. */
export const myOrdersOutput = z.object({
  orders: z.array(orderOutput),
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  totalPages: z.number().int(),
})
export type MyOrdersOutput = z.infer<typeof myOrdersOutput>
