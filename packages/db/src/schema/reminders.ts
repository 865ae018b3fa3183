import { boolean, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'
import { events } from './events.ts'
import { emailLog } from './jobs.ts'

/**
 * A user's reminder settings (issue 21). No row: the defaults, on with 14 and 3 days
 * (DEFAULT_REMINDER_SETTINGS in @presently/domain).
 */
export const reminderSettings = pgTable('reminder_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(true),
  /** Whole days 1..60, at most 3, longest first. */
  leadDays: integer()
    .array()
    .notNull()
    .default(sql`'{14,3}'::integer[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every reminder the reminder run has queued (issue 21, docs/decisions/reminders.md): the key
 * (event, occurrence, lead days) makes each reminder go at most once, across runs, instances and
 * crashes. The row is written in the same transaction as the email_log row that carries it.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The event's occurrence the reminder is for (UK date). */
    occurrence: date({ mode: 'string' }).notNull(),
    /** The lead time it stands for, in days. */
    leadDays: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailLogId: integer().references(() => emailLog.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrence, t.leadDays] }),
    index('reminder_sends_email_log_idx').on(t.emailLogId),
  ],
)
