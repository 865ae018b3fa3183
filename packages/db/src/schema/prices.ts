import { bigserial, boolean, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog.ts'

/**
 * Every change of a product's price or stock (issue 39 "Price history"), one row per change: the
 * price in pence and what the feed said of stock from `observedAt` on. Written by the trigger
 * `products_price_history` (migration issue39_price_history_sql) whenever an UPDATE of products
 * changes price or in_stock, whoever makes it (a feed refresh, staff, SQL by hand); the first
 * change of a product also records the price it had before, observed at its previous updated_at.
 * A product with no row has kept its price since it was created. Nothing is written on INSERT, so
 * the first import of a feed stays as fast as it was.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The shop's price (GBP) in pence. */
    pricePence: integer().notNull(),
    /** The feed's stock: true, false (none left, or no longer sold), null (it says nothing). */
    inStock: boolean(),
    observedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.observedAt)],
)
