import { eq, users, type Db } from '@presently/db'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { invalidateUserSessions } from '../auth/session.ts'
import { findUserById } from '../auth/users.ts'

/**
 * Replaces the password after checking the current one, and ends every other session of the
 * account (the one making the change stays signed in).
 * @throws AppError BAD_REQUEST "Current password is incorrect", or when there is no password yet.
 */
export async function changePassword(
  db: Db,
  input: { userId: number; currentSessionId: string | null; currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await findUserById(db, input.userId)
  if (!user?.passwordHash) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.noPasswordToChange)
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong)
  }
  const passwordHash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id))
    await invalidateUserSessions(tx, user.id, input.currentSessionId)
  })
}
