/**
 * Category name to URL slug: lower-cased, "&" turned into "and", spaces into hyphens
 * (spec browsing-and-purchase §4 "Category slug"). "Food & Drink" -> "food-and-drink".
 */
export function categoryToSlug(name: string): string {
  return name.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, '-')
}

/**
 * URL slug back to a category name: "-and-" becomes " & ", hyphens become spaces, and the
 * result is upper-cased as the spec says (spec browsing-and-purchase §4). The server matches
 * category names case-insensitively, so "FOOD & DRINK" finds "Food & Drink".
 */
export function slugToCategory(slug: string): string {
  return decodeURIComponent(slug).replace(/-and-/g, ' & ').replace(/-/g, ' ').toUpperCase()
}

/** Breadcrumb text: levels joined with " > " (spec browsing-and-purchase §4). */
export function breadcrumbText(levels: readonly string[]): string {
  return levels.join(' > ')
}

/**
 * Recommendation category slug: lower-cased; characters other than a-z, 0-9, "-", "_" and "/"
 * become "-"; repeated hyphens collapse; edge hyphens are trimmed
 * (spec browsing-and-purchase §4 "Recommendations", account-area §2).
 */
export function recommendationSlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9\-_/]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
}
