import { and, clickThroughs, eq, sql, type Db } from '@presently/db'
import { AppError, ORDER_MESSAGES, poundsToPence, type OrderOutcomeInput, type OrderOutput } from '@presently/domain'
import { getOrder } from '../orders/orders.ts'

/**
 * PUT /api/orders/{id}/outcome (issue 22): marks an order "bought" (price paid in pounds,
 * default the product's price at click time) or "not_bought" (which clears any price paid).
 * One UPDATE of the order's own row: two marks at once leave one outcome, the later one's.
 * @throws AppError NOT_FOUND "Order not found" for a missing order or another user's.
 * @returns the order as GET /api/orders/{id} answers it.
 */
export async function setOrderOutcome(
  db: Db,
  userId: number,
  orderId: number,
  input: OrderOutcomeInput,
): Promise<OrderOutput> {
  const bought = input.outcome === 'bought'
  const updated = await db
    .update(clickThroughs)
    .set({
      outcome: input.outcome,
      pricePaidPence: bought
        ? input.pricePaid !== undefined && input.pricePaid !== null
          ? poundsToPence(input.pricePaid)
          : sql`${clickThroughs.pricePence}`
        : null,
      outcomeAt: new Date(),
    })
    .where(and(eq(clickThroughs.id, orderId), eq(clickThroughs.userId, userId)))
    .returning({ id: clickThroughs.id })
  if (updated.length === 0) throw new AppError('NOT_FOUND', ORDER_MESSAGES.orderNotFound)
  return getOrder(db, userId, orderId)
}
