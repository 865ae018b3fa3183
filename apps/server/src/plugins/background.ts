import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { AfterResponse } from '@presently/api'
import { onCloseWithin } from './bounded-close.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started after an answer (tests wait with `app.afterResponse.idle()`). */
    afterResponse: BackgroundWork
  }
}

export interface BackgroundWork {
  /** Starts `task` on a later turn of the event loop, once the answer is on its way; errors are logged. */
  run: (log: FastifyBaseLogger) => AfterResponse
  /** Resolves when no task is running (tests, shutdown). */
  idle: () => Promise<void>
  /** How many tasks are running now. */
  pending: () => number
}

/**
 * Work that must not delay an answer or show in its timing (the forgot-password and
 * resend-confirmation mails, docs/decisions/api-boundary.md). Tasks start after the handler
 * has answered, their errors go to the request's log, and closing the app waits for them.
 */
export function registerBackgroundWork(app: FastifyInstance): BackgroundWork {
  const running = new Set<Promise<void>>()
  const work: BackgroundWork = {
    run: (log) => (label, task) => {
      const started = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${label} failed`))
      running.add(started)
      void started.finally(() => running.delete(started))
    },
    pending: () => running.size,
    idle: async () => {
      while (running.size > 0) await Promise.all([...running])
    },
  }
  app.decorate('afterResponse', work)
  // Bounded like the other parts (a mail stuck on an SMTP server must not hold the database's stop).
  onCloseWithin(app, 'the after-response work', work.idle)
  return work
}
