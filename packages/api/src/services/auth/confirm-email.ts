import { eq, sql, users, type Db } from '@presently/db'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import { consumeEmailToken } from './email-tokens.ts'
import { sendConfirmationEmail, type DeferredMailDeps } from './auth-emails.ts'
import { findUserByEmail } from './users.ts'
import { moveGuestToAccount } from '../guests/move-to-account.ts'

/**
 * Spends a confirmation token and marks the email confirmed (idempotent for the account); a
 * confirmed guest with the same email is then moved to the account (issue 37).
 * @throws AppError BAD_REQUEST "Failed to confirm email. The token may be invalid or expired."
 */
export async function confirmEmail(db: Db, token: string): Promise<void> {
  const userId = await consumeEmailToken(db, token, 'confirm_email')
  if (userId === null) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.confirmFailed)
  const [user] = await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email })
  // Issue 37: a guest who confirmed this same address brings their claims and pledges, once
  // (the guest row goes with the move, so a second confirmation finds nothing to move).
  if (user) await moveGuestToAccount(db, { userId, email: user.email })
}

/**
 * Mails a new confirmation link when the account exists and is still unconfirmed. The caller
 * answers the same in every case and before any of the work (lookup, token, mail run in
 * `deps.afterResponse`), so neither the answer nor its timing can probe for accounts.
 */
export function resendConfirmation(db: Db, deps: DeferredMailDeps, email: string): void {
  deps.afterResponse('resend-confirmation mail', async () => {
    const user = await findUserByEmail(db, email)
    if (user && !user.emailConfirmedAt) await sendConfirmationEmail(db, deps, user)
  })
}
