import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Rate-limit counters shared by every instance of the shop (docs/decisions/rate-limits.md):
 * one row per key ("ip:login:203.0.113.9", "email:login:ann@example.com") with the count of
 * the current window and when it ends. Expired rows are reset on the next hit and swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
)
