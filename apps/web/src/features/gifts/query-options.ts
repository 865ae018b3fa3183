import type { QueryClient } from '@tanstack/react-query'
import type { TRPC } from '../../lib/trpc'

/** A person's gift history (GET /api/people/{id}/gifts), newest first. */
export function giftsQueryOptions(trpc: TRPC, personId: number) {
  return trpc.gifts.list.queryOptions({ personId })
}

/** A person's budgets and this year's spend (GET /api/people/{id}/budgets). */
export function budgetsQueryOptions(trpc: TRPC, personId: number) {
  return trpc.gifts.budgets.queryOptions({ personId })
}

/** The occasion plan (GET /api/plan/{occasion}/{year}). */
export function planQueryOptions(trpc: TRPC, occasion: string, year: number) {
  return trpc.gifts.plan.queryOptions({ occasion, year })
}

/**
 * After a present, an order's outcome or a budget changes: histories, budgets, plans, orders
 * and recommendations (their price bands follow the budget) are read again.
 */
export async function refreshAfterGiftChange(queryClient: QueryClient, trpc: TRPC): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.gifts.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.recommendations.pathKey() }),
  ])
}
