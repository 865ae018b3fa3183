import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { occasions, people } from './people.ts'

/** What became of an order (issue 22): the present was bought, or it was not. */
export const orderOutcome = pgEnum('order_outcome', ['bought', 'not_bought'])

/**
 * Click-throughs to a merchant's affiliate link; the account area shows them as orders
 * (spec account-area §3 "Order", browsing-and-purchase §4 "Buy flow").
 */
export const clickThroughs = pgTable(
  'click_throughs',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    personId: integer().references(() => people.id, { onDelete: 'set null' }),
    occasionId: integer().references(() => occasions.id, { onDelete: 'set null' }),
    affiliateUrl: text(),
    /** The product's price at click time, integer pence (issue 22); backfilled from the price of the migration's day. */
    pricePence: integer(),
    /** Null until the user marks the order (issue 22); unmarked orders older than 30 days read "Not confirmed". */
    outcome: orderOutcome(),
    /** The price paid in pence when bought (null otherwise). */
    pricePaidPence: integer(),
    outcomeAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // My Orders pages newest first (created_at desc, id desc): the page's ids come from this
    // index alone, however deep the page.
    index('click_throughs_user_created_idx').on(t.userId, t.createdAt, t.id),
    // Deleting a product or person sets these null; without an index each delete scans every order.
    index('click_throughs_product_idx').on(t.productId),
    index('click_throughs_person_idx').on(t.personId),
    check('click_throughs_price_paid_check', sql`${t.pricePaidPence} is null or ${t.pricePaidPence} >= 0`),
  ],
)
