import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { emailLog } from './jobs.ts'

/**
 * Every change of a product's price or stock (issue 39 "Price history"), one row per change: the
 * price in pence and what the feed said of stock from `observedAt` on. Written by the trigger
 * `products_price_history` (migration issue39_price_history_sql) whenever an UPDATE of products
 * changes price or in_stock, whoever makes it (a feed refresh, staff, SQL by hand); the first
 * change of a product also records the price it had before, observed at its previous updated_at.
 * A product with no row has kept its price since it was created. Nothing is written on INSERT, so
 * the first import of a feed stays as fast as it was.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The shop's price (GBP) in pence. */
    pricePence: integer().notNull(),
    /** The feed's stock: true, false (none left, or no longer sold), null (it says nothing). */
    inStock: boolean(),
    observedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.observedAt)],
)

/**
 * A user's price alert settings (issue 39). No row: the defaults, on with a 10% minimum drop
 * (DEFAULT_PRICE_ALERT_SETTINGS in @presently/domain).
 */
export const priceAlertSettings = pgTable('price_alert_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(true),
  /** Whole percent, 5..50. */
  minDropPercent: integer().notNull().default(10),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * One user's price alert email of one UK day (issue 39, docs/decisions/price-alerts.md): the key
 * (user, day) makes at most one such email a day, across runs, instances and crashes. Written in
 * the transaction that queues the email and records its alerts.
 */
export const priceAlertDigests = pgTable(
  'price_alert_digests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UK day (Europe/London) of the run. */
    day: date({ mode: 'string' }).notNull(),
    emailLogId: integer().references(() => emailLog.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

/**
 * Every alert sent (issue 39): a watched product's price fell far enough, or it came back in
 * stock. The latest one of a (user, product) is the new baseline: the next alert compares with
 * its price and looks at what happened after it. `historyId` is the price_history row the alert
 * was decided on; (user, product, historyId) is unique, so one change is never alerted twice.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** "price" or "back". */
    kind: text().notNull(),
    historyId: bigint({ mode: 'number' }).notNull(),
    oldPence: integer().notNull(),
    newPence: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('price_alerts_user_product_history_key').on(t.userId, t.productId, t.historyId),
    index('price_alerts_product_idx').on(t.productId),
  ],
)

/**
 * A device's web push subscription for price alerts (issue 39): the browser's endpoint and keys,
 * per user and device (endpoint unique). Removed when the user turns it off on that device or the
 * push service answers 404/410 (gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/**
 * A push message queued for one subscription (issue 39): written in the transaction that records
 * the day's alerts, delivered afterwards by the push sender (lease, FOR UPDATE SKIP LOCKED), as
 * email_log is for email. status: queued, sent, failed (given up), gone (the subscription ended).
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: serial().primaryKey(),
    subscriptionId: integer().references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The notification: {title, body, url}. */
    payload: jsonb().$type<{ title: string; body: string; url: string }>().notNull(),
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('push_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
)
