import type { Db } from '@presently/db'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import { updateUnsubscribed } from '../account/update-unsubscribed.ts'
import { useUnsubscribeToken } from './email-tokens.ts'

/**
 * Turns off email notifications for the account of an unsubscribe link (re-usable until it
 * expires; a second use answers success again), withdrawing its queued reminders as
 * updateUnsubscribed does.
 * @throws AppError BAD_REQUEST "Failed to unsubscribe. The link may be invalid or expired."
 */
export async function unsubscribe(db: Db, token: string): Promise<void> {
  const userId = await useUnsubscribeToken(db, token)
  if (userId === null) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.unsubscribeFailed)
  await updateUnsubscribed(db, { userId, unsubscribed: true })
}
