import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'
import { guests } from './guests.ts'
import { products } from './catalog.ts'
import { occasions, people } from './people.ts'
import { linkPreviewImages } from './link-previews.ts'

/**
 * Wish lists a user shares with the people who buy for them (issue 23; docs/decisions/wish-lists.md).
 * A list is private until shared: `shareToken` is then 128 random bits in base64url, the key of
 * /lists/shared/{token}; revoking sets it null, renewing replaces it. Deleting a list only sets
 * `deletedAt`, so visitors' claims on it stay and show "Removed by the list's owner".
 */
export const wishLists = pgTable(
  'wish_lists',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    occasionId: integer().references(() => occasions.id, { onDelete: 'set null' }),
    /** The day the list is for (a birthday, 25 December), UK calendar date. */
    eventDate: date({ mode: 'string' }),
    note: text().notNull().default(''),
    shareToken: text(),
    sharedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wish_lists_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('wish_lists_share_token_key').on(t.shareToken),
  ],
)

export const wishListPriority = pgEnum('wish_list_priority', ['must_have', 'would_like', 'nice_idea'])

/**
 * One wish of a list: a catalog product (`productId`, title read from the product) or an item
 * from anywhere (`title`, `link`). Prices are whole pence. `deletedAt`: removed by the owner
 * (kept for the claims made on it).
 */
export const wishListItems = pgTable(
  'wish_list_items',
  {
    id: serial().primaryKey(),
    listId: integer()
      .notNull()
      .references(() => wishLists.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    title: text().notNull(),
    link: text(),
    pricePence: integer(),
    quantity: integer().notNull().default(1),
    priority: wishListPriority().notNull().default('would_like'),
    note: text().notNull().default(''),
    groupGift: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Issue 38: a price in another currency, in its minor units (cents), never converted to pence. */
    otherPriceMinor: integer(),
    /** Issue 38: the ISO 4217 code of otherPriceMinor. */
    otherCurrency: text(),
    /** Issue 38: when the price was read from the shop's page (null: typed by hand). */
    priceReadAt: timestamp({ withTimezone: true }),
    /** Issue 38: the picture read from the shop's page, served by the shop. */
    imageId: text().references(() => linkPreviewImages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('wish_list_items_list_idx').on(t.listId, t.id),
    index('wish_list_items_product_idx').on(t.productId),
    check('wish_list_items_quantity', sql`${t.quantity} between 1 and 99`),
    check('wish_list_items_price', sql`${t.pricePence} is null or ${t.pricePence} >= 0`),
  ],
)

/**
 * Who made a claim, pledge or watch: an account (`userId`) or a guest (`guestId`, issue 37),
 * exactly one. `holdExpiresAt`: a guest's unconfirmed claim or pledge, which holds the item until
 * then (2 hours) and is released if not confirmed; null once it counts like an account's.
 * `linkSharedAt`: the list's `shared_at` when the claimer last acted through its link, so a
 * renewed link cuts earlier claimers off the list's page as revoking does (issue 41, finding 6).
 * `showName`: a guest's choice to show their first name to the list's other visitors.
 */
function claimerColumns() {
  return {
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer().references(() => guests.id, { onDelete: 'cascade' }),
    holdExpiresAt: timestamp({ withTimezone: true }),
    showName: boolean().notNull().default(false),
    linkSharedAt: timestamp({ withTimezone: true }),
  }
}

/** "I'll get this": one visitor's claim of `quantity` units of an item (never shown to the owner). */
export const wishListClaims = pgTable(
  'wish_list_claims',
  {
    id: serial().primaryKey(),
    itemId: integer()
      .notNull()
      .references(() => wishListItems.id, { onDelete: 'cascade' }),
    ...claimerColumns(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wish_list_claims_item_user_key').on(t.itemId, t.userId),
    unique('wish_list_claims_item_guest_key').on(t.itemId, t.guestId),
    index('wish_list_claims_user_idx').on(t.userId),
    index('wish_list_claims_guest_idx').on(t.guestId),
    index('wish_list_claims_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
    check('wish_list_claims_quantity', sql`${t.quantity} >= 1`),
    check('wish_list_claims_claimer', sql`num_nonnulls(${t.userId}, ${t.guestId}) = 1`),
    check('wish_list_claims_hold_guest', sql`${t.holdExpiresAt} is null or ${t.guestId} is not null`),
  ],
)

/** A visitor's pledge towards a group gift, in whole pence (never shown to the owner). */
export const wishListPledges = pgTable(
  'wish_list_pledges',
  {
    id: serial().primaryKey(),
    itemId: integer()
      .notNull()
      .references(() => wishListItems.id, { onDelete: 'cascade' }),
    ...claimerColumns(),
    amountPence: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wish_list_pledges_item_user_key').on(t.itemId, t.userId),
    unique('wish_list_pledges_item_guest_key').on(t.itemId, t.guestId),
    index('wish_list_pledges_user_idx').on(t.userId),
    index('wish_list_pledges_guest_idx').on(t.guestId),
    index('wish_list_pledges_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
    check('wish_list_pledges_amount', sql`${t.amountPence} >= 1`),
    check('wish_list_pledges_claimer', sql`num_nonnulls(${t.userId}, ${t.guestId}) = 1`),
    check('wish_list_pledges_hold_guest', sql`${t.holdExpiresAt} is null or ${t.guestId} is not null`),
  ],
)

export const wishListItemEventKind = pgEnum('wish_list_item_event_kind', ['added', 'changed', 'removed'])

/**
 * What the owner did to an item that its claimers must hear of (issue 37): added (for watchers),
 * changed (title, price or quantity: `changes` holds each field's [before, after]) or removed
 * (the item or its whole list deleted). Written on every such edit, claimed or not, so the owner's
 * calls never read a claim and their work is the same either way (docs/decisions/wish-lists.md);
 * the daily digest job joins them with the claims.
 */
export const wishListItemEvents = pgTable(
  'wish_list_item_events',
  {
    id: serial().primaryKey(),
    listId: integer()
      .notNull()
      .references(() => wishLists.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => wishListItems.id, { onDelete: 'cascade' }),
    kind: wishListItemEventKind().notNull(),
    changes: jsonb().$type<Record<string, [string | number | null, string | number | null]>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wish_list_item_events_item_idx').on(t.itemId, t.id),
    index('wish_list_item_events_list_idx').on(t.listId, t.id),
  ],
)

/** "Tell me when something is added" (issue 37): a claimer (account or guest) watching a list. */
export const wishListWatches = pgTable(
  'wish_list_watches',
  {
    id: serial().primaryKey(),
    listId: integer()
      .notNull()
      .references(() => wishLists.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer().references(() => guests.id, { onDelete: 'cascade' }),
    linkSharedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wish_list_watches_list_user_key').on(t.listId, t.userId),
    unique('wish_list_watches_list_guest_key').on(t.listId, t.guestId),
    index('wish_list_watches_guest_idx').on(t.guestId),
    check('wish_list_watches_watcher', sql`num_nonnulls(${t.userId}, ${t.guestId}) = 1`),
  ],
)

/**
 * One claim-digest email per person and UK day (issue 37: "at most one email a day per person"):
 * the run that inserts the key queues the email in the same transaction; `lastEventId` is the
 * newest item event it told of, so the next day's email starts after it.
 */
export const wishListDigestSends = pgTable(
  'wish_list_digest_sends',
  {
    /** "user:{id}" or "guest:{id}". */
    recipient: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    lastEventId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recipient, t.day] }),
    index('wish_list_digest_sends_recipient_idx').on(t.recipient, t.lastEventId),
  ],
)

/** A visitor's "This list belongs to {person}": the list, seen by `userId`, is for their `personId`. */
export const wishListPeople = pgTable(
  'wish_list_people',
  {
    listId: integer()
      .notNull()
      .references(() => wishLists.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.userId] }), index('wish_list_people_person_idx').on(t.personId)],
)
