import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from '@presently/domain'

// Its own module: the route's validateSearch stays in the entry chunk, the list (cards, images,
// the likes editor they share) loads with the page (docs/decisions/web-bundle.md).

/** The page and page size of My Orders, from the URL (?page=2&size=20). */
export interface OrdersPageState {
  page: number
  size: number
}

/** Reads ?page and ?size: a page from 1, a size of 5, 10, 20 or 50 (default 10, spec account-area §9). */
export function parseOrdersSearch(search: Record<string, unknown>): Partial<OrdersPageState> {
  const page = Number(search.page)
  const size = Number(search.size)
  return {
    ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}),
    ...((ORDER_PAGE_SIZES as readonly number[]).includes(size) && size !== DEFAULT_ORDER_PAGE_SIZE ? { size } : {}),
  }
}
