import { eq, reminderSettings, sql, users, type Db } from '@presently/db'
import { AppError, AUTH_MESSAGES, DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { useUnsubscribeToken } from '../auth/email-tokens.ts'
import { cancelQueuedReminders } from './cancel.ts'

/**
 * GET /api/my-account/reminder-settings (issue 21): the user's `{enabled, leadDays[]}`; the
 * defaults (on, 14 and 3 days) until they save their own.
 */
export async function getReminderSettings(db: Executor, userId: number): Promise<ReminderSettings> {
  const [row] = await db
    .select({ enabled: reminderSettings.enabled, leadDays: reminderSettings.leadDays })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId))
  return row ?? { ...DEFAULT_REMINDER_SETTINGS, leadDays: [...DEFAULT_REMINDER_SETTINGS.leadDays] }
}

/**
 * PUT /api/my-account/reminder-settings (issue 21): saves validated settings (reminderSettingsInput
 * folds duplicates and sorts). Turning reminders off also withdraws the user's reminder emails
 * that are queued but not delivered yet.
 *
 * One transaction that first locks the user's row (FOR NO KEY UPDATE): a reminder run that is
 * queueing this user's email holds it FOR SHARE, so the save waits and then withdraws that email,
 * or the run waits and sees reminders off (docs/decisions/concurrency.md). Before, a run that
 * had read the settings just before could queue its email after the save had withdrawn nothing.
 * @returns the saved settings.
 */
export async function saveReminderSettings(
  db: Executor,
  userId: number,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  const values = { enabled: settings.enabled, leadDays: settings.leadDays }
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    await tx
      .insert(reminderSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    if (!settings.enabled) await cancelQueuedReminders(tx, { userId })
  })
  return values
}

/**
 * The reminder email's own unsubscribe (issue 21; RFC 8058 one-click and the body link): the
 * mail's unsubscribe token turns off reminders alone (other emails keep coming; the spec's
 * global unsubscribe still stops all). Using the link twice is harmless.
 * @throws AppError BAD_REQUEST "Failed to unsubscribe. The link may be invalid or expired."
 */
export async function unsubscribeFromReminders(db: Db, token: string): Promise<void> {
  const userId = await useUnsubscribeToken(db, token)
  if (userId === null) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.unsubscribeFailed)
  await db.transaction(async (tx) => {
    const current = await getReminderSettings(tx, userId)
    await saveReminderSettings(tx, userId, { ...current, enabled: false })
  })
}
