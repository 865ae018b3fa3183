import type { Db } from '@presently/db'
import { AppError, AUTH_MESSAGES, type loginInput, type SessionUserOutput } from '@presently/domain'
import type { z } from 'zod'
import { verifyDummyPassword, verifyPassword } from './password.ts'
import { startSession, type Session } from './session.ts'
import { findUserByEmail, toSessionUserOutput } from './users.ts'

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
