import { eq, users, type Db } from '@presently/db'
import { cancelQueuedReminders } from '../reminders/cancel.ts'

/**
 * Turns email notifications off (true) or on (false) for the account (account-area §2). Turning
 * them off also withdraws the user's reminder emails queued and not delivered yet (issue 21), in
 * the same transaction as the update, whose row lock a reminder run queueing for the user waits
 * on (docs/decisions/concurrency.md).
 */
export async function updateUnsubscribed(
  db: Db,
  input: { userId: number; unsubscribed: boolean },
): Promise<{ unsubscribed: boolean }> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ unsubscribed: input.unsubscribed, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
    if (input.unsubscribed) await cancelQueuedReminders(tx, { userId: input.userId })
  })
  return { unsubscribed: input.unsubscribed }
}
