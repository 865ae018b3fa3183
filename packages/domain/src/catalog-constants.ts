// No zod here: the web app's entry chunk imports these, and zod (about 25 KB gzip) stays out of
// it only while this module does not pull it in (docs/decisions/web-bundle.md).

/**
 * Sort orders of product listings (spec browsing-and-purchase §3 "Sort order values"), plus
 * "recommended", the default order (docs/decisions/default-sort.md).
 */
export const SORT_ORDERS = ['recommended', 'random', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** Page size options of listings; default 12 (spec browsing-and-purchase §9). */
export const PAGE_SIZES = [12, 24, 36, 48] as const
export const DEFAULT_PAGE_SIZE = 12
/** The largest page a listing call accepts; larger limits get a 400. */
export const MAX_PAGE_SIZE = 100

/** A numeric id of 5 or more digits is an affiliate-network id (spec browsing-and-purchase §5). */
export function isAffiliateId(id: string | number): boolean {
  return /^\d{5,}$/.test(String(id))
}
