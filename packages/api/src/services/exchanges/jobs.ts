import {
  and,
  eq,
  exchangeEmailsSent,
  exchangeLinks,
  exchangeMessages,
  exchangeItems,
  exchangeParticipants,
  exchanges,
  inArray,
  isNull,
  lt,
  sql,
  type Db,
} from '@presently/db'
import { AppError, EXCHANGE_LIMITS, ukToday } from '@presently/domain'
import { drawExchange } from './draw.ts'
import { claimMailKey, releaseMailKey, sendExchangeMail, type ExchangeMailDeps } from './mail.ts'
import { notifyDrawn } from './notify.ts'
import { organiserName, type ExchangeRow } from './access.ts'

/** The Agenda job of gift exchanges: draws, reminders, list-change notices and the purge (every 15 min). */
export const EXCHANGE_JOB = 'gift-exchanges'
export const EXCHANGE_JOB_INTERVAL = '15 minutes'

/** What one run did (logged). */
export interface ExchangeJobResult {
  drawn: number
  drawFailed: number
  reminders: number
  listNotices: number
  purged: number
}

/** "YYYY-MM-DD" plus `days`. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/**
 * One run of the exchange job (issue 36), safe to run in several processes at once (the draw
 * locks its exchange; every mail has a once-only key):
 * 1. draws exchanges whose sign-up deadline (a UK day) has ended;
 * 2. "your list is empty" 3 days after joining; "in 7 days" and "tomorrow";
 * 3. tells a Santa, at most once a UK day, that their giftee's list or hints changed;
 * 4. deletes personal data 60 days after the exchange date: lists, hints, messages, links and
 *    the mail record go; names, emails, households and pairs stay for "Run again" (the join
 *    page says so).
 */
export async function runExchangeJobs(
  db: Db,
  deps: ExchangeMailDeps,
  options: { today?: string; now?: Date; log?: (message: string, details: object) => void } = {},
): Promise<ExchangeJobResult> {
  const today = options.today ?? ukToday()
  const now = options.now ?? new Date()
  const result: ExchangeJobResult = { drawn: 0, drawFailed: 0, reminders: 0, listNotices: 0, purged: 0 }

  const due = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(
      and(isNull(exchanges.drawnAt), lt(exchanges.signUpDeadline, today), sql`${exchanges.exchangeDate} >= ${today}`),
    )
  for (const { id } of due) {
    try {
      const { exchange, drawn } = await drawExchange(db, id, null)
      result.drawn++
      await notifyDrawn(
        db,
        deps,
        exchange,
        drawn.map((p) => p.id),
      )
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      // Too few people or impossible rules: the organiser sees why on their page and draws by hand.
      result.drawFailed++
      options.log?.('gift exchange: automatic draw not possible', { exchangeId: id, reason: err.message })
    }
  }

  const active = await db
    .select()
    .from(exchanges)
    .where(and(sql`${exchanges.exchangeDate} >= ${today}`, isNull(exchanges.purgedAt)))
  for (const exchange of active) {
    result.reminders += await remind(db, deps, exchange, today, now)
    if (exchange.drawnAt) result.listNotices += await tellSantas(db, deps, exchange, today)
  }

  const expired = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(isNull(exchanges.purgedAt), lt(exchanges.exchangeDate, addDays(today, -EXCHANGE_LIMITS.purgeAfterDays))))
  for (const { id } of expired) {
    await purgeExchange(db, id)
    result.purged++
  }
  return result
}

async function sendOnce(
  db: Db,
  deps: ExchangeMailDeps,
  kind: 'empty_list' | 'week_before' | 'day_before' | 'list_changed',
  key: string,
  exchange: ExchangeRow,
  participant: typeof exchangeParticipants.$inferSelect,
  organiser: string,
): Promise<number> {
  if (!(await claimMailKey(db, participant.id, key))) return 0
  try {
    return (await sendExchangeMail(db, deps, kind, exchange, participant, organiser)) ? 1 : 0
  } catch (err) {
    await releaseMailKey(db, participant.id, key)
    throw err
  }
}

async function remind(
  db: Db,
  deps: ExchangeMailDeps,
  exchange: ExchangeRow,
  today: string,
  now: Date,
): Promise<number> {
  const people = await db
    .select()
    .from(exchangeParticipants)
    .where(and(eq(exchangeParticipants.exchangeId, exchange.id), sql`${exchangeParticipants.joinedAt} is not null`))
  if (!people.length) return 0
  const organiser = await organiserName(db, exchange.organiserId)
  const withItems = new Set(
    (
      await db
        .selectDistinct({ id: exchangeItems.participantId })
        .from(exchangeItems)
        .where(
          inArray(
            exchangeItems.participantId,
            people.map((p) => p.id),
          ),
        )
    ).map((r) => r.id),
  )
  let sent = 0
  const emptyAfter = now.getTime() - EXCHANGE_LIMITS.emptyListAfterDays * 86_400_000
  for (const p of people) {
    if (p.joinedAt && p.joinedAt.getTime() <= emptyAfter && !withItems.has(p.id) && !p.hints.trim()) {
      sent += await sendOnce(db, deps, 'empty_list', 'empty_list', exchange, p, organiser)
    }
    if (exchange.exchangeDate === addDays(today, 1)) {
      sent += await sendOnce(db, deps, 'day_before', 'day_before', exchange, p, organiser)
    } else if (exchange.exchangeDate <= addDays(today, 7) && exchange.exchangeDate > addDays(today, 1)) {
      sent += await sendOnce(db, deps, 'week_before', 'week_before', exchange, p, organiser)
    }
  }
  return sent
}

/**
 * Santas whose giftee changed their list or hints since the Santa was last told (or since the
 * draw) get one mail, at most one a UK day (the key "list_changed:<day>").
 */
async function tellSantas(db: Db, deps: ExchangeMailDeps, exchange: ExchangeRow, today: string): Promise<number> {
  const rows = await db.execute<{ santa_id: number }>(sql`
    select a.giver_id as santa_id
      from exchange_assignments a
      join exchange_participants g on g.id = a.receiver_id
     where a.exchange_id = ${exchange.id}
       and g.list_changed_at is not null
       and g.list_changed_at > greatest(a.created_at, coalesce((
             select max(s.sent_at) from exchange_emails_sent s
              where s.participant_id = a.giver_id and s.kind like 'list_changed:%'), a.created_at))`)
  if (!rows.rows.length) return 0
  const organiser = await organiserName(db, exchange.organiserId)
  const santas = await db
    .select()
    .from(exchangeParticipants)
    .where(
      inArray(
        exchangeParticipants.id,
        rows.rows.map((r) => r.santa_id),
      ),
    )
  let sent = 0
  for (const santa of santas) {
    sent += await sendOnce(db, deps, 'list_changed', `list_changed:${today}`, exchange, santa, organiser)
  }
  return sent
}

/**
 * The 60-day deletion of one exchange's personal data (issue 36 "Data"): lists, hints, messages,
 * personal links and the record of mails go; names, emails, households and the pairs stay so a
 * signed-in organiser can "Run again" without drawing the same pairs.
 */
export async function purgeExchange(db: Db, exchangeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = (
      await tx
        .select({ id: exchangeParticipants.id })
        .from(exchangeParticipants)
        .where(eq(exchangeParticipants.exchangeId, exchangeId))
    ).map((r) => r.id)
    await tx.delete(exchangeMessages).where(eq(exchangeMessages.exchangeId, exchangeId))
    if (ids.length) {
      await tx.delete(exchangeItems).where(inArray(exchangeItems.participantId, ids))
      await tx.delete(exchangeLinks).where(inArray(exchangeLinks.participantId, ids))
      await tx.delete(exchangeEmailsSent).where(inArray(exchangeEmailsSent.participantId, ids))
      await tx
        .update(exchangeParticipants)
        .set({ hints: '', listChangedAt: null })
        .where(inArray(exchangeParticipants.id, ids))
    }
    await tx.update(exchanges).set({ purgedAt: new Date(), joinToken: null }).where(eq(exchanges.id, exchangeId))
  })
}
