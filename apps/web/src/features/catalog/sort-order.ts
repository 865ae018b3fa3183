import { useCallback, useState } from 'react'
import { SORT_ORDERS, type SortOrder } from '@presently/domain'

/** Local storage key of the listing sort order (spec browsing-and-purchase §4 "Sort order"). */
export const SORT_ORDER_KEY = 'sort-order'
/**
 * The order a listing shows before the user picks one: no sort is sent, so the server orders
 * by "Recommended" (popularity) when browsing, by relevance when searching and in the promo's
 * own order on promo pages (docs/decisions/default-sort.md). On category pages that is what
 * "Recommended" shows; search pages offer it as "Best match" and promo pages as "Featured".
 */
export const BROWSE_DEFAULT_SORT: SortOrder = 'recommended'

export const SORT_LABELS: Record<SortOrder, string> = {
  recommended: 'Recommended',
  random: 'Random',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name_asc: 'Name: A-Z',
  name_desc: 'Name: Z-A',
}

export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === 'string' && (SORT_ORDERS as readonly string[]).includes(value)
}

/** The sort order stored under "sort-order", or null when none (or storage is unavailable). */
export function readStoredSort(): SortOrder | null {
  try {
    const stored = window.localStorage.getItem(SORT_ORDER_KEY)
    return isSortOrder(stored) ? stored : null
  } catch {
    return null
  }
}

/**
 * The listing sort order the user chose, persisted in local storage under "sort-order" as the
 * plain value; null while they have not chosen one (then the server's default order applies).
 */
export function useSortOrder(): [SortOrder | null, (next: SortOrder | null) => void] {
  const [sort, setSort] = useState<SortOrder | null>(readStoredSort)
  const update = useCallback((next: SortOrder | null) => {
    setSort(next)
    try {
      if (next) window.localStorage.setItem(SORT_ORDER_KEY, next)
      else window.localStorage.removeItem(SORT_ORDER_KEY)
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
  }, [])
  return [sort, update]
}

const SEED_KEY = 'listing-seed'

/**
 * The seed that keeps "random" order stable across the pages of one browsing session (the
 * server orders by md5(id || seed)), so paging never repeats or skips a product. One per tab.
 */
export function randomSeed(): string {
  try {
    const existing = window.sessionStorage.getItem(SEED_KEY)
    if (existing) return existing
    const seed = Math.random().toString(36).slice(2, 10)
    window.sessionStorage.setItem(SEED_KEY, seed)
    return seed
  } catch {
    return 'presently'
  }
}
