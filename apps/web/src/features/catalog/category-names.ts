import { categoryToSlug, slugToCategory } from '@presently/domain'

/** Category filter fields of products.list, from the first (name) to the deepest level. */
export interface CategoryFilter {
  categoryName?: string
  categoryLevel1?: string
  categoryLevel2?: string
  categoryLevel3?: string
}

/** Turns category levels (name first) into the products.list filter fields. */
export function categoryFilter(levels: readonly string[]): CategoryFilter {
  const [categoryName, categoryLevel1, categoryLevel2, categoryLevel3] = levels
  return { categoryName, categoryLevel1, categoryLevel2, categoryLevel3 }
}

/** URL slugs to category names as the spec reads them back (upper-cased, spec §4). */
export function slugsToCategories(slugs: readonly string[]): string[] {
  return slugs.map((slug) => slugToCategory(slug))
}

/** A readable name for a slug-derived (upper-cased) category: "ARTS & CRAFTS" -> "Arts & Crafts". */
export function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s/-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
}

/** Route of the category pages: a name and up to three optional sub-levels (spec §2). */
export const CATEGORY_ROUTE = '/category/$level0/{-$level1}/{-$level2}/{-$level3}' as const

/** Path params of the category page of the given levels (name first), as slugs. */
export function categoryParams(levels: readonly string[]) {
  const [level0 = '', level1, level2, level3] = levels.map((level) => categoryToSlug(level))
  return { level0, level1, level2, level3 }
}

/** The category levels of a product, name first, without empty levels. */
export function productCategoryLevels(product: {
  categoryName: string | null
  category_level1: string | null
  category_level2: string | null
  category_level3: string | null
}): string[] {
  const levels = [product.categoryName, product.category_level1, product.category_level2, product.category_level3]
  const present: string[] = []
  for (const level of levels) {
    if (!level) break
    present.push(level)
  }
  return present
}
