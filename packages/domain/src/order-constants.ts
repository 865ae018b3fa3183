// No zod here: the web app's header and account pages import these (docs/decisions/web-bundle.md).

/** Orders page sizes and default (spec account-area §9 "Orders page size options 5, 10, 20, 50; default 10"). */
export const ORDER_PAGE_SIZES = [5, 10, 20, 50] as const
export const DEFAULT_ORDER_PAGE_SIZE = 10
