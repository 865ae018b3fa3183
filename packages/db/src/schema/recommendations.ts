import { check, pgTable, real, serial, text, unique } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { interests } from './people.ts'

/**
 * The recommender's interest -> catalog mapping (issue 12): each row says that the catalog
 * category at `categoryPath` (levels joined by "::") answers the interest with IAB id
 * `sourceCode`, with `weight` 0..1. Seeded from src/reference/interest-categories.ts by a
 * generated migration; read with the person's interests in the recommendation query.
 */
export const interestCategoryMap = pgTable(
  'interest_category_map',
  {
    id: serial().primaryKey(),
    sourceCode: text()
      .notNull()
      .references(() => interests.sourceCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    categoryPath: text().notNull(),
    weight: real().notNull().default(1),
  },
  (t) => [
    unique('interest_category_map_key').on(t.sourceCode, t.categoryPath),
    check('interest_category_map_weight', sql`${t.weight} > 0 and ${t.weight} <= 1`),
  ],
)
