import { eq, occasions, people, users, type Db } from '@presently/db'
import type { SessionUser } from '../trpc.ts'

/**
 * A confirmed account with `email` (and staff/admin roles when given), inserted directly, as the
 * session user a tRPC caller acts for. Test fixture.
 */
export async function makeUser(
  db: Db,
  email: string,
  roles: { isStaff?: boolean; isAdmin?: boolean } = {},
): Promise<SessionUser> {
  const [row] = await db
    .insert(users)
    .values({ email, emailConfirmedAt: new Date(), ...roles })
    .returning()
  return { id: row!.id, email, isStaff: row!.isStaff, isAdmin: row!.isAdmin }
}

/** A person named `name` of user `userId`, inserted directly; returns its id. Test fixture. */
export async function makePerson(db: Db, userId: number, name: string): Promise<number> {
  const [row] = await db.insert(people).values({ userId, name }).returning({ id: people.id })
  return row!.id
}

/** The id of the seeded occasion whose value is `value` (e.g. "birthday"). Test fixture. */
export async function occasionId(db: Db, value: string): Promise<number> {
  const [row] = await db.select({ id: occasions.id }).from(occasions).where(eq(occasions.value, value))
  if (!row) throw new Error(`no occasion "${value}" in the reference data`)
  return row.id
}
