import { z } from 'zod'
import { idField, numberInput, safeText } from './input.ts'
import { isoDateInput } from './people.ts'
import { moneyRangeMessage } from './money-input.ts'

/**
 * Wish lists shared with the people who buy for their owner, claims hidden from the owner
 * (issue 23; docs/decisions/wish-lists.md). Prices and pledges travel in pounds (numbers with at
 * most two decimals, as product prices do) and are stored in whole pence.
 */

/** Caps per user and list (issue 23; docs/decisions/wish-lists.md). */
export const WISH_LIST_LIMITS = {
  /** Live (not deleted) lists per user. */
  listsPerUser: 50,
  /** Live items per list. */
  itemsPerList: 200,
  /** Units wanted of one item. */
  quantityMax: 99,
  /** £100,000: the largest price or pledge accepted. */
  poundsMax: 100_000,
  nameMax: 100,
  titleMax: 200,
  noteMax: 500,
  linkMax: 2000,
} as const

/** Messages of the wish-list calls (issue 23). */
export const WISH_LIST_MESSAGES = {
  listNotFound: 'Wish list not found',
  itemNotFound: 'Item not found',
  /** Unknown, revoked or malformed share token, and a deleted list. */
  sharedNotFound: 'This wish list link does not work any more',
  tooManyLists: `You can keep at most ${WISH_LIST_LIMITS.listsPerUser} wish lists`,
  tooManyItems: `A wish list holds at most ${WISH_LIST_LIMITS.itemsPerList} items`,
  /** Issue 23: the loser of a race for the last unit. */
  alreadyClaimed: 'Someone has just claimed this',
  ownList: 'This is your own list: others claim from it',
  groupGiftClaim: 'This is a group gift: pledge an amount towards it instead',
  notGroupGift: 'Pledges are for group gifts only',
  itemRemoved: "Removed by the list's owner",
  productUnavailable: 'This product is no longer available',
  productNotFound: 'Product not found',
  itemOrProduct: 'Please give either a productId or a title',
  catalogFields: 'A catalog item takes its title, link and price from the shop',
  claimNotFound: 'You have not claimed this item',
  created: 'Wish list created',
  deleted: 'Wish list deleted',
  itemDeleted: 'Item removed',
  unclaimed: 'Claim removed',
  shareRevoked: 'The link no longer works',
  claimed: 'Claimed',
  pledged: 'Pledged',
} as const

export const WISH_LIST_PRIORITIES = ['must_have', 'would_like', 'nice_idea'] as const
export type WishListPriority = (typeof WISH_LIST_PRIORITIES)[number]
/** The words the pages show for each priority (issue 23). */
export const PRIORITY_LABELS: Record<WishListPriority, string> = {
  must_have: 'Must have',
  would_like: 'Would like',
  nice_idea: 'Nice idea',
}

/**
 * A secret link's token (shared lists, gift exchanges, guests): 16 random bytes in base64url
 * without padding, 22 characters (packages/api secret-links/link-token.ts makes them).
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** A share token is a link token. */
export const SHARE_TOKEN_PATTERN = LINK_TOKEN_PATTERN

/** A share token in a URL or input; a malformed one answers 404 like an unknown one. */
export const shareTokenField = z.string().max(100, 'token must be at most 100 characters')

/** Pounds with at most two decimals, from 0 (or `min`) to £100,000; also accepts "12.50" (never true, [5] or ""). */
function pounds(field: string, min = 0) {
  const message = moneyRangeMessage(field, { min, max: WISH_LIST_LIMITS.poundsMax })
  return numberInput(
    z
      .number({ error: message })
      .refine((v) => Number.isFinite(v) && v >= min && v <= WISH_LIST_LIMITS.poundsMax, { error: message })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: message }),
  )
}

/** Whole pence of a pounds amount validated by `pounds`. */
export function toPence(value: number): number {
  return Math.round(value * 100)
}

/** Pounds of a pence amount (the API's prices). */
export function fromPence(value: number): number {
  return value / 100
}

const quantityMessage = `quantity must be a whole number from 1 to ${WISH_LIST_LIMITS.quantityMax}`
const quantityField = numberInput(
  z
    .number({ error: quantityMessage })
    .int({ error: quantityMessage })
    .min(1, { error: quantityMessage })
    .max(WISH_LIST_LIMITS.quantityMax, { error: quantityMessage }),
)

/** A link to an item elsewhere: http or https only (never javascript: or data:). */
export const itemLinkField = z
  .string()
  .trim()
  .max(WISH_LIST_LIMITS.linkMax, `link must be at most ${WISH_LIST_LIMITS.linkMax} characters`)
  .refine(
    (v) => {
      try {
        const url = new URL(v)
        return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(v) && !v.includes('\u0000')
      } catch {
        return false
      }
    },
    { error: 'link must be a web address starting with http:// or https://' },
  )

const nameField = safeText({ max: WISH_LIST_LIMITS.nameMax }).min(1, 'name is required')
const noteField = safeText({ max: WISH_LIST_LIMITS.noteMax })
const titleField = safeText({ max: WISH_LIST_LIMITS.titleMax }).min(1, 'title is required')
const priorityField = z.enum(WISH_LIST_PRIORITIES, {
  error: 'priority must be must_have, would_like or nice_idea',
})
/** Empty, null or absent: none. */
const optionalDate = z
  .union([z.literal(''), z.null(), isoDateInput])
  .optional()
  .transform((v) => (v ? v : v === undefined ? undefined : null))

/** POST /api/lists {name, occasionId?, date?, note?}. */
export const createWishListInput = z.object({
  name: nameField,
  occasionId: idField.nullish(),
  date: optionalDate,
  note: noteField.optional(),
})
export type CreateWishListInput = z.input<typeof createWishListInput>

/** PATCH /api/lists/{id}: any of the fields of a new list (null clears occasion or date). */
export const updateWishListInput = z.object({
  name: nameField.optional(),
  occasionId: idField.nullish(),
  date: optionalDate,
  note: noteField.optional(),
})
export type UpdateWishListInput = z.input<typeof updateWishListInput>

const itemFields = {
  quantity: quantityField.optional(),
  priority: priorityField.optional(),
  note: noteField.optional(),
  groupGift: z.boolean({ error: 'groupGift must be true or false' }).optional(),
}

/**
 * POST /api/lists/{id}/items: `{productId}` (a catalog product) or `{title, link?, price?}` (an
 * item from anywhere), either with quantity (1-99, default 1), priority (default would_like),
 * note and groupGift.
 */
export const addWishListItemInput = z
  .object({
    productId: idField.optional(),
    title: titleField.optional(),
    link: itemLinkField.nullish(),
    price: pounds('price').nullish(),
    ...itemFields,
  })
  .superRefine((v, ctx) => {
    const catalog = v.productId !== undefined
    if (catalog === (v.title !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: WISH_LIST_MESSAGES.itemOrProduct })
    } else if (catalog && (v.link != null || v.price != null)) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: WISH_LIST_MESSAGES.catalogFields })
    }
  })
export type AddWishListItemInput = z.input<typeof addWishListItemInput>

/** PATCH /api/lists/{id}/items/{itemId}: title, link and price only for items from elsewhere. */
export const updateWishListItemInput = z.object({
  title: titleField.optional(),
  link: itemLinkField.nullish(),
  price: pounds('price').nullish(),
  ...itemFields,
})
export type UpdateWishListItemInput = z.input<typeof updateWishListItemInput>

/** POST /api/lists/{id}/share {renew?}: the link, a new one when `renew` (the old stops working). */
export const shareWishListInput = z.object({
  renew: z.boolean({ error: 'renew must be true or false' }).optional(),
})

/** POST /api/shared-lists/{token}/items/{itemId}/claim {quantity?} (default 1). */
export const claimInput = z.object({ quantity: quantityField.optional() })

/** POST /api/shared-lists/{token}/items/{itemId}/pledges {amount} in pounds (replaces the caller's pledge). */
export const pledgeInput = z.object({ amount: pounds('amount', 0.01) })

/** POST /api/shared-lists/{token}/link {personId}: "This list belongs to {person}"; null unlinks. */
export const linkPersonInput = z.object({ personId: idField.nullable() })

/** An item as its owner sees it: never a claim, a pledge or a count of either. */
export const ownerItemOutput = z.object({
  id: z.number().int(),
  /** The catalog product, or null for an item from elsewhere. */
  productId: z.number().int().nullable(),
  /** The product page's id (/product/{awProductId}), null for items from elsewhere. */
  awProductId: z.number().int().nullable(),
  title: z.string(),
  link: z.string().nullable(),
  image: z.string().nullable(),
  /** Pounds; the catalog's current price for catalog items. */
  price: z.number().nullable(),
  quantity: z.number().int(),
  priority: z.enum(WISH_LIST_PRIORITIES),
  note: z.string(),
  groupGift: z.boolean(),
  /** False when the catalog product was disabled or deleted. */
  available: z.boolean(),
})
export type OwnerItemOutput = z.infer<typeof ownerItemOutput>

/** A list as its owner sees it, without its items (the /my-account/lists page). */
export const wishListSummaryOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  occasionId: z.number().int().nullable(),
  occasionLabel: z.string().nullable(),
  date: z.string().nullable(),
  note: z.string(),
  /** The share link's path (/lists/shared/{token}) while shared, else null. */
  sharePath: z.string().nullable(),
  itemCount: z.number().int(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
})
export type WishListSummary = z.infer<typeof wishListSummaryOutput>

/** GET /api/lists/{id}: the list and its items, oldest first (the owner's own fields only). */
export const wishListOutput = wishListSummaryOutput.extend({ items: z.array(ownerItemOutput) })
export type WishListOutput = z.infer<typeof wishListOutput>

/** POST /api/lists/{id}/share: the link to give out (absolute URL). */
export const shareOutput = z.object({ url: z.string() })

const personName = z.string()

/** An item as a visitor sees it: the owner's fields, and (signed-in visitors only) claims and pledges. */
export const sharedItemOutput = ownerItemOutput.extend({
  /** Units claimed by everyone; null when hidden (the owner, or a visitor not signed in). */
  claimedQuantity: z.number().int().nullable(),
  /** Who claimed how many ("you" is mine: true). */
  claims: z.array(z.object({ name: personName, quantity: z.number().int(), mine: z.boolean() })),
  /** Group gifts: the pounds pledged and by whom; null for other items or when hidden. */
  pledges: z
    .object({
      total: z.number(),
      pledgers: z.array(z.object({ name: personName, amount: z.number(), mine: z.boolean() })),
    })
    .nullable(),
})
export type SharedItemOutput = z.infer<typeof sharedItemOutput>

/**
 * GET /api/shared-lists/{token}. `view`: "owner" (the list's owner, who sees no claims),
 * "visitor" (signed in: claims and pledges shown) or "anonymous" (not signed in: claims hidden
 * until sign-in, so a signed-out owner cannot peek).
 */
export const sharedListOutput = z.object({
  view: z.enum(['owner', 'visitor', 'anonymous']),
  list: z.object({
    name: z.string(),
    occasionId: z.number().int().nullable(),
    occasionLabel: z.string().nullable(),
    date: z.string().nullable(),
    note: z.string(),
    ownerName: z.string(),
  }),
  /** The visitor's person the list belongs to ("This list belongs to {person}"), or null. */
  person: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  items: z.array(sharedItemOutput),
})
export type SharedListOutput = z.infer<typeof sharedListOutput>

/** POST .../claim, DELETE .../claim and POST .../pledges answer the item as the visitor now sees it. */
export const sharedItemAnswer = z.object({ success: z.literal(true), message: z.string(), item: sharedItemOutput })

/** One of the caller's claims (GET /api/my-account/claims), newest first. */
export const myClaimOutput = z.object({
  itemId: z.number().int(),
  title: z.string(),
  productId: z.number().int().nullable(),
  awProductId: z.number().int().nullable(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  price: z.number().nullable(),
  quantity: z.number().int(),
  listName: z.string(),
  ownerName: z.string(),
  /** The list's page while it is shared, else null. */
  sharedPath: z.string().nullable(),
  /** Issue 23: true when the owner deleted the item or the list ("Removed by the list's owner"). */
  removed: z.boolean(),
  person: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  occasionId: z.number().int().nullable(),
  occasionLabel: z.string().nullable(),
  date: z.string().nullable(),
  /** ISO 8601 (UTC). */
  claimedAt: z.string(),
})
export type MyClaimOutput = z.infer<typeof myClaimOutput>

/** A claimed item planned as a gift for one of the user's people (their person page). */
export const plannedGiftOutput = z.object({
  itemId: z.number().int(),
  title: z.string(),
  productId: z.number().int().nullable(),
  awProductId: z.number().int().nullable(),
  image: z.string().nullable(),
  price: z.number().nullable(),
  quantity: z.number().int(),
  listName: z.string(),
  occasionId: z.number().int().nullable(),
  occasionLabel: z.string().nullable(),
  date: z.string().nullable(),
  removed: z.boolean(),
})
export type PlannedGiftOutput = z.infer<typeof plannedGiftOutput>

/** The path of a shared list's page (the URL the owner copies is APP_URL + this). */
export function sharedListPath(token: string): string {
  return `/lists/shared/${token}`
}
