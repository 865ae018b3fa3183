import { and, emailTokens, eq, gt, isNull, sql } from '@presently/db'
import type { Executor } from './executor.ts'
import { generateToken, hashToken, looksLikeToken } from './tokens.ts'

type Purpose = (typeof emailTokens.$inferInsert)['purpose']

const HOUR_MS = 60 * 60 * 1000
/**
 * How long each kind of link works (docs/decisions/email-tokens.md): confirm 48 hours, reset
 * 1 hour, unsubscribe 365 days. Confirm and reset links work once; an unsubscribe link works
 * until it expires, because unsubscribing twice is harmless and mail clients may open it twice.
 */
export const EMAIL_TOKEN_LIFETIME_MS: Record<Purpose, number> = {
  confirm_email: 48 * HOUR_MS,
  reset_password: 1 * HOUR_MS,
  unsubscribe: 365 * 24 * HOUR_MS,
}

/** Creates a token for `userId` and stores only its hash; returns the token for the link. */
export async function createEmailToken(
  db: Executor,
  userId: number,
  purpose: Purpose,
  now = new Date(),
): Promise<string> {
  const token = generateToken()
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
  })
  return token
}

/**
 * Spends a single-use token (confirm, reset) in one statement, so two concurrent requests
 * cannot both succeed. @returns the user id, or null when unknown, used or expired.
 */
export async function consumeEmailToken(
  db: Executor,
  token: string,
  purpose: 'confirm_email' | 'reset_password',
  now = new Date(),
): Promise<number | null> {
  if (!looksLikeToken(token)) return null
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId })
  return row?.userId ?? null
}

/** True when a single-use token is known, unused and unexpired (GET validate-token); spends nothing. */
export async function isEmailTokenValid(
  db: Executor,
  token: string,
  purpose: 'confirm_email' | 'reset_password',
  now = new Date(),
): Promise<boolean> {
  if (!looksLikeToken(token)) return false
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
  return row !== undefined
}

/**
 * Uses an unsubscribe token, which stays valid until it expires (its first use is recorded).
 * @returns the user id, or null when unknown or expired.
 */
export async function useUnsubscribeToken(db: Executor, token: string, now = new Date()): Promise<number | null> {
  if (!looksLikeToken(token)) return null
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`coalesce(${emailTokens.usedAt}, ${now})` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, 'unsubscribe'),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId })
  return row?.userId ?? null
}

/** Marks every unused token of one purpose as used (after a reset, older reset links die). */
export async function spendAllEmailTokens(
  db: Executor,
  userId: number,
  purpose: Purpose,
  now = new Date(),
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
}
