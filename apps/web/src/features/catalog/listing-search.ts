import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@presently/domain'

/** Search params every listing keeps in the URL, so a reload or a shared link opens the same page. */
export interface ListingSearch {
  /** 1-based page; absent means 1. */
  page?: number
  /** Items per page, one of 12/24/36/48; absent means 12 (spec browsing-and-purchase §9). */
  limit?: number
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : undefined
}

/** Reads page and limit from raw search params; invalid values fall back to the defaults. */
export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const page = positiveInt(search.page)
  const limit = positiveInt(search.limit)
  return {
    page: page && page > 1 ? page : undefined,
    limit:
      limit && limit !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : undefined,
  }
}

/** A search param as text: the router parses "?q=123" as a number, the API wants a string. */
export function textParam(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}
