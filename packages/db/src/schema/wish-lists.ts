import {
  boolean,
  check,
  date,
  index,
  integer,
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

/** "I'll get this": one visitor's claim of `quantity` units of an item (never shown to the owner). */
export const wishListClaims = pgTable(
  'wish_list_claims',
  {
    id: serial().primaryKey(),
    itemId: integer()
      .notNull()
      .references(() => wishListItems.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wish_list_claims_item_user_key').on(t.itemId, t.userId),
    index('wish_list_claims_user_idx').on(t.userId),
    check('wish_list_claims_quantity', sql`${t.quantity} >= 1`),
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
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPence: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wish_list_pledges_item_user_key').on(t.itemId, t.userId),
    index('wish_list_pledges_user_idx').on(t.userId),
    check('wish_list_pledges_amount', sql`${t.amountPence} >= 1`),
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
