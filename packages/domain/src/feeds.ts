import { z } from 'zod'
import { safeText } from './input.ts'

/**
 * Scheduled catalog feed refreshes (issue 39): the CATALOG_FEEDS entries staff see and run on the
 * Tools page, with the summary of each one's last run.
 */

/** A feed run's outcome as the Tools page shows it. */
export const feedRunOutput = z.object({
  importId: z.number().int().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** "running", "completed" or "failed". */
  status: z.string(),
  refresh: z.boolean(),
  read: z.number().int(),
  unchanged: z.number().int(),
  changed: z.number().int(),
  new: z.number().int(),
  withdrawn: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
})
export type FeedRun = z.infer<typeof feedRunOutput>

/** One operator feed (a CATALOG_FEEDS entry). */
export const feedStatusOutput = z.object({
  /** The entry's name (its file name, or the mapping's "name"). */
  name: z.string(),
  /** A file path, or an https URL with its query and credentials left out (they may hold a token). */
  location: z.string(),
  /** 5-field cron expression (Europe/London), or null: run by hand only. */
  schedule: z.string().nullable(),
  scheduleDescription: z.string().nullable(),
  /** ISO instant of the next scheduled run. */
  nextRun: z.string().nullable(),
  lastRun: feedRunOutput.nullable(),
})
export type FeedStatus = z.infer<typeof feedStatusOutput>

/** A refresh run now: the import's summary and the price alerts it caused. */
export const feedRunSummaryOutput = feedRunOutput.extend({
  alertEmails: z.number().int(),
  alerts: z.number().int(),
})
export type FeedRunSummary = z.infer<typeof feedRunSummaryOutput>

/** POST /api/admin/feeds/{name}/run and jobs.runFeed: the feed's name. */
export const feedNameInput = z.object({ name: safeText({ max: 200 }) })
