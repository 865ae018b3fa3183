import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'
import { products } from './catalog.ts'
import { guests } from './guests.ts'

/**
 * Gift exchanges (Secret Santa, issue 36; docs/decisions/gift-exchanges.md). A signed-in
 * organiser creates one; people join by a personal link (emailed) or the join link. The draw's
 * pairs live in `exchange_assignments`, which only the giver's own calls read.
 */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial().primaryKey(),
    organiserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The spending limit, whole pence. */
    limitPence: integer().notNull(),
    /** The day presents are exchanged (UK calendar date). */
    exchangeDate: date({ mode: 'string' }).notNull(),
    place: text().notNull().default(''),
    message: text().notNull().default(''),
    /** Sign-up closes at the end of this UK day; the draw then runs by itself. */
    signUpDeadline: date({ mode: 'string' }).notNull(),
    /** Null: the default (on from 4 people). */
    noMutualPairs: boolean(),
    /** The join link's token, kept as it is (the organiser is shown the link again); null: revoked. */
    joinToken: text(),
    drawnAt: timestamp({ withTimezone: true }),
    /** The organiser's emergency reveal (recorded; every participant was told). */
    organiserRevealedAt: timestamp({ withTimezone: true }),
    /** After the date: the pairs shown to every participant, if the organiser chose to. */
    revealedToAllAt: timestamp({ withTimezone: true }),
    /** The exchange this one was run again from ("Run again for 2027"). */
    previousId: integer(),
    /** When the 60-day deletion of participants' personal data ran. */
    purgedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchanges_organiser_idx').on(t.organiserId, t.exchangeDate),
    uniqueIndex('exchanges_join_token_key').on(t.joinToken),
    index('exchanges_deadline_idx')
      .on(t.signUpDeadline)
      .where(sql`${t.drawnAt} is null`),
    check('exchanges_limit', sql`${t.limitPence} between 1 and 100000000`),
  ],
)

/**
 * A person in an exchange: an account's user (`userId`) or someone without one (a name and an
 * email, confirmed by the emailed link). Status is kept on the row so the organiser's page reads
 * nothing of the draw. `household`: people with the same key never draw each other.
 */
export const exchangeParticipants = pgTable(
  'exchange_participants',
  {
    id: serial().primaryKey(),
    exchangeId: integer()
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * Someone without an account: their guest identity (issue 37's one guests table), made when
     * they join. The place outlives the guest row (the draw needs it), so the link is set null.
     */
    guestId: integer().references(() => guests.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** Lower-cased; null after the 60-day deletion. */
    email: text(),
    household: text(),
    /** Sizes, likes, dislikes, "no more mugs". */
    hints: text().notNull().default(''),
    isOrganiser: boolean().notNull().default(false),
    invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Confirmed: they opened their emailed link and joined (or joined signed in). */
    joinedAt: timestamp({ withTimezone: true }),
    openedMatchAt: timestamp({ withTimezone: true }),
    gotItAt: timestamp({ withTimezone: true }),
    listChangedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_participants_exchange_idx').on(t.exchangeId, t.id),
    index('exchange_participants_user_idx').on(t.userId),
    index('exchange_participants_guest_idx').on(t.guestId),
    uniqueIndex('exchange_participants_email_key').on(t.exchangeId, t.email),
  ],
)

/**
 * Personal links of a participant: the SHA-256 of each token (the shop never shows one again;
 * every email that carries a link makes a new one). Deleted with the participant or the purge.
 */
export const exchangeLinks = pgTable(
  'exchange_links',
  {
    tokenHash: text().primaryKey(),
    participantId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_links_participant_idx').on(t.participantId)],
)

export const exchangeExclusionSource = pgEnum('exchange_exclusion_source', ['organiser', 'last_year'])

/**
 * "Giver must not draw receiver" (one way). `last_year`: the pairs of the exchange this one was
 * run again from; the organiser's calls never list those (they are last year's secret pairs).
 */
export const exchangeExclusions = pgTable(
  'exchange_exclusions',
  {
    exchangeId: integer()
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    giverId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    receiverId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    source: exchangeExclusionSource().notNull().default('organiser'),
  },
  (t) => [
    primaryKey({ columns: [t.giverId, t.receiverId] }),
    index('exchange_exclusions_exchange_idx').on(t.exchangeId),
  ],
)

/** The draw: `giverId` buys for `receiverId`. Read only by the giver's own calls. */
export const exchangeAssignments = pgTable(
  'exchange_assignments',
  {
    exchangeId: integer()
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    giverId: integer()
      .primaryKey()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    receiverId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('exchange_assignments_receiver_key').on(t.receiverId),
    index('exchange_assignments_exchange_idx').on(t.exchangeId),
  ],
)

/** A participant's own list for the exchange: a catalog product or an item from anywhere. */
export const exchangeItems = pgTable(
  'exchange_items',
  {
    id: serial().primaryKey(),
    participantId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    title: text().notNull(),
    link: text(),
    pricePence: integer(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_items_participant_idx').on(t.participantId, t.id),
    check('exchange_items_price', sql`${t.pricePence} is null or ${t.pricePence} >= 0`),
  ],
)

export const exchangeMessageKind = pgEnum('exchange_message_kind', ['question', 'answer', 'note', 'thanks'])

/**
 * Anonymous messages between a Santa and their giftee (issue 36): `fromSanta` says who wrote it;
 * the giftee never learns the Santa's id from it, and the organiser has no call that reads it.
 */
export const exchangeMessages = pgTable(
  'exchange_messages',
  {
    id: serial().primaryKey(),
    exchangeId: integer()
      .notNull()
      .references(() => exchanges.id, { onDelete: 'cascade' }),
    santaId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    gifteeId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    fromSanta: boolean().notNull(),
    kind: exchangeMessageKind().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_messages_pair_idx').on(t.santaId, t.gifteeId, t.id)],
)

/** Emails sent once per participant and kind (reminders, "names are drawn"): the idempotency key. */
export const exchangeEmailsSent = pgTable(
  'exchange_emails_sent',
  {
    participantId: integer()
      .notNull()
      .references(() => exchangeParticipants.id, { onDelete: 'cascade' }),
    /** "drawn", "empty_list", "week_before", "day_before", "list_changed:<UK date>", ... */
    kind: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.kind] })],
)

/** The record of every reveal (issue 36: explicit and recorded). */
export const exchangeReveals = pgTable('exchange_reveals', {
  id: serial().primaryKey(),
  exchangeId: integer()
    .notNull()
    .references(() => exchanges.id, { onDelete: 'cascade' }),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  /** "organiser" (the emergency reveal) or "everyone" (after the date). */
  kind: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
