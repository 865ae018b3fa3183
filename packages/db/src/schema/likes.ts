import { check, index, integer, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { occasions, people } from './people.ts'

/** Products a user liked (spec account-area §3 "Liked product"). */
export const productLikes = pgTable(
  'product_likes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_likes_user_product_key').on(t.userId, t.productId),
    // A product's deletion cascades here; without it every delete would scan all likes.
    index('product_likes_product_idx').on(t.productId),
  ],
)

/** A liked product's link to a person and/or occasion (spec account-area §3, §5: one at least). */
export const productLikeAssociations = pgTable(
  'product_like_associations',
  {
    id: serial().primaryKey(),
    productLikeId: integer()
      .notNull()
      .references(() => productLikes.id, { onDelete: 'cascade' }),
    personId: integer().references(() => people.id, { onDelete: 'cascade' }),
    occasionId: integer().references(() => occasions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_like_associations_key').on(t.productLikeId, t.personId, t.occasionId).nullsNotDistinct(),
    index('product_like_associations_person_idx').on(t.personId),
    check('product_like_associations_target', sql`${t.personId} is not null or ${t.occasionId} is not null`),
  ],
)
