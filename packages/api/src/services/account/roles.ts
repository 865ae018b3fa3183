import { eq, sql, users, type Db } from '@presently/db'
import { AppError, type Role } from '@presently/domain'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { invalidateUserSessions } from '../auth/session.ts'
import { findUserByEmail } from '../auth/users.ts'

export interface RoleHolder {
  id: number
  email: string
  is_staff: boolean
  is_admin: boolean
}

/**
 * Grants or revokes a role (spec browsing-and-purchase §6: is_staff, is_admin). Used by the
 * `npm run user` CLI and the admin-only `account.setRole` procedure.
 * @throws AppError NOT_FOUND when no account has this email.
 */
export async function setRole(db: Db, input: { email: string; role: Role; granted: boolean }): Promise<RoleHolder> {
  const user = await findUserByEmail(db, input.email)
  if (!user) throw new AppError('NOT_FOUND', `No account with the email ${input.email.trim().toLowerCase()}`)
  const [row] = await db
    .update(users)
    .set({
      ...(input.role === 'staff' ? { isStaff: input.granted } : { isAdmin: input.granted }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning({ id: users.id, email: users.email, is_staff: users.isStaff, is_admin: users.isAdmin })
  if (!row) throw new AppError('NOT_FOUND', `No account with the email ${input.email}`)
  return row
}

/**
 * Makes sure the account of ADMIN_EMAIL exists, is confirmed, is an admin and has
 * ADMIN_PASSWORD (run at every start). A changed password ends the account's sessions.
 * @returns what it did: "created", "updated" or "unchanged".
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string },
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = input.email.trim().toLowerCase()
  const existing = await findUserByEmail(db, email)
  if (!existing) {
    await db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(input.password), emailConfirmedAt: new Date(), isAdmin: true })
    return 'created'
  }
  const passwordOk = existing.passwordHash !== null && (await verifyPassword(existing.passwordHash, input.password))
  if (passwordOk && existing.isAdmin && existing.emailConfirmedAt) return 'unchanged'
  await db
    .update(users)
    .set({
      isAdmin: true,
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      ...(passwordOk ? {} : { passwordHash: await hashPassword(input.password) }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, existing.id))
  if (!passwordOk) await invalidateUserSessions(db, existing.id)
  return 'updated'
}
