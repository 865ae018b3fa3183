import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

/**
 * People without an account who take part by name and email (issue 37; docs/decisions/guests.md):
 * guests claiming on shared wish lists and gift-exchange participants share this one table, one
 * sealed cookie and one confirmation flow (packages/api/src/services/guests/).
 *
 * - `email` is stored lower-cased and is unique: one guest per address.
 * - `emailConfirmedAt`: set when the guest follows a confirmation link (proof they read that inbox).
 * - `confirmTokenHash`/`confirmExpiresAt`: the one outstanding confirmation link (hex SHA-256 of a
 *   22-character link token, 48 hours, spent on use).
 * - `personalToken`: the key of the guest's personal page (/my-claims/{token}); kept as it is
 *   because every email to the guest shows the link again (docs/decisions/secret-links.md).
 * - `expiresAt`: when the job deletes the guest and, by cascade, everything they gave; each domain
 *   that keeps a guest's data pushes it later (30 days after a list's date, 12 months after use).
 */
export const guests = pgTable(
  'guests',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    confirmTokenHash: text(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    personalToken: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guests_email_key').on(t.email),
    uniqueIndex('guests_personal_token_key').on(t.personalToken),
    uniqueIndex('guests_confirm_token_hash_key').on(t.confirmTokenHash),
    index('guests_expires_idx').on(t.expiresAt),
    check('guests_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/**
 * Secrets the shop makes for itself when none is configured (the guest cookie's sealing password
 * when GUEST_COOKIE_SECRET is unset): made once by whichever instance starts first, so every
 * instance reads the same one.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** A guest's row. */
export type GuestRow = typeof guests.$inferSelect
