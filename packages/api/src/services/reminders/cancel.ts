import { and, emailLog, eq, inArray, isNotNull, reminderSends, sql, type SQL } from '@presently/db'
import type { Executor } from '../auth/executor.ts'

/**
 * Withdraws reminder emails that are queued but not delivered yet (issue 21): those carrying a
 * reminder that matches `which` (an event deleted or set to "No reminders", a user who turned
 * reminders off). Their email_log rows become "cancelled" (the sender skips them) and their
 * reminder_sends keys are dropped, so any other reminder the same email carried goes again on
 * the next run, and a reminder switched back on later is not taken for sent.
 *
 * Call it inside the transaction that makes the change, after locking the event rows
 * (lockEvents), so a reminder run cannot queue a new one for them in between.
 * @returns how many emails it withdrew.
 */
export async function cancelQueuedReminders(
  tx: Executor,
  which: { eventIds: number[] } | { userId: number },
): Promise<number> {
  const match: SQL | undefined =
    'userId' in which
      ? eq(reminderSends.userId, which.userId)
      : which.eventIds.length > 0
        ? inArray(reminderSends.eventId, which.eventIds)
        : undefined
  if (!match) return 0
  const mails = await tx
    .selectDistinct({ id: reminderSends.emailLogId })
    .from(reminderSends)
    .innerJoin(emailLog, eq(emailLog.id, reminderSends.emailLogId))
    .where(and(match, isNotNull(reminderSends.emailLogId), inArray(emailLog.status, ['queued', 'failed', 'outbox'])))
  const ids = mails.map((m) => m.id).filter((id): id is number => id !== null)
  if (ids.length === 0) return 0
  const cancelled = await tx
    .update(emailLog)
    .set({ status: 'cancelled', nextAttemptAt: null, lastError: 'cancelled: the reminder was withdrawn' })
    .where(and(inArray(emailLog.id, ids), inArray(emailLog.status, ['queued', 'failed', 'outbox'])))
    .returning({ id: emailLog.id })
  const done = cancelled.map((c) => c.id)
  if (done.length > 0) await tx.delete(reminderSends).where(inArray(reminderSends.emailLogId, done))
  return done.length
}

/**
 * Locks event rows for the rest of the transaction (a reminder run's key insert then waits). In
 * id order, the order the reminder run locks them in too, so two lockers never deadlock.
 */
export async function lockEvents(tx: Executor, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return
  await tx.execute(
    sql`select id from events where id in ${sql`(${sql.join(eventIds, sql`, `)})`} order by id for update`,
  )
}
