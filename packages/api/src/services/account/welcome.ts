import { and, eq, isNull, users, type Db } from '@presently/db'
import type { WelcomeOutput } from '@presently/domain'

/**
 * Whether the user is on their first visit (issue 26): true until they finish or skip the
 * home page's start (users.welcomed_at is null). GET /api/user/welcome and account.welcome.
 */
export async function getWelcome(db: Db, userId: number): Promise<WelcomeOutput> {
  const [row] = await db.select({ welcomedAt: users.welcomedAt }).from(users).where(eq(users.id, userId))
  return { firstVisit: row !== undefined && row.welcomedAt === null }
}

/**
 * Ends the first visit (issue 26): stamps users.welcomed_at once (a second call keeps the first
 * time), so home says "Welcome back" from then on. POST /api/user/welcome and account.finishWelcome.
 */
export async function finishWelcome(db: Db, userId: number): Promise<WelcomeOutput> {
  await db
    .update(users)
    .set({ welcomedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.welcomedAt)))
  return { firstVisit: false }
}
