import { count, eq, eventPeople, people, productLikes, users } from '@presently/db'
import { ACCOUNT_LIMITS, AppError, LIMIT_MESSAGES } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'

/**
 * The per-user caps of issue 25 (ACCOUNT_LIMITS, docs/decisions/account-limits.md), checked inside
 * the caller's transaction after a lock on the user's row (FOR NO KEY UPDATE): two creates of one
 * user at the limit run one after the other, so the second sees the first's row and is refused.
 * Other users never wait. Call first thing in the transaction that inserts.
 */
export async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
}

/**
 * Locks the user and refuses a new person past ACCOUNT_LIMITS.people.
 * @throws AppError CONFLICT LIMIT_MESSAGES.people
 */
export async function reservePerson(tx: Executor, userId: number): Promise<void> {
  await lockUser(tx, userId)
  const [row] = await tx.select({ n: count() }).from(people).where(eq(people.userId, userId))
  if ((row?.n ?? 0) >= ACCOUNT_LIMITS.people) throw new AppError('CONFLICT', LIMIT_MESSAGES.people)
}

/**
 * Locks the user and refuses `adding` more events for the person past ACCOUNT_LIMITS.eventsPerPerson.
 * @throws AppError CONFLICT LIMIT_MESSAGES.eventsPerPerson
 */
export async function reserveEvents(tx: Executor, userId: number, personId: number, adding = 1): Promise<void> {
  await lockUser(tx, userId)
  const [row] = await tx.select({ n: count() }).from(eventPeople).where(eq(eventPeople.personId, personId))
  if ((row?.n ?? 0) + adding > ACCOUNT_LIMITS.eventsPerPerson) {
    throw new AppError('CONFLICT', LIMIT_MESSAGES.eventsPerPerson)
  }
}

/**
 * Refuses a new like past ACCOUNT_LIMITS.likes; the caller already holds the user's lock
 * (toggleLike takes it to serialise one user's toggles).
 * @throws AppError CONFLICT LIMIT_MESSAGES.likes
 */
export async function assertLikeRoom(tx: Executor, userId: number): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(productLikes).where(eq(productLikes.userId, userId))
  if ((row?.n ?? 0) >= ACCOUNT_LIMITS.likes) throw new AppError('CONFLICT', LIMIT_MESSAGES.likes)
}
