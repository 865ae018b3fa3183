import { and, eq, jobEmailSends, jobSettings, sql, type Db } from '@presently/db'
import {
  DEFAULT_SCHEDULE,
  SCHEDULE_PRESETS,
  describeSchedule,
  nextRunAfter,
  periodStart,
  validateSchedule,
  type JobName,
} from './schedule.ts'

/** One job's status (spec account-area §3 "Job status"). */
export interface JobStatus {
  isRunning: boolean
  /** 5-field cron expression. */
  schedule: string
  /** ISO instant of the next scheduled run; null while stopped. */
  nextRun: string | null
  frequencyDescription: string
}

/**
 * The stored settings of `job`. Defaults when never saved: the reminder run (upcoming-events)
 * on, daily at 08:00 (issue 21; migration 0015 stores the same row for a new shop); profile
 * completion stopped, weekly Monday 08:00.
 */
export async function getJobSettings(db: Db, job: JobName): Promise<{ schedule: string; enabled: boolean }> {
  const [row] = await db.select().from(jobSettings).where(eq(jobSettings.name, job))
  const reminders = job === 'upcoming-events'
  return {
    schedule: row?.schedule ?? (reminders ? SCHEDULE_PRESETS.daily : DEFAULT_SCHEDULE),
    enabled: row?.enabled ?? reminders,
  }
}

/** The status the Tools page shows; the next run is computed in Europe/London from the schedule. */
export async function getJobStatus(db: Db, job: JobName, now = new Date()): Promise<JobStatus> {
  const { schedule, enabled } = await getJobSettings(db, job)
  return {
    isRunning: enabled,
    schedule,
    nextRun: enabled ? nextRunAfter(schedule, now).toISOString() : null,
    frequencyDescription: describeSchedule(schedule),
  }
}

async function upsert(db: Db, job: JobName, values: { schedule?: string; enabled?: boolean }): Promise<void> {
  await db
    .insert(jobSettings)
    .values({ name: job, ...values })
    .onConflictDoUpdate({ target: jobSettings.name, set: { ...values, updatedAt: sql`now()` } })
}

/** Starts or stops a job (persisted: the state survives restarts). */
export async function setJobEnabled(db: Db, job: JobName, enabled: boolean): Promise<void> {
  await upsert(db, job, { enabled })
}

/**
 * Saves a new schedule after validating it.
 * @throws AppError BAD_REQUEST with the reason (see validateSchedule).
 */
export async function setJobSchedule(db: Db, job: JobName, schedule: string): Promise<void> {
  await upsert(db, job, { schedule: validateSchedule(schedule) })
}

/** Records that a run of `job` finished at `at` (job_settings.last_run_at). */
export async function markRunFinished(db: Db, job: JobName, at: Date): Promise<void> {
  await db
    .insert(jobSettings)
    .values({ name: job, lastRunAt: at })
    .onConflictDoUpdate({ target: jobSettings.name, set: { lastRunAt: at } })
}

/**
 * Whether the current period of an enabled `job` was started but not finished: some users hold
 * its idempotency key, yet no run finished since the period opened (a crash or a shutdown
 * mid-run). The scheduler then runs it again at start-up; the keys keep it to the rest.
 */
export async function wasInterrupted(db: Db, job: JobName, now = new Date()): Promise<boolean> {
  const [row] = await db.select().from(jobSettings).where(eq(jobSettings.name, job))
  if (!row?.enabled) return false
  const start = periodStart(row.schedule, now)
  if (row.lastRunAt && row.lastRunAt >= start) return false
  const [started] = await db
    .select({ id: jobEmailSends.id })
    .from(jobEmailSends)
    .where(and(eq(jobEmailSends.job, job), eq(jobEmailSends.period, start.toISOString())))
    .limit(1)
  return started !== undefined
}
