import { and, eq, isNull, users, type Db } from '@presently/db'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import { hashPassword } from '../auth/password.ts'

/**
 * Gives a password to an account that has none (Google sign-in only; account-area §2 "Set
 * Password"). Sessions stay: nothing that could have leaked changed.
 * @throws AppError BAD_REQUEST when the account already has a password.
 */
export async function setPassword(db: Db, input: { userId: number; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password)
  const updated = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, input.userId), isNull(users.passwordHash)))
    .returning({ id: users.id })
  if (updated.length === 0) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.passwordAlreadySet)
}
