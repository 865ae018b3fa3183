import { and, asc, eq, inArray, productLikeAssociations, sql, type Db } from '@presently/db'
import type { AssociationOutput, AssociationTarget } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { assertOwnLike, assertTargets } from './ownership.ts'

const associationColumns = {
  id: productLikeAssociations.id,
  productLikeId: productLikeAssociations.productLikeId,
  personId: productLikeAssociations.personId,
  occasionId: productLikeAssociations.occasionId,
}

async function readAssociations(db: Executor, productLikeId: number): Promise<AssociationOutput[]> {
  return db
    .select(associationColumns)
    .from(productLikeAssociations)
    .where(eq(productLikeAssociations.productLikeId, productLikeId))
    .orderBy(asc(productLikeAssociations.id))
}

/**
 * GET /api/product-like-associations/{productLikeId} (spec account-area §7): the people and
 * occasions a liked product is for, oldest first.
 * @throws AppError NOT_FOUND "Liked product not found" for a missing like or another user's.
 */
export async function listAssociations(db: Db, userId: number, productLikeId: number): Promise<AssociationOutput[]> {
  await assertOwnLike(db, userId, productLikeId)
  return readAssociations(db, productLikeId)
}

/**
 * POST /api/product-like-associations/batch {productLikeId, associations[]} (spec account-area
 * §7 "replaces the full list"): the like's associations become exactly `associations`, with
 * repeats kept once. Associations that stay keep their ids. One transaction, the like's row
 * locked, so concurrent saves of one like apply one after the other.
 * @throws AppError NOT_FOUND "Liked product not found" (another user's like) or "Person not
 *   found" (another user's person); BAD_REQUEST "Please select an occasion" (unknown occasion).
 * @returns the saved list, oldest first.
 */
export async function replaceAssociations(
  db: Db,
  userId: number,
  input: { productLikeId: number; associations: AssociationTarget[] },
): Promise<AssociationOutput[]> {
  const { productLikeId } = input
  const wanted = [...new Map(input.associations.map((a) => [`${a.personId}:${a.occasionId}`, a])).values()]
  return db.transaction(async (tx) => {
    await assertOwnLike(tx, userId, productLikeId, true)
    await assertTargets(tx, userId, wanted)
    const current = await readAssociations(tx, productLikeId)
    const key = (a: { personId: number | null; occasionId: number | null }) => `${a.personId}:${a.occasionId}`
    const wantedKeys = new Set(wanted.map(key))
    const currentKeys = new Set(current.map(key))
    const removed = current.filter((a) => !wantedKeys.has(key(a))).map((a) => a.id)
    if (removed.length) {
      await tx
        .delete(productLikeAssociations)
        .where(
          and(eq(productLikeAssociations.productLikeId, productLikeId), inArray(productLikeAssociations.id, removed)),
        )
    }
    const added = wanted.filter((a) => !currentKeys.has(key(a)))
    if (added.length) {
      await tx
        .insert(productLikeAssociations)
        .values(added.map((a) => ({ productLikeId, personId: a.personId, occasionId: a.occasionId })))
        .onConflictDoNothing()
    }
    return readAssociations(tx, productLikeId)
  })
}

/**
 * POST /api/product-like-associations {productLikeId, personId, occasionId} (spec account-area
 * §7 "copies one association", the drop of an event chip on another card). A copy the like
 * already has is not an error: it answers the existing association with created false.
 * @throws AppError as replaceAssociations.
 */
export async function copyAssociation(
  db: Db,
  userId: number,
  input: { productLikeId: number } & AssociationTarget,
): Promise<{ association: AssociationOutput; created: boolean }> {
  const target = { personId: input.personId, occasionId: input.occasionId }
  return db.transaction(async (tx) => {
    await assertOwnLike(tx, userId, input.productLikeId, true)
    await assertTargets(tx, userId, [target])
    const [created] = await tx
      .insert(productLikeAssociations)
      .values({ productLikeId: input.productLikeId, ...target })
      .onConflictDoNothing()
      .returning(associationColumns)
    if (created) return { association: created, created: true }
    const [existing] = await tx
      .select(associationColumns)
      .from(productLikeAssociations)
      .where(
        and(
          eq(productLikeAssociations.productLikeId, input.productLikeId),
          sql`${productLikeAssociations.personId} is not distinct from ${target.personId}`,
          sql`${productLikeAssociations.occasionId} is not distinct from ${target.occasionId}`,
        ),
      )
    return { association: existing!, created: false }
  })
}
