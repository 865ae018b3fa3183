import { eq, sql, users, type Db } from '@presently/db'
import type { Executor } from './executor.ts'
import type { SessionUserOutput } from '@presently/domain'

export type UserRow = typeof users.$inferSelect

/** The account with this email (case-insensitive; emails are stored lower-cased). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
  return row
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}

/** The documented session user (spec browsing-and-purchase §3, account-area §3): no hash leaves. */
export function toSessionUserOutput(row: UserRow): SessionUserOutput {
  return {
    id: row.id,
    email: row.email,
    is_staff: row.isStaff,
    is_admin: row.isAdmin,
    hasPassword: row.passwordHash !== null,
    unsubscribed: row.unsubscribed,
    displayName: row.displayName,
  }
}

/** The signed-in user's documented shape, or null when the account is gone. */
export async function getSessionUser(db: Db, userId: number): Promise<SessionUserOutput | null> {
  const row = await findUserById(db, userId)
  return row ? toSessionUserOutput(row) : null
}
