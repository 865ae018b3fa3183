import { and, eq, exchangeParticipants, inArray, isNotNull, type Db } from '@presently/db'
import { organiserName, type ExchangeRow, type ParticipantRow } from './access.ts'
import { claimMailKey, releaseMailKey, sendExchangeMail, type ExchangeMailDeps, type ExchangeMailKind } from './mail.ts'

/**
 * The mails that follow the exchange calls (issue 36 "Emails"), sent after the answer. Each
 * takes the people concerned and sends one mail each; none names a pair.
 */

/** Invitations with each person's personal link (organiser's paste, "Run again"). */
export async function notifyInvited(
  db: Db,
  deps: ExchangeMailDeps,
  exchange: ExchangeRow,
  invited: readonly ParticipantRow[],
): Promise<void> {
  const organiser = await organiserName(db, exchange.organiserId)
  for (const participant of invited) await sendExchangeMail(db, deps, 'invitation', exchange, participant, organiser)
}

/** The join link's confirmation: the personal link to the address given (no account). */
export async function notifyJoinConfirm(
  db: Db,
  deps: ExchangeMailDeps,
  exchange: ExchangeRow,
  participant: ParticipantRow,
): Promise<void> {
  await sendExchangeMail(db, deps, 'join_confirm', exchange, participant, await organiserName(db, exchange.organiserId))
}

/** Once-only mails to a set of participants (by id), skipping those already sent `key`. */
async function once(
  db: Db,
  deps: ExchangeMailDeps,
  kind: ExchangeMailKind,
  key: string,
  exchange: ExchangeRow,
  ids: readonly number[],
): Promise<number> {
  if (!ids.length) return 0
  const organiser = await organiserName(db, exchange.organiserId)
  const people = await db
    .select()
    .from(exchangeParticipants)
    .where(inArray(exchangeParticipants.id, [...ids]))
  let sent = 0
  for (const participant of people) {
    if (!(await claimMailKey(db, participant.id, key))) continue
    try {
      if (await sendExchangeMail(db, deps, kind, exchange, participant, organiser)) sent++
    } catch (err) {
      await releaseMailKey(db, participant.id, key)
      throw err
    }
  }
  return sent
}

/** "Names are drawn: open your match" to everyone drawn (once each). */
export async function notifyDrawn(
  db: Db,
  deps: ExchangeMailDeps,
  exchange: ExchangeRow,
  ids: readonly number[],
): Promise<void> {
  await once(db, deps, 'drawn', 'drawn', exchange, ids)
}

/**
 * After a latecomer or a removal: the givers whose match changed are told (issue 36: "emails only
 * those whose match changed"); a newcomer gets "names are drawn" instead.
 */
export async function notifyChanged(
  db: Db,
  deps: ExchangeMailDeps,
  exchange: ExchangeRow,
  changed: readonly number[],
  newcomerId?: number,
): Promise<void> {
  const others = changed.filter((id) => id !== newcomerId)
  if (newcomerId !== undefined && changed.includes(newcomerId)) await notifyDrawn(db, deps, exchange, [newcomerId])
  const organiser = await organiserName(db, exchange.organiserId)
  if (!others.length) return
  const people = await db.select().from(exchangeParticipants).where(inArray(exchangeParticipants.id, others))
  for (const participant of people) {
    await sendExchangeMail(db, deps, 'match_changed', exchange, participant, organiser)
  }
}

/** Everyone who joined: "the organiser looked" or "who drew whom is revealed". */
export async function notifyEveryone(
  db: Db,
  deps: ExchangeMailDeps,
  exchange: ExchangeRow,
  kind: 'organiser_revealed' | 'revealed_to_all',
): Promise<void> {
  const organiser = await organiserName(db, exchange.organiserId)
  const people = await db
    .select()
    .from(exchangeParticipants)
    .where(and(eq(exchangeParticipants.exchangeId, exchange.id), isNotNull(exchangeParticipants.joinedAt)))
  for (const participant of people) await sendExchangeMail(db, deps, kind, exchange, participant, organiser)
}

/** "You have a new message", at most once a UK day per recipient. */
export async function notifyMessage(
  db: Db,
  deps: ExchangeMailDeps,
  exchange: ExchangeRow,
  recipient: ParticipantRow,
  today: string,
): Promise<void> {
  await once(db, deps, 'message', `message:${today}`, exchange, [recipient.id])
}
