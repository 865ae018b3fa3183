import { users, type Db } from '@presently/db'
import { AppError, AUTH_MESSAGES, type registerInput } from '@presently/domain'
import type { z } from 'zod'
import { hashPassword } from './password.ts'
import { sendConfirmationEmail, type MailDeps } from './auth-emails.ts'

/**
 * Creates an unconfirmed account and mails its confirmation link (spec browsing-and-purchase
 * §4: after registering the user sees "Check your email"). No session starts: login waits for
 * the confirmation. `input.returnTo` goes into the confirmation link (issue 43 §4).
 * @throws AppError CONFLICT "An account with this email address already exists".
 */
export async function register(
  db: Db,
  deps: MailDeps,
  input: z.output<typeof registerInput>,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password)
  // The unique index on lower(email) settles races: a second insert conflicts and returns nothing.
  const [user] = await db
    .insert(users)
    .values({ email: input.email, passwordHash, displayName: input.displayName ?? null })
    .onConflictDoNothing()
    .returning()
  if (!user) throw new AppError('CONFLICT', AUTH_MESSAGES.emailExists)
  await sendConfirmationEmail(db, deps, user, { returnTo: input.returnTo })
  return { email: user.email }
}
