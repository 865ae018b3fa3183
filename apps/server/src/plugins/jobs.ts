import type { FastifyInstance } from 'fastify'
import { startJobScheduler, type ExtraJob, type JobName, type JobScheduler } from '@presently/api'
import type { Db } from '@presently/db'
import type { Mailer } from '@presently/email'
import { onCloseWithin } from './bounded-close.ts'

export interface JobsOptions {
  db: Db
  mailer: Mailer
  appUrl: string
  /** postgres:// URL for Agenda; undefined: no scheduler in this app (tests), calls still work. */
  databaseUrl?: string
  /** Agenda's poll interval (tests use a short one). */
  processEvery?: string | number
  /** Recurring jobs beside the campaigns (issue 39: price alerts, scheduled feed refreshes). */
  extraJobs?: readonly ExtraJob[]
}

/**
 * The campaign scheduler of the server (issue 13): Agenda starts when the app is ready and
 * drains on close. Returns the re-sync the start/stop/schedule calls use.
 */
export function registerJobs(app: FastifyInstance, options: JobsOptions): { sync: (job: JobName) => Promise<void> } {
  let scheduler: JobScheduler | undefined
  const { databaseUrl } = options
  if (databaseUrl) {
    app.addHook('onReady', async () => {
      try {
        scheduler = await startJobScheduler({
          db: options.db,
          databaseUrl,
          deps: { mailer: options.mailer, appUrl: options.appUrl },
          logger: app.log,
          processEvery: options.processEvery,
          extraJobs: options.extraJobs,
        })
      } catch (err) {
        // The shop still serves; "run now" works without the scheduler, scheduled runs do not.
        app.log.error({ err }, 'email campaign scheduler failed to start; scheduled runs are off in this process')
      }
    })
    onCloseWithin(app, 'the email campaign scheduler', async () => scheduler?.close(), 6000)
  }
  return { sync: async (job) => scheduler?.sync(job) }
}
