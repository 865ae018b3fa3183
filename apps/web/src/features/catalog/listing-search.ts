import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@presently/domain'

/** Search params every listing keeps in the URL, so a reload or a shared link opens the same page. */
export interface ListingSearch {
  /** 1-based page; absent means 1. */
  page?: number
  /** Items per page, one of 12/24/36/48; absent means 12 (spec browsing-and-purchase §9). */
  limit?: number
  /** The applied price band in GBP; both or neither (spec §5: sent only as a pair of numbers). */
  minPrice?: number
  maxPrice?: number
}

/** The category query parameters of the search and promo pages (spec browsing-and-purchase §2). */
export interface CategorySearch {
  category_name?: string
  category_level1?: string
  category_level2?: string
  category_level3?: string
}

/** The largest price the listing API accepts as a bound. */
const MAX_PRICE_BOUND = 1_000_000

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : undefined
}

function price(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE_BOUND ? n : undefined
}

/**
 * Reads page, limit and the price band from raw search params; invalid values fall back to the
 * defaults. A price band counts only as a pair of numbers with min <= max.
 */
export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const page = positiveInt(search.page)
  const limit = positiveInt(search.limit)
  const minPrice = price(search.minPrice)
  const maxPrice = price(search.maxPrice)
  const band = minPrice !== undefined && maxPrice !== undefined && minPrice <= maxPrice
  return {
    page: page && page > 1 ? page : undefined,
    limit:
      limit && limit !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : undefined,
    minPrice: band ? minPrice : undefined,
    maxPrice: band ? maxPrice : undefined,
  }
}

/** A search param as text: the router parses "?q=123" as a number, the API wants a string. */
export function textParam(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

/** Reads the category query parameters; blank values count as absent. */
export function parseCategorySearch(search: Record<string, unknown>): CategorySearch {
  return {
    category_name: textParam(search.category_name)?.trim() || undefined,
    category_level1: textParam(search.category_level1)?.trim() || undefined,
    category_level2: textParam(search.category_level2)?.trim() || undefined,
    category_level3: textParam(search.category_level3)?.trim() || undefined,
  }
}

/** The category levels of the query parameters, name first, up to the first missing level. */
export function categorySearchLevels(search: CategorySearch): string[] {
  const present: string[] = []
  for (const level of [search.category_name, search.category_level1, search.category_level2, search.category_level3]) {
    if (!level) break
    present.push(level)
  }
  return present
}

/** The category query parameters of the given levels (name first). */
export function categorySearchOf(levels: readonly string[]): CategorySearch {
  const [category_name, category_level1, category_level2, category_level3] = levels
  return { category_name, category_level1, category_level2, category_level3 }
}
