import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

/** Shop accounts (spec browsing-and-purchase §3 "User", account-area §3 "User"). */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    /** Stored lower-cased; uniqueness is on lower(email). */
    email: text().notNull(),
    /** argon2id PHC string; null for accounts that only sign in with Google. */
    passwordHash: text(),
    displayName: text(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    unsubscribed: boolean().notNull().default(false),
    isStaff: boolean().notNull().default(false),
    isAdmin: boolean().notNull().default(false),
    googleId: text(),
    /**
     * SHA-256 (hex) of the secret in the user's private calendar feed URL
     * (/api/calendar/{token}.ics); null until the user asks for the link. Reset replaces it.
     */
    calendarTokenHash: text(),
    /**
     * When the user finished or skipped the first-visit start on the home page (issue 26); null
     * until then, so home greets them with the start instead of "Welcome back". Accounts that
     * existed before the column are backfilled with their creation time (migration 0015).
     */
    welcomedAt: timestamp({ withTimezone: true }),
    /**
     * The version of the user's account data (issue 24, docs/decisions/user-data-version.md):
     * statement-level triggers add one on every write to a table the account answers read
     * (people and their profile tables, events, likes, orders, gifts, budgets). Cached answers
     * are keyed by it, so any write, by any process, makes older ones unreachable. Only the
     * triggers write it (migration issue24_user_data_versions_sql).
     */
    dataVersion: bigint({ mode: 'number' }).notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_calendar_token_hash_key').on(t.calendarTokenHash),
  ],
)

/**
 * Sessions as in the Lucia guide: the id is the hex SHA-256 of the random token held in the
 * cookie, so a leaked table cannot be replayed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const emailTokenPurpose = pgEnum('email_token_purpose', ['confirm_email', 'reset_password', 'unsubscribe'])

/** Single-use email tokens (confirm, reset, unsubscribe); only the SHA-256 of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
)
