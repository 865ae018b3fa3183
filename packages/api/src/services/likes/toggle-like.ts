import { and, eq, productLikes, products, users, type Db } from '@presently/db'
import { AppError, LIKE_MESSAGES } from '@presently/domain'
import { assertLikeRoom } from '../account/limits.ts'

/**
 * POST /api/products/{id}/like[?type=aw] (spec account-area §4 "Liking a product toggles like
 * and unlike", §7): likes the product, or unlikes it when the user already likes it. A disabled
 * product can be unliked (it stays in the list marked unavailable until then) but not liked.
 * Two toggles at once from one user both apply, one after the other (liked then unliked): each
 * takes a lock on the user's row first, so one user's toggles are serialised while other users
 * never wait. The unique key on (user, product) stays the last guard against a duplicate.
 * @param key shop id, or affiliate-network id with type "aw".
 * @throws AppError NOT_FOUND "Product not found" (absent) or "This product is no longer
 *   available" (disabled, when liking); CONFLICT when the user likes ACCOUNT_LIMITS.likes (5,000)
 *   products already (issue 25; unliking always works).
 * @returns liked: the state after the call; productLikeId: the like's id while liked.
 */
export async function toggleLike(
  db: Db,
  userId: number,
  key: { id: number; type?: 'aw' },
): Promise<{ liked: boolean; productLikeId: number | null }> {
  const [product] = await db
    .select({ id: products.id, disabled: products.disabled })
    .from(products)
    .where(eq(key.type === 'aw' ? products.awProductId : products.id, key.id))
  if (!product) throw new AppError('NOT_FOUND', LIKE_MESSAGES.productNotFound)
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    const [removed] = await tx
      .delete(productLikes)
      .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, product.id)))
      .returning({ id: productLikes.id })
    if (removed) return { liked: false, productLikeId: null }
    if (product.disabled) throw new AppError('NOT_FOUND', LIKE_MESSAGES.productUnavailable)
    await assertLikeRoom(tx, userId)
    const [created] = await tx
      .insert(productLikes)
      .values({ userId, productId: product.id })
      .onConflictDoNothing()
      .returning({ id: productLikes.id })
    if (created) return { liked: true, productLikeId: created.id }
    // Only reachable if a writer outside this function inserted it first: it is liked.
    const [existing] = await tx
      .select({ id: productLikes.id })
      .from(productLikes)
      .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, product.id)))
    return { liked: true, productLikeId: existing?.id ?? null }
  })
}

/** The shop ids of every product the user likes (the like buttons of listings read it). */
export async function listLikedProductIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: productLikes.productId })
    .from(productLikes)
    .where(eq(productLikes.userId, userId))
  return rows.map((r) => r.productId)
}
