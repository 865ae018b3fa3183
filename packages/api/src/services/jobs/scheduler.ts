import { Agenda } from 'agenda'
import { PostgresBackend } from '@agendajs/postgres-backend'
import { createPool, withStartupLock, type Db } from '@presently/db'
import { getJobSettings, wasInterrupted } from './job-settings.ts'
import { runCampaign, type CampaignDeps, type JobRunResult } from './run-campaign.ts'
import { JOB_NAMES, JOB_TIME_ZONE, type JobName } from './schedule.ts'
import { INTERNAL_JOB_INTERVAL, INTERNAL_JOBS, type InternalJobName } from './internal-jobs.ts'
import { EXCHANGE_JOB, EXCHANGE_JOB_INTERVAL, runExchangeJobs } from '../exchanges/jobs.ts'

/** application_name of the scheduler's connections (pg_stat_activity). */
export const SCHEDULER_APPLICATION_NAME = 'presently-jobs'

/** The part of a pino logger the scheduler uses. */
export interface SchedulerLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Runs the campaign jobs on their schedules (Agenda on the shop's own PostgreSQL). */
export interface JobScheduler {
  /** Makes Agenda's recurring job match job_settings (after start, stop or a new schedule). */
  sync(job: JobName): Promise<void>
  /** Runs a job now in this process ("run now"); exactly-once holds across runs (see runCampaign). */
  runNow(job: JobName): Promise<JobRunResult>
  /** Stops polling and waits for running jobs (shutdown). */
  close(): Promise<void>
}

export interface SchedulerOptions {
  db: Db
  /** postgres:// URL of the shop's database (DATABASE_URL or the embedded cluster). */
  databaseUrl: string
  deps: CampaignDeps
  logger: SchedulerLogger
  /** Agenda's poll interval: how soon a due run starts; default 30 s. */
  processEvery?: string | number
  /** Names this worker in agenda_jobs.last_modified_by. */
  name?: string
  /**
   * Recurring jobs beside the campaigns (issue 39: the daily price alerts, each scheduled feed
   * refresh): defined and scheduled as given (Europe/London) at start, cancelled when absent.
   */
  extraJobs?: readonly ExtraJob[]
}

/** A recurring job of the scheduler beside the email campaigns (issue 39). */
export interface ExtraJob {
  /** Agenda job name, unique ("price-alerts", "feed-refresh:<feed>"). */
  name: string
  /** 5-field cron expression, run in Europe/London. */
  schedule: string
  run: () => Promise<void>
}

/**
 * Starts Agenda with @agendajs/postgres-backend on the shop's database (its own table
 * agenda_jobs and a small pool of its own, polled), defines both jobs and schedules
 * the enabled ones from job_settings, so the state survives restarts. Every server process may
 * run one: Agenda's lock gives a due run to one worker, and the idempotency keys of runCampaign
 * make a second run in the same period send nothing.
 */
export async function startJobScheduler(options: SchedulerOptions): Promise<JobScheduler> {
  const { db, deps, logger } = options
  // Agenda's own pool is one of ours: the pool the backend makes from a connection string has
  // no "error" listener, so a connection the database dropped while idle (a restart, a failover)
  // ended the whole server process. Ours logs it and reconnects on next use (createPool).
  // LISTEN/NOTIFY is off: its connection's reconnect, when in flight as the scheduler closes,
  // checks a connection out after drain() let go of it, and closing then hung. Workers find due
  // runs by polling (every 30 s), ample for daily and weekly campaigns; "run now" runs in the
  // process that was asked (runNow).
  const pool = createPool(options.databaseUrl, { max: 4, applicationName: SCHEDULER_APPLICATION_NAME })
  const backend = new PostgresBackend({
    pool,
    disableNotifications: true,
    ...(options.name ? { name: options.name } : {}),
  })
  let started: Agenda | undefined
  try {
    // Processes starting together take turns (the startup lock): the backend creates agenda_jobs
    // on connect, and two concurrent CREATE TABLE IF NOT EXISTS can collide.
    started = await withStartupLock(db, async () => {
      // Agenda's constructor connects the backend and leaves a failure unhandled (the process
      // would exit, and start() would wait for ever): connect first, where a failure is ours to
      // report, and hand Agenda that same settled connection.
      const connected = backend.connect()
      await connected
      backend.connect = () => connected
      const instance = new Agenda({
        backend,
        processEvery: options.processEvery ?? '30 seconds',
        defaultConcurrency: 1,
        // A run over many users can take minutes; a crashed worker's lock expires after this.
        defaultLockLifetime: 30 * 60_000,
      })
      // A failed poll or lock query (the database is restarting) is retried on the next poll; a
      // failed run is logged by its job below as well.
      instance.on('error', (err: unknown) => logger.warn({ err }, 'email campaign scheduler: Agenda reported an error'))
      for (const job of JOB_NAMES) {
        instance.define(
          job,
          async () => {
            const result = await runCampaign(db, deps, job)
            logger.info({ job, ...result.runResult.stats, details: result.details }, `job ${job}: ${result.message}`)
            if (!result.success) throw new Error(result.message)
          },
          { concurrency: 1, lockLimit: 1 },
        )
      }
      for (const name of Object.keys(INTERNAL_JOBS) as InternalJobName[]) {
        instance.define(
          name,
          async () => {
            const result = await INTERNAL_JOBS[name](db, { mailer: deps.mailer, appUrl: deps.appUrl })
            logger.info({ job: name, ...result }, `job ${name} finished`)
          },
          { concurrency: 1, lockLimit: 1 },
        )
      }
      for (const extra of options.extraJobs ?? []) {
        instance.define(
          extra.name,
          async () => {
            try {
              await extra.run()
            } catch (err) {
              logger.error({ err, job: extra.name }, `job ${extra.name} failed`)
              throw err
            }
          },
          { concurrency: 1, lockLimit: 1 },
        )
      }
      // Gift exchanges (issue 36): draws at the deadline, reminders, list-change notices and the
      // 60-day deletion, every 15 minutes; every step is safe to run twice (runExchangeJobs).
      instance.define(
        EXCHANGE_JOB,
        async () => {
          const result = await runExchangeJobs(db, deps, {
            log: (message, details) => logger.info(details, message),
          })
          logger.info({ job: EXCHANGE_JOB, ...result }, `job ${EXCHANGE_JOB}: done`)
        },
        { concurrency: 1, lockLimit: 1 },
      )
      await instance.start()
      await instance.every(EXCHANGE_JOB_INTERVAL, EXCHANGE_JOB, undefined, { timezone: JOB_TIME_ZONE })
      return instance
    })
    // Issue 37: the hourly internal jobs (every() upserts the one recurring job of each name).
    for (const name of Object.keys(INTERNAL_JOBS)) {
      await started.every(INTERNAL_JOB_INTERVAL, name, undefined, { skipImmediate: true })
    }
    for (const extra of options.extraJobs ?? []) {
      const { jobs } = await started.queryJobs({ name: extra.name })
      const [current] = jobs
      const same =
        jobs.length === 1 && current?.repeatInterval === extra.schedule && current.repeatTimezone === JOB_TIME_ZONE
      if (!same)
        await started.every(extra.schedule, extra.name, undefined, { timezone: JOB_TIME_ZONE, skipImmediate: true })
    }
    for (const job of JOB_NAMES) {
      await syncJob(db, started, job)
      // A run cut short (crash, restart) finishes now instead of waiting for the next period.
      if (await wasInterrupted(db, job)) {
        logger.info({ job }, `job ${job}: the current period's run was interrupted; resuming it`)
        await started.now(job)
      }
    }
  } catch (err) {
    // Nothing of a failed start keeps polling or holds connections (the server serves on).
    await started?.drain(2_000).catch(() => undefined)
    await pool.end()
    throw err
  }
  const agenda = started
  const sync = (job: JobName) => syncJob(db, agenda, job)

  return {
    sync,
    async runNow(job) {
      return runCampaign(db, deps, job)
    },
    async close() {
      // drain() stops polling and waits for running jobs; the pool is ours to end. Shutdown is
      // bounded (server.ts cuts off after 10 s); a run cut short resumes at the next start
      // (wasInterrupted).
      try {
        const result = await agenda.drain(5_000)
        if (result.running > 0)
          logger.info({ running: result.running }, 'email campaign runs left unfinished at shutdown')
      } catch (err) {
        logger.error({ err }, 'email campaign scheduler did not stop cleanly')
      }
      // The backend leaves a pool it was given open (drain ends only pools it made).
      await pool.end()
    },
  }
}

/** Makes Agenda's recurring job `job` match job_settings: scheduled as set, or cancelled. */
async function syncJob(db: Db, agenda: Agenda, job: JobName): Promise<void> {
  const { schedule, enabled } = await getJobSettings(db, job)
  if (enabled) {
    // Already scheduled as asked (a restart): leave it, so its due run is not moved on.
    const { jobs } = await agenda.queryJobs({ name: job })
    const [current] = jobs
    if (
      jobs.length === 1 &&
      current?.repeatInterval === schedule &&
      current.repeatTimezone === JOB_TIME_ZONE &&
      !current.disabled
    )
      return
    // every() upserts the one recurring job of that name (all workers share it).
    await agenda.every(schedule, job, undefined, { timezone: JOB_TIME_ZONE, skipImmediate: true })
  } else {
    await agenda.cancel({ name: job })
  }
}
