import { index, integer, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { people } from './people.ts'

/**
 * "Not for {name}" (issue 20): a product the user dismissed for one person. The gift picks never
 * offer it for that person again and read it as a weak negative for its category; the person
 * page lists them and can undo one (the row is deleted). Deleting the user, the person or the
 * product deletes the row.
 */
export const pickDismissals = pgTable(
  'pick_dismissals',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pick_dismissals_person_product_key').on(t.personId, t.productId),
    // A product's deletion cascades here; without it every delete would scan all dismissals.
    index('pick_dismissals_product_idx').on(t.productId),
    index('pick_dismissals_user_idx').on(t.userId),
  ],
)
