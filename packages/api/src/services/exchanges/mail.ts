import { renderExchangeEmail, type Mailer } from '@presently/email'
import { exchangeParticipantPath, formatPrice } from '@presently/domain'
import { and, eq, exchangeEmailsSent, type Db } from '@presently/db'
import type { ExchangeRow, ParticipantRow } from './access.ts'
import { issueParticipantLink } from './access.ts'

/** What the exchange services need to send mail. */
export interface ExchangeMailDeps {
  mailer: Mailer
  /** APP_URL, the origin of links. */
  appUrl: string
}

/** The kinds of exchange mail (email_log.kind is `exchange_<kind>`). */
export type ExchangeMailKind =
  | 'invitation'
  | 'join_confirm'
  | 'drawn'
  | 'match_changed'
  | 'empty_list'
  | 'week_before'
  | 'day_before'
  | 'list_changed'
  | 'organiser_revealed'
  | 'revealed_to_all'
  | 'message'

/** UK words of a date "2026-12-18": "Friday 18 December 2026". */
export function ukDateWords(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))
}

function content(kind: ExchangeMailKind, exchange: ExchangeRow, organiser: string) {
  const limit = formatPrice(exchange.limitPence / 100)
  const when = ukDateWords(exchange.exchangeDate)
  const where = exchange.place ? ` at ${exchange.place}` : ''
  const name = exchange.name
  switch (kind) {
    case 'invitation':
      return {
        subject: `${organiser} invited you to ${name}`,
        heading: `You are invited to “${name}”`,
        paragraphs: [
          `${organiser} is organising a gift exchange: everyone draws one person and buys them a present of up to ${limit}. Presents are exchanged on ${when}${where}.`,
          ...(exchange.message ? [`${organiser} says: “${exchange.message}”`] : []),
          `Join by ${ukDateWords(exchange.signUpDeadline)} to be in the draw.`,
        ],
        action: 'Join the exchange',
      }
    case 'join_confirm':
      return {
        subject: `Confirm your place in ${name}`,
        heading: 'Confirm your place',
        paragraphs: [
          `Someone (we hope you) asked to join the gift exchange “${name}” organised by ${organiser} with this address. Open your page and press “Join” to confirm. If it was not you, ignore this email.`,
        ],
        action: 'Open my page',
      }
    case 'drawn':
      return {
        subject: `Names are drawn for ${name}: open your match`,
        heading: 'Names are drawn',
        paragraphs: [
          `The names for “${name}” have been drawn. Open your page to see who you are buying for (up to ${limit}), their wish list and gift ideas. Presents are exchanged on ${when}${where}.`,
        ],
        action: 'Open my match',
      }
    case 'match_changed':
      return {
        subject: `Your match in ${name} has changed`,
        heading: 'Your match has changed',
        paragraphs: [
          `Someone joined or left “${name}”, and you are now buying for someone else. Open your page to see who.`,
        ],
        action: 'Open my match',
      }
    case 'empty_list':
      return {
        subject: `Your list for ${name} is empty`,
        heading: 'Help your Santa',
        paragraphs: [
          `Your Santa in “${name}” would love a clue. Add a few things you would like (up to ${limit}) or some hints: sizes, likes, dislikes.`,
        ],
        action: 'Add to my list',
      }
    case 'week_before':
    case 'day_before':
      return {
        subject: kind === 'week_before' ? `${name} is in 7 days` : `${name} is tomorrow`,
        heading: kind === 'week_before' ? 'One week to go' : 'It is tomorrow',
        paragraphs: [`“${name}” is on ${when}${where}. The limit is ${limit}.`],
        action: 'Open my page',
      }
    case 'list_changed':
      return {
        subject: `Your giftee in ${name} has changed their list`,
        heading: 'Their list has changed',
        paragraphs: [`The person you are buying for in “${name}” has changed their list or hints.`],
        action: 'See their list',
      }
    case 'organiser_revealed':
      return {
        subject: `The organiser of ${name} looked at the pairs`,
        heading: 'The organiser looked at who drew whom',
        paragraphs: [
          `${organiser} used the emergency reveal of “${name}” and can now see who drew whom. We tell everyone in the exchange when this happens.`,
        ],
        action: 'Open my page',
      }
    case 'revealed_to_all':
      return {
        subject: `Who drew whom in ${name}`,
        heading: 'The Santas are revealed',
        paragraphs: [
          `${organiser} has revealed who drew whom in “${name}”. You can also send your Santa a thank-you note.`,
        ],
        action: 'See who was whose Santa',
      }
    case 'message':
      return {
        subject: `A new message in ${name}`,
        heading: 'You have a new message',
        paragraphs: [`Someone in “${name}” sent you an anonymous message. Open your page to read it and reply.`],
        action: 'Read the message',
      }
  }
}

/** A participant removed between the read and the write (PostgreSQL 23503 on their id). */
function isGone(err: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined)
  return code(err) === '23503' || code((err as { cause?: unknown } | null)?.cause) === '23503'
}

/**
 * Sends one exchange mail to a participant with a fresh personal link (a new token is stored
 * hashed; the old links keep working). Skips people without an email (after the purge) and,
 * except for invitations, the join confirmation and the "organiser looked" notice (which the
 * issue says everyone is told), people who turned exchange emails off. The mail never names a
 * giftee or a Santa.
 * @returns whether a mail was sent.
 */
export async function sendExchangeMail(
  db: Db,
  deps: ExchangeMailDeps,
  kind: ExchangeMailKind,
  exchange: ExchangeRow,
  participant: ParticipantRow,
  organiser: string,
): Promise<boolean> {
  if (!participant.email) return false
  const always = kind === 'invitation' || kind === 'join_confirm' || kind === 'organiser_revealed'
  if (participant.unsubscribedAt && !always) return false
  let token: string
  try {
    token = await issueParticipantLink(db, participant.id)
  } catch (err) {
    // Removed from the exchange since: nothing to tell them.
    if (isGone(err)) return false
    throw err
  }
  const url = new URL(exchangeParticipantPath(token), deps.appUrl).toString()
  const words = content(kind, exchange, organiser)
  const rendered = await renderExchangeEmail(words.subject, {
    appUrl: deps.appUrl.replace(/\/$/, ''),
    preview: words.paragraphs[0] ?? words.heading,
    heading: words.heading,
    paragraphs: [participant.name ? `Hello ${participant.name},` : 'Hello,', ...words.paragraphs],
    action: { label: words.action, url },
    exchangeName: exchange.name,
    unsubscribeUrl: kind === 'join_confirm' ? undefined : url,
  })
  await deps.mailer.send({
    to: participant.email,
    userId: participant.userId,
    kind: `exchange_${kind}`,
    ...rendered,
  })
  return true
}

/**
 * Claims the once-only key `kind` for a participant (an insert that does nothing when the key is
 * there): true when this caller may send that mail. Two job runs at once send it once.
 */
export async function claimMailKey(db: Db, participantId: number, kind: string): Promise<boolean> {
  try {
    const rows = await db
      .insert(exchangeEmailsSent)
      .values({ participantId, kind })
      .onConflictDoNothing()
      .returning({ participantId: exchangeEmailsSent.participantId })
    return rows.length > 0
  } catch (err) {
    if (isGone(err)) return false
    throw err
  }
}

/** Forgets a once-only key (the send failed before the mail was recorded). */
export async function releaseMailKey(db: Db, participantId: number, kind: string): Promise<void> {
  await db
    .delete(exchangeEmailsSent)
    .where(and(eq(exchangeEmailsSent.participantId, participantId), eq(exchangeEmailsSent.kind, kind)))
}
