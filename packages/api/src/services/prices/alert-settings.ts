import { and, emailLog, eq, inArray, priceAlertDigests, priceAlertSettings, sql, users, type Db } from '@presently/db'
import { AppError, AUTH_MESSAGES, DEFAULT_PRICE_ALERT_SETTINGS, type PriceAlertSettings } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { useUnsubscribeToken } from '../auth/email-tokens.ts'

/** The answer of the price alert email's own unsubscribe (issue 39). */
export const PRICE_ALERTS_UNSUBSCRIBED = 'You will no longer receive price alert emails.'

/**
 * GET /api/my-account/price-alert-settings (issue 39): `{enabled, minDropPercent}`; the defaults
 * (on, 10%) until the user saves their own.
 */
export async function getPriceAlertSettings(db: Executor, userId: number): Promise<PriceAlertSettings> {
  const [row] = await db
    .select({ enabled: priceAlertSettings.enabled, minDropPercent: priceAlertSettings.minDropPercent })
    .from(priceAlertSettings)
    .where(eq(priceAlertSettings.userId, userId))
  return row ?? { ...DEFAULT_PRICE_ALERT_SETTINGS }
}

/**
 * PUT /api/my-account/price-alert-settings (issue 39). The user's row is locked first (FOR NO
 * KEY UPDATE): an alert run queueing this user's email holds it FOR SHARE, so the save waits
 * and then withdraws that email, or the run waits and sees alerts off (as reminders do). Turning
 * alerts off withdraws the price alert emails still waiting to be delivered.
 *
 * @returns the saved settings.
 */
export async function savePriceAlertSettings(
  db: Executor,
  userId: number,
  settings: PriceAlertSettings,
): Promise<PriceAlertSettings> {
  const values = { enabled: settings.enabled, minDropPercent: settings.minDropPercent }
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    await tx
      .insert(priceAlertSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: priceAlertSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    if (!settings.enabled) {
      await tx
        .update(emailLog)
        .set({ status: 'cancelled', nextAttemptAt: null })
        .where(
          and(
            eq(emailLog.userId, userId),
            eq(emailLog.kind, 'price-alerts'),
            inArray(emailLog.status, ['queued', 'failed', 'outbox']),
          ),
        )
    }
  })
  return values
}

/**
 * The price alert email's own unsubscribe (issue 39; RFC 8058 one-click and the body link): the
 * mail's unsubscribe token turns off price alerts alone. Using the link twice is harmless.
 *
 * @throws AppError BAD_REQUEST "Failed to unsubscribe. The link may be invalid or expired."
 */
export async function unsubscribeFromPriceAlerts(db: Db, token: string): Promise<void> {
  const userId = await useUnsubscribeToken(db, token)
  if (userId === null) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.unsubscribeFailed)
  await db.transaction(async (tx) => {
    const current = await getPriceAlertSettings(tx, userId)
    await savePriceAlertSettings(tx, userId, { ...current, enabled: false })
  })
}

/** Days a user was mailed price alerts (for tests and the account page): their latest digest. */
export async function lastPriceAlertDay(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string>`max(${priceAlertDigests.day})` })
    .from(priceAlertDigests)
    .where(eq(priceAlertDigests.userId, userId))
  return row?.day ?? null
}
