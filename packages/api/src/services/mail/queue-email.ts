import { randomUUID } from 'node:crypto'
import { emailLog, eq, users, type priceAlertSettings, type reminderSettings } from '@presently/db'
import { listUnsubscribeHeaders, type Mailer } from '@presently/email'
import type { Executor, Tx } from '../auth/executor.ts'

/**
 * An absolute link carrying a mailed token: `appUrl` + `path` with `?token=` and the `extra`
 * query parameters (e.g. `{ only: 'reminders' }` for the unsubscribe page).
 */
export function tokenLink(appUrl: string, path: string, token: string, extra: Record<string, string> = {}): string {
  const url = new URL(path, appUrl)
  url.searchParams.set('token', token)
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value)
  return url.toString()
}

/** A rendered email to one account, with the one-click link that turns its kind off alone. */
export interface AccountEmail {
  userId: number
  toAddress: string
  /** email_log.kind, also the Message-ID's prefix: 'reminders', 'price-alerts'. */
  kind: string
  mail: { subject: string; html: string; text: string }
  /** The RFC 8058 List-Unsubscribe URL (POST one-click). */
  oneClickUrl: string
  /** The Message-ID's domain (APP_URL's host). */
  host: string
}

/**
 * Queues an account's email in email_log inside the caller's transaction (issues 21 and 39):
 * List-Unsubscribe headers for one-click (RFC 8058) and a stored Message-ID, so every retry of
 * the mail carries the same id; with SMTP it is 'queued' and due at once (the real clock,
 * whatever `now` a run was given: the mailer's retry loop delivers it, this run or after a
 * crash), else it stays in the outbox.
 *
 * @returns the email_log row's id.
 */
export async function queueAccountEmail(tx: Executor, mailer: Mailer, email: AccountEmail): Promise<number> {
  const smtp = mailer.mode === 'smtp'
  const [row] = await tx
    .insert(emailLog)
    .values({
      userId: email.userId,
      toAddress: email.toAddress,
      kind: email.kind,
      subject: email.mail.subject,
      html: email.mail.html,
      text: email.mail.text,
      headers: {
        ...listUnsubscribeHeaders(email.oneClickUrl),
        'Message-ID': `<${email.kind}-${randomUUID()}@${email.host}>`,
      },
      status: smtp ? 'queued' : 'outbox',
      nextAttemptAt: smtp ? new Date() : null,
    })
    .returning({ id: emailLog.id })
  return row!.id
}

/**
 * Whether an account still wants one kind of email, read in the transaction that queues it
 * (issues 21 and 39): the user's row is locked FOR SHARE until the email is queued (a global
 * unsubscribe and the settings' save lock it, so a later one waits for this transaction and then
 * withdraws the email). False when the user is gone, unsubscribed from everything, or turned the
 * kind off in `settings` (no row: on).
 */
export async function accountStillWants(
  tx: Tx,
  userId: number,
  settings: typeof reminderSettings | typeof priceAlertSettings,
): Promise<boolean> {
  const [account] = await tx
    .select({ unsubscribed: users.unsubscribed })
    .from(users)
    .where(eq(users.id, userId))
    .for('share')
  const [setting] = await tx.select({ enabled: settings.enabled }).from(settings).where(eq(settings.userId, userId))
  return !!account && !account.unsubscribed && setting?.enabled !== false
}
