import type { Db } from '@presently/db'
import type { Mailer } from '@presently/email'
import { deleteExpiredGuests } from '../guests/delete-expired.ts'
import { releaseExpiredHolds } from '../wish-lists/claim-rules.ts'
import { runListDigests } from '../wish-lists/list-digests.ts'

/**
 * The shop's own hourly jobs (issue 37), beside the staff's campaign jobs but not on the Tools
 * page: they have no schedule to choose. Agenda runs each on one worker at a time; each is safe to
 * run twice (digests are keyed per person and day, deletions are idempotent).
 */
export const INTERNAL_JOBS = {
  /** Changes to claimed items and additions to watched lists: at most one email a day per person. */
  'wish-list-digests': async (db: Db, deps: { mailer: Mailer; appUrl: string }, now = new Date()) => {
    const stats = await runListDigests(db, deps, now)
    return { ...stats, failures: stats.failures.length }
  },
  /** Guests' unconfirmed holds that ran out, and guests whose data is due for deletion. */
  'guest-data-expiry': async (db: Db, _deps: { mailer: Mailer; appUrl: string }, now = new Date()) => ({
    holdsReleased: await releaseExpiredHolds(db, now),
    guestsDeleted: await deleteExpiredGuests(db, now),
  }),
} as const
export type InternalJobName = keyof typeof INTERNAL_JOBS

/** How often the internal jobs run (Agenda's human interval). */
export const INTERNAL_JOB_INTERVAL = '1 hour'
