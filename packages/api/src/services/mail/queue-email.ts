import { randomUUID } from 'node:crypto'
import { emailLog } from '@presently/db'
import { listUnsubscribeHeaders, type Mailer } from '@presently/email'
import type { Executor } from '../auth/executor.ts'

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
