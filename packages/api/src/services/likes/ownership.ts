import { and, eq, inArray, occasions, people, productLikes, sql } from '@presently/db'
import { AppError, LIKE_MESSAGES, PEOPLE_MESSAGES } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'

/**
 * Throws NOT_FOUND "Liked product not found" unless `productLikeId` is one of `userId`'s likes
 * (another user's answers the same as a missing one). `lock` takes a row lock, so concurrent
 * writes to one like's associations run one after the other.
 */
export async function assertOwnLike(db: Executor, userId: number, productLikeId: number, lock = false): Promise<void> {
  const query = db
    .select({ id: productLikes.id })
    .from(productLikes)
    .where(and(eq(productLikes.id, productLikeId), eq(productLikes.userId, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('NOT_FOUND', LIKE_MESSAGES.likeNotFound)
}

/**
 * Checks the targets of associations: every person must be `userId`'s own (NOT_FOUND "Person
 * not found" otherwise, as for any other user's id) and every occasion must exist (BAD_REQUEST
 * "Please select an occasion"). The people are locked FOR KEY SHARE until the transaction ends,
 * as assertOwnPerson's `lock` does: a deletion in another tab answers "Person not found".
 */
export async function assertTargets(
  db: Executor,
  userId: number,
  targets: { personId: number | null; occasionId: number | null }[],
): Promise<void> {
  const personIds = [...new Set(targets.flatMap((t) => (t.personId === null ? [] : [t.personId])))]
  if (personIds.length) {
    const rows = await db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.userId, userId), inArray(people.id, personIds)))
      .orderBy(people.id)
      .for('key share')
    if (rows.length !== personIds.length) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
  }
  const occasionIds = [...new Set(targets.flatMap((t) => (t.occasionId === null ? [] : [t.occasionId])))]
  if (occasionIds.length) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(occasions)
      .where(inArray(occasions.id, occasionIds))
    if ((row?.n ?? 0) !== occasionIds.length) throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownOccasion)
  }
}

/**
 * Throws NOT_FOUND "Person not found" unless `personId` is one of `userId`'s people.
 *
 * `lock` (inside a transaction that then writes a row pointing at the person): the person's row
 * is locked FOR KEY SHARE until the transaction ends. A deletion of the person in another tab
 * then either waits for this write (and its cascade removes the new row with the person) or
 * has committed first, and this check waits for it and answers "Person not found". Without the
 * lock the check passed on the old row and the write failed on the foreign key: a 500
 * (docs/decisions/concurrency.md).
 */
export async function assertOwnPerson(db: Executor, userId: number, personId: number, lock = false): Promise<void> {
  const query = db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.id, personId), eq(people.userId, userId)))
  const [row] = lock ? await query.for('key share') : await query
  if (!row) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
}
