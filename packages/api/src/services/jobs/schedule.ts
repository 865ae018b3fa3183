import { CronExpressionParser } from 'cron-parser'
import cronstrue from 'cronstrue'
import { AppError } from '@presently/domain'

/** The two campaign jobs of the Email Manager (spec account-area §2 Tools, issue 13). */
export const JOB_NAMES = ['upcoming-events', 'profile-completion'] as const
export type JobName = (typeof JOB_NAMES)[number]

/** Schedules are read and run in UK time (spec: "next run computed in Europe/London"). */
export const JOB_TIME_ZONE = 'Europe/London'

/** Schedule presets of spec account-area §9; weekly Monday is the default when unset. */
export const SCHEDULE_PRESETS = {
  weekly: '0 8 * * 1',
  daily: '0 8 * * *',
  weekdays: '0 8 * * 1-5',
  monthly: '0 0 1 * *',
} as const
export const DEFAULT_SCHEDULE = SCHEDULE_PRESETS.weekly

/**
 * Checks a 5-field cron expression (minute, hour, day-of-month, month, day-of-week; ranges,
 * lists and steps; spec account-area §5) with cron-parser; its random "H" is refused.
 * @returns the expression with its fields separated by single spaces.
 * @throws AppError BAD_REQUEST whose message says what is wrong ("Invalid schedule: ...").
 */
export function validateSchedule(input: string): string {
  const fields = input.trim().split(/\s+/).filter(Boolean)
  if (fields.length === 0) throw new AppError('BAD_REQUEST', 'Please select or enter a schedule')
  if (fields.length !== 5) {
    throw new AppError(
      'BAD_REQUEST',
      `Invalid schedule: a cron expression has 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`,
    )
  }
  const expression = fields.join(' ')
  // cron-parser's Jenkins-style "H" is a random value drawn again at every parse: the next run,
  // and the period that keeps one email per user, would move each time they are read.
  if (fields.some((field) => /(^|,)H(?=$|[/(,])/.test(field))) {
    throw new AppError('BAD_REQUEST', 'Invalid schedule: H (a random time) is not supported')
  }
  try {
    CronExpressionParser.parse(expression, { tz: JOB_TIME_ZONE, strict: false })
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    throw new AppError('BAD_REQUEST', `Invalid schedule: ${reason}`)
  }
  return expression
}

/** "At 08:00 AM, only on Monday" (cronstrue, English). */
export function describeSchedule(schedule: string): string {
  try {
    return cronstrue.toString(schedule, { locale: 'en', verbose: false })
  } catch {
    return schedule
  }
}

/** The first occurrence of `schedule` strictly after `from`, in Europe/London time. */
export function nextRunAfter(schedule: string, from: Date): Date {
  return CronExpressionParser.parse(schedule, { tz: JOB_TIME_ZONE, currentDate: from }).next().toDate()
}

/**
 * The start of the schedule period `at` falls in: the latest occurrence at or before `at` (a
 * second of slack so a run that fires on time is in its own period). Every run in one period
 * shares the idempotency key, so a "run now" after the scheduled run sends nothing again.
 */
export function periodStart(schedule: string, at: Date): Date {
  return CronExpressionParser.parse(schedule, { tz: JOB_TIME_ZONE, currentDate: new Date(at.getTime() + 1000) })
    .prev()
    .toDate()
}
