import { randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, signInCodes, sql, type Db } from '@presently/db'
import { sendSignInCodeEmail, type MailDeps } from './auth-emails.ts'
import { hashToken } from './tokens.ts'
import { sameLinkToken } from '../secret-links/link-token.ts'
import type { UserRow } from './users.ts'

/**
 * One-time sign-in codes (issue 41, docs/decisions/rate-limits.md). While failed sign-ins aimed
 * at an email are past AUTH_LOGIN_EMAIL_FAILURE_MAX, a right password is not enough: a 6-digit
 * code is emailed to the account and must come with it. A crowd that does not know the password
 * can neither get a code nor spend one, so it cannot keep the user out.
 */

/** How long a code works: 10 minutes. */
export const SIGN_IN_CODE_LIFETIME_MS = 10 * 60_000
/** Wrong codes (with the right password) that end a code. */
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5
/** A new code is not mailed within this long of the last one (a double click, a retry). */
export const SIGN_IN_CODE_RESEND_MS = 30_000

/** The stored form of a code: SHA-256 of the user id and the code (10^6 codes per user). */
function codeHash(userId: number, code: string): string {
  return hashToken(`${userId}:${code}`)
}

/**
 * Makes a code for `user` and emails it, unless one was made in the last SIGN_IN_CODE_RESEND_MS
 * (that one still works). Earlier unused codes die: only the newest code of a user works.
 * @returns whether a new code was sent.
 */
export async function issueSignInCode(db: Db, deps: MailDeps, user: UserRow, now = new Date()): Promise<boolean> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const made = await db.transaction(async (tx) => {
    // One code at a time per user, also between instances: the user's row is the lock.
    await tx.execute(sql`select 1 from users where id = ${user.id} for update`)
    const [recent] = await tx
      .select({ id: signInCodes.id })
      .from(signInCodes)
      .where(
        and(
          eq(signInCodes.userId, user.id),
          isNull(signInCodes.usedAt),
          gt(signInCodes.createdAt, new Date(now.getTime() - SIGN_IN_CODE_RESEND_MS)),
        ),
      )
      .limit(1)
    if (recent) return false
    await tx
      .update(signInCodes)
      .set({ usedAt: now })
      .where(and(eq(signInCodes.userId, user.id), isNull(signInCodes.usedAt)))
    await tx.insert(signInCodes).values({
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_LIFETIME_MS),
      createdAt: now,
    })
    return true
  })
  if (made) await sendSignInCodeEmail(db, deps, user, code, SIGN_IN_CODE_LIFETIME_MS / 60_000)
  return made
}

/**
 * Spends the user's newest live code if `code` is it. A wrong code counts one try against it; the
 * fifth wrong try ends it. Call only once the password has matched, so that strangers cannot use
 * up the user's tries.
 * @returns true when the code was right (it is now used), else false.
 */
export async function spendSignInCode(db: Db, userId: number, code: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.userId, userId), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now)))
      .orderBy(desc(signInCodes.createdAt), desc(signInCodes.id))
      .limit(1)
      .for('update')
    if (!live) return false
    if (sameLinkToken(live.codeHash, codeHash(userId, code))) {
      await tx.update(signInCodes).set({ usedAt: now }).where(eq(signInCodes.id, live.id))
      return true
    }
    const attempts = live.attempts + 1
    await tx
      .update(signInCodes)
      .set({ attempts, ...(attempts >= SIGN_IN_CODE_MAX_ATTEMPTS && { usedAt: now }) })
      .where(eq(signInCodes.id, live.id))
    return false
  })
}
