/** The four category columns of a product (products.category_name, category_level1..3). */
export interface CategoryColumns {
  categoryName: string | null
  categoryLevel1: string | null
  categoryLevel2: string | null
  categoryLevel3: string | null
}

/** Levels the shop keeps: the category name plus 3 sub-levels (spec browsing-and-purchase §3). */
export const MAX_CATEGORY_DEPTH = 4

/**
 * Splits a feed category path such as "Hobbies > Model Trains & Railway Sets > Rail Vehicles"
 * into the product's category columns: level 0 is categoryName, levels 1..3 are
 * categoryLevel1..3 (spec browsing-and-purchase §3: category depth is at most 4 levels).
 *
 * Parts are split on ">" and trimmed; empty parts ("A >  > B", a trailing ">") are dropped.
 * Paths deeper than 4 levels keep their first 4: the shop's category tree has 4 columns, the
 * broad levels are the ones shoppers browse by, and the deepest ones are the narrowest and
 * least shared (in the Amazon catalog only 85 of 10,000 rows have a 5th level, e.g.
 * "... > Accessories > Landscaping > Landscape Architecture"). The importer keeps the full
 * original path in merchantCategory, so nothing is lost.
 *
 * @param path the path, or null/undefined/"" for a product without a category.
 * @returns the four columns; missing levels are null. Never throws.
 */
export function splitCategoryPath(path: string | null | undefined): CategoryColumns {
  const parts = (path ?? '')
    .split('>')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .slice(0, MAX_CATEGORY_DEPTH)
  return {
    categoryName: parts[0] ?? null,
    categoryLevel1: parts[1] ?? null,
    categoryLevel2: parts[2] ?? null,
    categoryLevel3: parts[3] ?? null,
  }
}
