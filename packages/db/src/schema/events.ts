import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { occasions, people } from './people.ts'

/** Yearly events (spec account-area §3 "Event"): the date's month and day recur every year. */
export const events = pgTable(
  'events',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text(),
    date: date({ mode: 'string' }).notNull(),
    occasionId: integer()
      .notNull()
      .references(() => occasions.id, { onDelete: 'restrict' }),
    /**
     * How the yearly date is found (issue 21): "fixed" (the stored month and day) or a movable
     * UK occasion ("mothering-sunday", "fathers-day", "easter-sunday"), whose day of each year
     * replaces the stored one.
     */
    rule: text().notNull().default('fixed'),
    /** The event's own reminder lead times in days (issue 21): null = the account's, [] = none. */
    reminderLeadDays: integer().array(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_user_id_idx').on(t.userId),
    check('events_rule_check', sql`${t.rule} in ('fixed', 'mothering-sunday', 'fathers-day', 'easter-sunday')`),
  ],
)

/** Links of events to the people they are for. */
export const eventPeople = pgTable(
  'event_people',
  {
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.personId] }), index('event_people_person_idx').on(t.personId)],
)
