import type { FastifyInstance } from 'fastify'
import { createMailer, type Mailer, type MailTransport } from '@presently/email'
import type { Db } from '@presently/db'
import { onCloseWithin } from './bounded-close.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's mailer (tests wait on it with `app.mailer.idle()`). */
    mailer: Mailer
  }
}

export interface MailOptions {
  db: Db
  smtpUrl?: string
  from: string
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport
  /** How often failed mails are retried; default every minute. */
  retryIntervalMs?: number
}

/**
 * Creates the mailer, retries failed mails every minute while the server runs (each mail at
 * most 5 times, with backoff) and waits for deliveries in flight on close.
 */
export function registerMail(app: FastifyInstance, options: MailOptions): Mailer {
  const mailer = createMailer({
    db: options.db,
    logger: app.log,
    smtpUrl: options.smtpUrl,
    from: options.from,
    transport: options.transport,
  })
  app.decorate('mailer', mailer)
  if (mailer.mode === 'outbox') {
    app.log.info('SMTP_URL is not set: emails are kept in the outbox (email_log); see /dev/outbox in development')
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', (done) => {
    if (mailer.mode === 'smtp') {
      timer = setInterval(() => {
        mailer.retryDue().catch((err: unknown) => app.log.error({ err }, 'email retry failed'))
      }, options.retryIntervalMs ?? 60_000)
      timer.unref()
    }
    done()
  })
  onCloseWithin(app, 'the mailer', async () => {
    clearInterval(timer)
    await mailer.close()
  })
  return mailer
}
