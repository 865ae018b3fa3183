import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

/**
 * One-time sign-in codes (issue 41, docs/decisions/rate-limits.md): while failed sign-ins aimed
 * at an account are past AUTH_LOGIN_EMAIL_FAILURE_MAX, its right password alone does not sign in;
 * a 6-digit code is emailed and must come with it. Only the code's SHA-256 (with the user id) is
 * kept; a code works once, for 10 minutes, and dies after 5 wrong tries.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    /** Wrong codes tried against this one (only with the right password). */
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when it signed someone in, was replaced by a newer code, or ran out of tries. */
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_codes_user_idx').on(t.userId, t.createdAt)],
)
