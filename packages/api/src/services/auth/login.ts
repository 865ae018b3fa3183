import type { Db } from '@presently/db'
import { AppError, AUTH_MESSAGES, type loginInput, type SessionUserOutput } from '@presently/domain'
import type { z } from 'zod'
import { verifyDummyPassword, verifyPassword } from './password.ts'
import { startSession, type Session } from './session.ts'
import { findUserByEmail, toSessionUserOutput } from './users.ts'
import type { AuthPlumbing } from '../../trpc.ts'

/**
 * Checks the credentials and starts a session. An unknown email, an account without a
 * password (Google only) and a wrong password all cost one argon2 verification and answer the
 * same 401, so neither the answer nor its timing tells whether the account exists. Only after
 * the password matched does an unconfirmed account learn it must confirm (403).
 * @returns the session user and the new session token for the cookie.
 * @throws AppError UNAUTHORIZED "Invalid email or password"; FORBIDDEN "...confirm your email...".
 */
export async function login(
  db: Db,
  input: z.output<typeof loginInput>,
): Promise<{ user: SessionUserOutput; token: string; session: Session }> {
  const user = await findUserByEmail(db, input.email)
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password)
  if (!user || !ok) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials)
  if (!user.emailConfirmedAt) throw new AppError('FORBIDDEN', AUTH_MESSAGES.emailNotConfirmed)
  const { token, session } = await startSession(db, user.id)
  return { user: toSessionUserOutput(user), token, session }
}

/**
 * Sign-in as both the REST route and the tRPC procedure run it: the rate limits first, then
 * {@link login}, then the outcome told to the limits (a wrong password counts as a failure; a
 * correct one, even of an unconfirmed account, does not). Issue 25: failures, not attempts,
 * count against an email, so a stranger cannot lock a user out (docs/decisions/rate-limits.md).
 * @throws what `login` and `plumbing.rateLimit` throw.
 */
export async function limitedLogin(
  db: Db,
  plumbing: Pick<AuthPlumbing, 'rateLimit' | 'recordLogin'>,
  input: z.output<typeof loginInput>,
): Promise<{ user: SessionUserOutput; token: string; session: Session }> {
  await plumbing.rateLimit('login', input.email)
  try {
    const result = await login(db, input)
    await plumbing.recordLogin(input.email, true)
    return result
  } catch (error) {
    if (error instanceof AppError && (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN')) {
      await plumbing.recordLogin(input.email, error.code === 'FORBIDDEN')
    }
    throw error
  }
}
