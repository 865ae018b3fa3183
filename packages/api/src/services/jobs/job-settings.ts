import { eq, jobSettings, sql, type Db } from '@presently/db'
import { DEFAULT_SCHEDULE, describeSchedule, nextRunAfter, validateSchedule, type JobName } from './schedule.ts'

/** One job's status (spec account-area §3 "Job status"). */
export interface JobStatus {
  isRunning: boolean
  /** 5-field cron expression. */
  schedule: string
  /** ISO instant of the next scheduled run; null while stopped. */
  nextRun: string | null
  frequencyDescription: string
}

/** The stored settings of `job` (defaults when never saved: stopped, weekly Monday 08:00). */
export async function getJobSettings(db: Db, job: JobName): Promise<{ schedule: string; enabled: boolean }> {
  const [row] = await db.select().from(jobSettings).where(eq(jobSettings.name, job))
  return { schedule: row?.schedule ?? DEFAULT_SCHEDULE, enabled: row?.enabled ?? false }
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
