import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { occasions, people } from './people.ts'

/**
 * Presents given to a person that were not bought through the shop, added by hand (issue 22
 * "Gift history"). Bought orders are the other half of a person's gift history; they stay in
 * click_throughs. Money is integer pence.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** Null: given for no particular occasion ("just because"). */
    occasionId: integer().references(() => occasions.id, { onDelete: 'set null' }),
    title: text().notNull(),
    /** http or https only. */
    link: text(),
    /** The shop's product the title or link names, when one does: the "not again" rule reads it. */
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    /** Price paid in pence; null when not known (a present made by hand). */
    pricePaidPence: integer(),
    givenOn: date({ mode: 'string' }).notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A person's history newest first, and the plan's gifts of one user by person.
    index('gifts_person_given_idx').on(t.personId, t.givenOn),
    index('gifts_user_idx').on(t.userId),
    index('gifts_product_idx').on(t.productId),
    check('gifts_price_paid_check', sql`${t.pricePaidPence} is null or ${t.pricePaidPence} >= 0`),
  ],
)

/**
 * Budgets per person (issue 22): occasionId null is the person's default budget, otherwise the
 * budget for that occasion. Whole pounds, stored as pence. At most one row per person and occasion.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    occasionId: integer().references(() => occasions.id, { onDelete: 'cascade' }),
    amountPence: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('budgets_person_occasion_key').on(t.personId, t.occasionId).nullsNotDistinct(),
    index('budgets_user_idx').on(t.userId),
    check('budgets_amount_check', sql`${t.amountPence} >= 0`),
  ],
)
