import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_user_id_idx').on(t.userId)],
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
