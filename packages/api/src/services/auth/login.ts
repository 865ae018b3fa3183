import type { Db } from '@presently/db'
import {
  AppError,
  AUTH_MESSAGES,
  type loginInput,
  type loginWithCodeInput,
  type SessionUserOutput,
} from '@presently/domain'
import type { z } from 'zod'
import { verifyDummyPassword, verifyPassword } from './password.ts'
import { startSession, type Session } from './session.ts'
import { issueSignInCode, spendSignInCode } from './sign-in-code.ts'
import { findUserByEmail, toSessionUserOutput, type UserRow } from './users.ts'
import type { AuthPlumbing } from '../../trpc.ts'

/**
 * The account of `input` when its password is right, else null. An unknown email, an account
 * without a password (Google only) and a wrong password all cost one argon2 verification, so
 * neither the answer nor its timing tells whether the account exists.
 */
async function checkPassword(db: Db, input: { email: string; password: string }): Promise<UserRow | null> {
  const user = await findUserByEmail(db, input.email)
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password)
  return user && ok ? user : null
}

/** The signed-in answer: a session for a confirmed account, else 403 (after the password matched). */
async function signIn(db: Db, user: UserRow): Promise<{ user: SessionUserOutput; token: string; session: Session }> {
  if (!user.emailConfirmedAt) throw new AppError('FORBIDDEN', AUTH_MESSAGES.emailNotConfirmed)
  const { token, session } = await startSession(db, user.id)
  return { user: toSessionUserOutput(user), token, session }
}

/**
 * Checks the credentials and starts a session (see checkPassword). Only after the password matched
 * does an unconfirmed account learn it must confirm (403).
 * @returns the session user and the new session token for the cookie.
 * @throws AppError UNAUTHORIZED "Invalid email or password"; FORBIDDEN "...confirm your email...".
 */
export async function login(
  db: Db,
  input: z.output<typeof loginInput>,
): Promise<{ user: SessionUserOutput; token: string; session: Session }> {
  const user = await checkPassword(db, input)
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials)
  return signIn(db, user)
}

/**
 * Sign-in as both the REST route and the tRPC procedure run it: the rate limits first, then
 * {@link login}, then the outcome told to the limits (a wrong password counts as a failure; a
 * correct one, even of an unconfirmed account, does not). Issue 25: failures, not attempts,
 * count against an email, so a stranger cannot lock a user out (docs/decisions/rate-limits.md).
 *
 * Issue 41: while the email's failures from all addresses are past AUTH_LOGIN_EMAIL_FAILURE_MAX
 * (`plumbing.loginNeedsCode`; never for the user's own signed-in device), every attempt, right
 * password or wrong, answers 401 AUTH_MESSAGES.signInCodeSent, and a right password has a
 * one-time code emailed (after the answer, so its timing tells nothing). The sign-in then ends
 * with {@link limitedLoginWithCode}. A wrong password still counts as a failure; a right one does
 * not clear the (IP, email) count, which would tell the attacker which guess was right.
 * @throws what `login` and `plumbing.rateLimit` throw; UNAUTHORIZED signInCodeSent as above.
 */
export async function limitedLogin(
  db: Db,
  plumbing: Pick<AuthPlumbing, 'rateLimit' | 'recordLogin' | 'loginNeedsCode' | 'mailer' | 'appUrl' | 'afterResponse'>,
  input: z.output<typeof loginInput>,
): Promise<{ user: SessionUserOutput; token: string; session: Session }> {
  await plumbing.rateLimit('login', input.email)
  if (await plumbing.loginNeedsCode(input.email)) {
    const user = await checkPassword(db, input)
    if (user) plumbing.afterResponse('sign-in code mail', async () => void (await issueSignInCode(db, plumbing, user)))
    else await plumbing.recordLogin(input.email, false)
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.signInCodeSent)
  }
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

/**
 * The second step of a sign-in that asked for a code (issue 41; REST POST /api/auth/login/code,
 * tRPC auth.loginWithCode): the email, the password and the emailed code together. The same
 * limits as sign-in apply. A wrong password and a wrong code get the same answer, so this step
 * tells nothing about the password either; only with the right password does a wrong code count
 * against the code's 5 tries.
 * @throws AppError UNAUTHORIZED signInCodeWrong; FORBIDDEN for an unconfirmed account; what
 *   `plumbing.rateLimit` throws.
 */
export async function limitedLoginWithCode(
  db: Db,
  plumbing: Pick<AuthPlumbing, 'rateLimit' | 'recordLogin'>,
  input: z.output<typeof loginWithCodeInput>,
): Promise<{ user: SessionUserOutput; token: string; session: Session }> {
  await plumbing.rateLimit('login', input.email)
  const user = await checkPassword(db, input)
  if (!user || !(await spendSignInCode(db, user.id, input.code))) {
    await plumbing.recordLogin(input.email, false)
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.signInCodeWrong)
  }
  await plumbing.recordLogin(input.email, true)
  return signIn(db, user)
}
