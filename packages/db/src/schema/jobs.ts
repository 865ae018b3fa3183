import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'

/** Settings of the scheduled email jobs (spec account-area §2 "Tools", §9 schedule presets). */
export const jobSettings = pgTable('job_settings', {
  /** "upcoming-events" or "profile-completion". */
  name: text().primaryKey(),
  /** 5-field cron expression; default weekly on Monday at 08:00 ("0 8 * * 1"). */
  schedule: text().notNull().default('0 8 * * 1'),
  enabled: boolean().notNull().default(false),
  lastRunAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** "cancelled": a queued reminder whose event was deleted or set to "No reminders" (issue 21). */
export const emailStatus = pgEnum('email_status', ['outbox', 'queued', 'sent', 'failed', 'cancelled'])

/**
 * Every email the shop sends. Without SMTP configured the row stays in status "outbox" and is
 * readable by the developer; with SMTP, failed sends are retried from here.
 */
export const emailLog = pgTable(
  'email_log',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    toAddress: text().notNull(),
    kind: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: emailStatus().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /**
     * When the retry loop may try this mail (again): the backoff after a failure, or a lease
     * while a delivery is in flight so a crashed attempt is picked up later. Null: nothing due.
     */
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_log_status_idx').on(t.status, t.createdAt),
    index('email_log_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'failed')`),
  ],
)

/**
 * One row per email a campaign job has sent (issue 13, docs/decisions/email-jobs.md): the unique
 * key (job, user, period) is the idempotency key that makes a run send each user at most one
 * email of that job per period, whatever the number of workers, crashes or "run now" presses.
 * The row is written in the same transaction as the email_log row it points at.
 */
export const jobEmailSends = pgTable(
  'job_email_sends',
  {
    id: serial().primaryKey(),
    job: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The schedule period: ISO instant of the cron occurrence that opened it. */
    period: text().notNull(),
    emailLogId: integer().references(() => emailLog.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_email_sends_key').on(t.job, t.userId, t.period)],
)
