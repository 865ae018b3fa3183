import type { TRPC } from '../../lib/trpc'
import { isNotFound } from '../../lib/api-errors'

/** One page of the user's orders (GET /api/my-orders), kept while the next page loads. */
export function myOrdersQueryOptions(trpc: TRPC, page: number, itemsPerPage: number) {
  return trpc.orders.list.queryOptions({ page, itemsPerPage }, { placeholderData: (previous) => previous })
}

/** One order (GET /api/orders/{id}); "not found" is final, so it is not retried. */
export function orderQueryOptions(trpc: TRPC, id: number) {
  return trpc.orders.byId.queryOptions(
    { id },
    { retry: (failureCount, error) => failureCount < 1 && !isNotFound(error) },
  )
}
