import nodemailer from 'nodemailer'
import { and, asc, desc, emailLog, eq, inArray, isNotNull, lte, or, sql, type Db } from '@presently/db'
import { extractLinks } from './render-email.ts'

/** One email to record and deliver. */
export interface OutgoingEmail {
  to: string
  /** The account it concerns, if any (email_log.user_id). */
  userId?: number | null
  /** What it is: "confirm_email", "reset_password", ... (email_log.kind). */
  kind: string
  subject: string
  html: string
  text: string
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>
}

/** The part of a pino logger the mailer uses. */
export interface MailLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** A message as handed to the transport (nodemailer's sendMail options, narrowed). */
export interface TransportMessage {
  from: string
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
  /**
   * The Message-ID stored with the mail (its "Message-ID" header), so every retry of one mail
   * carries the same id and receivers can drop a duplicate (issue 21); none lets nodemailer make one.
   */
  messageId?: string
}

/** Anything that delivers a message: nodemailer's SMTP transport, or a test double. */
export interface MailTransport {
  sendMail(message: TransportMessage): Promise<unknown>
  close?(): void
}

export interface MailerOptions {
  db: Db
  logger: MailLogger
  /** smtp:// or smtps:// URL (SMTP_URL). Unset: every mail stays in the outbox. */
  smtpUrl?: string
  /** Sender (MAIL_FROM), e.g. "Presently <no-reply@presently.local>". */
  from: string
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport
}

export interface Mailer {
  /** "smtp" sends through SMTP_URL; "outbox" only records (development default). */
  readonly mode: 'smtp' | 'outbox'
  /**
   * Records the mail in email_log and, in SMTP mode, starts its delivery in the background (so
   * a slow or failing mail server never slows or fails the user's call, and answers do not
   * reveal whether a mail was sent). A failed delivery is left for {@link Mailer.retryDue}.
   * @returns the email_log id.
   */
  send(email: OutgoingEmail): Promise<number>
  /**
   * Delivers the mails that are due: failed ones whose backoff has passed (fewer than
   * {@link MAX_ATTEMPTS} attempts) and queued ones whose delivery lease ran out (a crash).
   * @returns how many it tried.
   */
  retryDue(now?: Date): Promise<number>
  /** Resolves when no delivery is in flight (tests, shutdown). */
  idle(): Promise<void>
  /** Closes the SMTP connection pool. */
  close(): Promise<void>
}

/** A mail is tried at most this often; then it stays "failed". */
export const MAX_ATTEMPTS = 5
/** How long an in-flight delivery holds its row before the retry loop may take it over. */
const LEASE_MS = 10 * 60_000
/** Backoff after the nth failed attempt: 1, 2, 4, 8 minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1)
}

/** An email address in a mail server's error ("550 5.1.1 <ann@example.com>: Recipient rejected"). */
const EMAIL_ADDRESS = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+\.[^\s<>()"',;:@]+/g

/** A mail server's error text for the log: every address replaced by "[address]" (issue 41). */
export function withoutAddresses(message: string): string {
  return message.replace(EMAIL_ADDRESS, '[address]')
}

/** The Message-ID of a sent mail: the transport's answer (nodemailer's info.messageId), else the stored header. */
function messageIdOf(info: unknown, headers: Record<string, string>): string | undefined {
  const fromTransport = (info as { messageId?: unknown } | null | undefined)?.messageId
  return typeof fromTransport === 'string' ? fromTransport : headers['Message-ID']
}

/**
 * Creates the shop's mailer. With `smtpUrl` (or a `transport`) mails go out through SMTP;
 * without, they are kept in email_log with status "outbox", and a developer on the embedded
 * default follows their links on /dev/outbox. The log names a mail by its id, template and
 * Message-ID only: no recipient, no link (issue 41).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { db, logger, from } = options
  const transport: MailTransport | undefined =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : undefined)
  const inFlight = new Set<Promise<void>>()

  async function deliver(row: typeof emailLog.$inferSelect): Promise<void> {
    if (!transport) return
    try {
      const info = await transport.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers,
        ...(row.headers['Message-ID'] ? { messageId: row.headers['Message-ID'] } : {}),
      })
      await db
        .update(emailLog)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null, nextAttemptAt: null })
        .where(eq(emailLog.id, row.id))
      // Issue 41, finding 5: the log says which mail (id, template, Message-ID), never to whom.
      logger.info({ emailId: row.id, kind: row.kind, messageId: messageIdOf(info, row.headers) }, 'email sent')
    } catch (err) {
      const attempts = row.attempts + 1
      const message = err instanceof Error ? err.message : String(err)
      const nextAttemptAt = attempts < MAX_ATTEMPTS ? new Date(Date.now() + retryDelayMs(attempts)) : null
      await db
        .update(emailLog)
        .set({ status: 'failed', attempts, lastError: message.slice(0, 1000), nextAttemptAt })
        .where(eq(emailLog.id, row.id))
      logger.warn(
        {
          emailId: row.id,
          kind: row.kind,
          attempts,
          err: withoutAddresses(message),
          retryAt: nextAttemptAt?.toISOString() ?? 'never',
        },
        'email delivery failed',
      )
    }
  }

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight])
  }

  function track(task: Promise<void>): void {
    const guarded = task.catch((err: unknown) => logger.error({ err }, 'email delivery crashed'))
    inFlight.add(guarded)
    void guarded.finally(() => inFlight.delete(guarded))
  }

  return {
    mode: transport ? 'smtp' : 'outbox',

    async send(email) {
      const [row] = await db
        .insert(emailLog)
        .values({
          userId: email.userId ?? null,
          toAddress: email.to,
          kind: email.kind,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers ?? {},
          status: transport ? 'queued' : 'outbox',
          nextAttemptAt: transport ? new Date(Date.now() + LEASE_MS) : null,
        })
        .returning()
      if (!row) throw new Error('email_log insert returned no row')
      if (transport) track(deliver(row))
      else {
        // Neither the recipient nor the links (a reset link is an hour's key to the account):
        // the developer reads them on /dev/outbox, which answers only this machine (issue 41).
        logger.info(
          { emailId: row.id, kind: row.kind },
          'email kept in the outbox (SMTP_URL is not set); open /dev/outbox on this machine to read it',
        )
      }
      return row.id
    },

    async retryDue(now = new Date()) {
      if (!transport) return 0
      // Claim the due rows in one statement (a fresh lease), so two loops never send one mail twice.
      const due = db
        .select({ id: emailLog.id })
        .from(emailLog)
        .where(
          and(
            isNotNull(emailLog.nextAttemptAt),
            lte(emailLog.nextAttemptAt, now),
            or(
              and(eq(emailLog.status, 'failed'), sql`${emailLog.attempts} < ${MAX_ATTEMPTS}`),
              eq(emailLog.status, 'queued'),
            ),
          ),
        )
        .orderBy(asc(emailLog.nextAttemptAt))
        .limit(20)
        .for('update', { skipLocked: true })
      const claimed = await db
        .update(emailLog)
        .set({ status: 'queued', nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(emailLog.id, due))
        .returning()
      for (const row of claimed) track(deliver(row))
      await Promise.all([...inFlight])
      return claimed.length
    },

    idle,

    async close() {
      await idle()
      transport?.close?.()
    },
  }
}

/** The newest outbox mails with their HTML and text bodies (development page /dev/outbox; issue 26). */
export async function listOutbox(db: Db, limit = 50) {
  const rows = await db
    .select({
      id: emailLog.id,
      toAddress: emailLog.toAddress,
      subject: emailLog.subject,
      text: emailLog.text,
      html: emailLog.html,
      status: emailLog.status,
      createdAt: emailLog.createdAt,
    })
    .from(emailLog)
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, links: extractLinks(row.text) }))
}
