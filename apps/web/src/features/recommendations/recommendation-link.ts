import { recommendationSlug } from '@presently/domain'

/** Path params of the category route (/category/$level0/{-$level1}/{-$level2}/{-$level3}). */
export interface CategoryLinkParams {
  level0: string
  level1?: string
  level2?: string
  level3?: string
}

/**
 * Where a recommendation links (spec browsing-and-purchase §4 "Recommendations"): its
 * categoryUrl, or /category/{slug} when it has none, the slug by recommendationSlug (lower-cased,
 * other characters than a-z 0-9 - _ / as "-", hyphens collapsed and trimmed).
 */
export function recommendationPath(recommendation: { category: string; categoryUrl?: string | null }): string {
  const url = recommendation.categoryUrl?.trim()
  if (url) return url
  return `/category/${recommendationSlug(recommendation.category)}`
}

/**
 * The category route's params of a recommendation path, decoded (the router encodes them
 * again), or null when the path is not a category listing of 1 to 4 levels (then a plain link
 * is used).
 */
export function categoryLinkParams(path: string): CategoryLinkParams | null {
  const match = /^\/category\/(.+?)\/?$/.exec(path)
  if (!match?.[1]) return null
  const segments = match[1].split('/')
  if (segments.length > 4 || segments.some((s) => s === '')) return null
  let decoded: string[]
  try {
    decoded = segments.map((s) => decodeURIComponent(s))
  } catch {
    return null
  }
  const [level0 = '', level1, level2, level3] = decoded
  return { level0, level1, level2, level3 }
}
