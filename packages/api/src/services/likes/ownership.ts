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
 * "Please select an occasion").
 */
export async function assertTargets(
  db: Executor,
  userId: number,
  targets: { personId: number | null; occasionId: number | null }[],
): Promise<void> {
  const personIds = [...new Set(targets.flatMap((t) => (t.personId === null ? [] : [t.personId])))]
  if (personIds.length) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(people)
      .where(and(eq(people.userId, userId), inArray(people.id, personIds)))
    if ((row?.n ?? 0) !== personIds.length) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
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

/** Throws NOT_FOUND "Person not found" unless `personId` is one of `userId`'s people. */
export async function assertOwnPerson(db: Executor, userId: number, personId: number): Promise<void> {
  const [row] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.id, personId), eq(people.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
}
