import { eq, sql, users, type Db } from '@presently/db'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import { consumeEmailToken, isEmailTokenValid, spendAllEmailTokens } from './email-tokens.ts'
import { sendResetPasswordEmail, type DeferredMailDeps } from './auth-emails.ts'
import { hashPassword } from './password.ts'
import { invalidateUserSessions } from './session.ts'
import { findUserByEmail } from './users.ts'

/**
 * Mails a 1-hour reset link when the account exists (also to Google-only accounts, which then
 * get a password). The caller answers the neutral message in every case (spec
 * browsing-and-purchase §8), and answers it before any of the work: the lookup, the token, the
 * rendering and the mail all run in `deps.afterResponse`, so a known and an unknown email take
 * the same time to answer and the timing cannot tell which addresses have accounts.
 */
export function forgotPassword(db: Db, deps: DeferredMailDeps, email: string): void {
  deps.afterResponse('forgot-password mail', async () => {
    const user = await findUserByEmail(db, email)
    if (user) await sendResetPasswordEmail(db, deps, user)
  })
}

/** Whether a reset link still works (GET /api/auth/validate-token/{token}); spends nothing. */
export function validateResetToken(db: Db, token: string): Promise<boolean> {
  return isEmailTokenValid(db, token, 'reset_password')
}

/**
 * Sets a new password from a reset link. The link proves the mailbox, so an unconfirmed email
 * becomes confirmed; every other reset link of the account dies and every session ends (a
 * reset is what a user does when someone else may know the old password).
 * @throws AppError BAD_REQUEST "Password reset failed. The link may be invalid or expired."
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset_password')
    if (userId === null) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetFailed)
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
    await spendAllEmailTokens(tx, userId, 'reset_password')
    await invalidateUserSessions(tx, userId)
  })
}
