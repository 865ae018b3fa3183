import { and, clickThroughs, eq, gifts, isNotNull } from '@presently/db'
import type { Executor } from '../auth/executor.ts'

/**
 * The shop products already given to, bought for or clicked through for a person (issue 22
 * "a product given to this person is never suggested to them again"), for product picks to leave
 * out: every click-through (order) for the person whatever its outcome, and every present by hand
 * that names a shop product (resolveGiftProduct). Distinct ids, ascending. Only `userId`'s own
 * rows are read, so another user's person gives an empty list (no error).
 */
export async function givenProductIds(db: Executor, input: { userId: number; personId: number }): Promise<number[]> {
  const ordered = await db
    .selectDistinct({ id: clickThroughs.productId })
    .from(clickThroughs)
    .where(
      and(
        eq(clickThroughs.userId, input.userId),
        eq(clickThroughs.personId, input.personId),
        isNotNull(clickThroughs.productId),
      ),
    )
  const given = await db
    .selectDistinct({ id: gifts.productId })
    .from(gifts)
    .where(and(eq(gifts.userId, input.userId), eq(gifts.personId, input.personId), isNotNull(gifts.productId)))
  return [...new Set([...ordered, ...given].map((r) => r.id!))].sort((a, b) => a - b)
}
