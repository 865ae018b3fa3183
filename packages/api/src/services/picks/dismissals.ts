import { and, desc, eq, pickDismissals, products, type Db } from '@presently/db'
import { AppError, PICK_MESSAGES, type DismissedProductOutput } from '@presently/domain'
import { assertOwnPerson } from '../likes/ownership.ts'

/**
 * "Not for {name}" (issue 20): dismisses a product for one of the user's people; the picks never
 * offer it for them again and count it as a weak negative for its category. Dismissing it twice
 * keeps one row (and its first date).
 * @throws AppError NOT_FOUND "Person not found" (not the user's own) or "Product not found".
 * @returns the dismissed product as dismissedProducts lists it.
 */
export async function dismissProduct(
  db: Db,
  userId: number,
  input: { personId: number; productId: number },
): Promise<DismissedProductOutput> {
  await assertOwnPerson(db, userId, input.personId)
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.productId))
  if (!product) throw new AppError('NOT_FOUND', PICK_MESSAGES.productNotFound)
  await db.transaction(async (tx) => {
    // The person locked until the insert commits: a deletion in another tab answers 404, not 500.
    await assertOwnPerson(tx, userId, input.personId, true)
    await tx
      .insert(pickDismissals)
      .values({ userId, personId: input.personId, productId: input.productId })
      .onConflictDoNothing()
  })
  const [row] = (await listDismissedProducts(db, userId, input.personId)).filter((d) => d.productId === input.productId)
  if (!row) throw new AppError('NOT_FOUND', PICK_MESSAGES.productNotFound)
  return row
}

/**
 * Undoes a "Not for {name}": the product may be picked for the person again.
 * @throws AppError NOT_FOUND "Person not found" or "That product is not dismissed for this person".
 */
export async function undoDismissal(
  db: Db,
  userId: number,
  input: { personId: number; productId: number },
): Promise<void> {
  await assertOwnPerson(db, userId, input.personId)
  const removed = await db
    .delete(pickDismissals)
    .where(
      and(
        eq(pickDismissals.userId, userId),
        eq(pickDismissals.personId, input.personId),
        eq(pickDismissals.productId, input.productId),
      ),
    )
    .returning({ id: pickDismissals.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND', PICK_MESSAGES.dismissalNotFound)
}

/**
 * The products dismissed for one of the user's people, newest first (the person page lists them
 * with Undo).
 * @throws AppError NOT_FOUND "Person not found".
 */
export async function listDismissedProducts(
  db: Db,
  userId: number,
  personId: number,
): Promise<DismissedProductOutput[]> {
  await assertOwnPerson(db, userId, personId)
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      price: products.price,
      imageUrl: products.imageUrl,
      dismissedAt: pickDismissals.createdAt,
    })
    .from(pickDismissals)
    .innerJoin(products, eq(products.id, pickDismissals.productId))
    .where(and(eq(pickDismissals.userId, userId), eq(pickDismissals.personId, personId)))
    .orderBy(desc(pickDismissals.createdAt), desc(pickDismissals.id))
  return rows.map((r) => ({ ...r, price: Number(r.price), dismissedAt: r.dismissedAt.toISOString() }))
}
