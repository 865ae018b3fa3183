import { categoryToSlug, slugToCategory } from '@presently/domain'

/**
 * Category paths: the shop's tree position of a category, its levels joined by "::" (the id of a
 * category tree node, spec browsing-and-purchase §3), e.g. "Hobbies::Model Trains & Railway Sets".
 */
export const PATH_SEPARATOR = '::'

/** Levels of a path, name first. */
export function pathLevels(path: string): string[] {
  return path.split(PATH_SEPARATOR)
}

/** Number of levels of a path (1 for a top-level category). */
export function pathDepth(path: string): number {
  return pathLevels(path).length
}

/** The path one level up, or null for a top-level category. */
export function parentPath(path: string): string | null {
  const at = path.lastIndexOf(PATH_SEPARATOR)
  return at < 0 ? null : path.slice(0, at)
}

/** The top-level category of a path ("Hobbies" of "Hobbies::Model Trains & Railway Sets"). */
export function rootOf(path: string): string {
  const at = path.indexOf(PATH_SEPARATOR)
  return at < 0 ? path : path.slice(0, at)
}

/** True when `path` lies strictly below `ancestor`. */
export function isBelow(path: string, ancestor: string): boolean {
  return path.length > ancestor.length + PATH_SEPARATOR.length && path.startsWith(ancestor + PATH_SEPARATOR)
}

/** True when `path` is `ancestor` or lies below it. */
export function isWithin(path: string, ancestor: string): boolean {
  return path === ancestor || isBelow(path, ancestor)
}

/**
 * The comparable form of a category name, as the database's categoryKey(): lower-cased, "&" as
 * "and", runs of hyphens and white space as one space (packages/db schema/catalog.ts). The
 * listing route matches names this way.
 */
export function categoryNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[-\s]+/g, ' ')
}

/**
 * The shop's own listing of a category: /category/{level0}/{level1}/... with each level turned
 * into its slug (categoryToSlug, spec browsing-and-purchase §4) and percent-encoded as a path
 * segment ("Seasonal Décor" -> "seasonal-d%C3%A9cor").
 */
export function categoryUrl(levels: readonly string[]): string {
  return `/category/${levels.map((level) => encodeURIComponent(categoryToSlug(level))).join('/')}`
}

/**
 * True when the listing at categoryUrl(levels) reads back as these very levels: the route decodes
 * each segment, turns the slug back into a name (slugToCategory) and the server compares names
 * by categoryNameKey. A level holding "/" or "%" (or one whose slug reads back differently)
 * would open another listing or none, so such a category is never recommended.
 */
export function urlReadsBack(levels: readonly string[]): boolean {
  return levels.every((level) => {
    const slug = categoryToSlug(level)
    if (!slug || slug.includes('/') || slug.includes('%')) return false
    const segment = decodeURIComponent(encodeURIComponent(slug))
    return categoryNameKey(slugToCategory(segment)) === categoryNameKey(level.trim())
  })
}
