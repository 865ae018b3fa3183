import type { Db } from '@presently/db'
import { allOf, promoCondition, resolveListingSearch } from '../products/product-filters.ts'
import { categoryTreeWithCounts, type CategoryTreeWithCounts } from './category-tree.ts'

/**
 * The category tree of a search's results with product counts per node
 * (spec browsing-and-purchase §7 GET /api/search/categories-with-counts?q=). A gift question
 * counts what its listing shows (resolveListingSearch, issue 26).
 */
export function searchCategoriesWithCounts(db: Db, q: string): Promise<CategoryTreeWithCounts> {
  return categoryTreeWithCounts(
    db,
    async (reader) => allOf((await resolveListingSearch(reader, q)).conditions),
    `search:${q}`,
  )
}

/**
 * Product counts per category node of a promo's products
 * (spec browsing-and-purchase §7 GET /api/category-overrides/category-counts/promo/{promoId}).
 */
export function promoCategoriesWithCounts(db: Db, promoId: number): Promise<CategoryTreeWithCounts> {
  return categoryTreeWithCounts(db, promoCondition(promoId), `promo:${promoId}`)
}
