import {
  and,
  asc,
  count,
  eq,
  exchangeAssignments,
  exchangeItems,
  exchangeMessages,
  exchangeParticipants,
  exchanges,
  gte,
  or,
  products,
  sql,
  type Db,
} from '@presently/db'
import {
  AppError,
  EXCHANGE_LIMITS,
  EXCHANGE_MESSAGES,
  exchangeDataNotice,
  fromPence,
  toPence,
  ukToday,
  type addExchangeItemInput,
  type ExchangeIdea,
  type ExchangeItem,
  type ParticipantView,
  type sendMessageInput,
} from '@presently/domain'
import type { z } from 'zod'
import type { SessionUser } from '../../trpc.ts'
import type { Executor } from '../auth/executor.ts'
import { looksLikeLinkToken } from '../secret-links/link-token.ts'
import { displayNameOf } from '../wish-lists/read-items.ts'
import { resolveParticipant, type ExchangeRow, type ParticipantRef, type ParticipantRow } from './access.ts'
import { pairsByName, redrawAfterChange } from './draw.ts'
import { exchangeInfo } from './organiser.ts'
import { exchangeIdeas } from './ideas.ts'
import { cachedIdeas, cachedPage, resolveForView, type CachedPage } from './view-cache.ts'
import { catalogVersionOf } from '../catalog-version.ts'
import { extendGuestExpiry, findOrCreateGuest } from '../guests/guest-identity.ts'

/** A participant's list, oldest first; catalog items read title, image and price from the product. */
export async function readItems(db: Executor, participantId: number): Promise<ExchangeItem[]> {
  const rows = await db
    .select({
      id: exchangeItems.id,
      productId: exchangeItems.productId,
      awProductId: products.awProductId,
      title: exchangeItems.title,
      productTitle: products.title,
      link: exchangeItems.link,
      image: products.imageUrl,
      pricePence: exchangeItems.pricePence,
      productPrice: products.price,
      disabled: products.disabled,
      note: exchangeItems.note,
    })
    .from(exchangeItems)
    .leftJoin(products, eq(products.id, exchangeItems.productId))
    .where(eq(exchangeItems.participantId, participantId))
    .orderBy(asc(exchangeItems.id))
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    awProductId: r.awProductId,
    title: r.productTitle ?? r.title,
    link: r.link,
    image: r.image,
    price: r.awProductId !== null ? r.productPrice : r.pricePence === null ? null : fromPence(r.pricePence),
    note: r.note,
    available: r.disabled !== true,
  }))
}

/** The giftee's id of a giver, or null before the draw. */
async function gifteeOf(db: Executor, participantId: number): Promise<number | null> {
  const [row] = await db
    .select({ receiverId: exchangeAssignments.receiverId })
    .from(exchangeAssignments)
    .where(eq(exchangeAssignments.giverId, participantId))
  return row?.receiverId ?? null
}

/** The Santa's id of a giftee (server side only: never answered), or null. */
async function santaOf(db: Executor, participantId: number): Promise<number | null> {
  const [row] = await db
    .select({ giverId: exchangeAssignments.giverId })
    .from(exchangeAssignments)
    .where(eq(exchangeAssignments.receiverId, participantId))
  return row?.giverId ?? null
}

async function messagesBetween(db: Executor, santaId: number, gifteeId: number, asSanta: boolean) {
  const rows = await db
    .select()
    .from(exchangeMessages)
    .where(and(eq(exchangeMessages.santaId, santaId), eq(exchangeMessages.gifteeId, gifteeId)))
    .orderBy(asc(exchangeMessages.id))
  return rows.map((m) => ({
    id: m.id,
    mine: m.fromSanta === asSanta,
    kind: m.kind,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  }))
}

/** Whether `viewer` could attach this place to their account (none attached, not in it already). */
async function attachable(db: Executor, participant: ParticipantRow, viewer: SessionUser | null): Promise<boolean> {
  if (!viewer || participant.userId !== null) return false
  const [row] = await db
    .select({ id: exchangeParticipants.id })
    .from(exchangeParticipants)
    .where(and(eq(exchangeParticipants.exchangeId, participant.exchangeId), eq(exchangeParticipants.userId, viewer.id)))
  return !row
}

/**
 * A participant's page (issue 36): the exchange, their own list and hints, and after the draw,
 * once they opened it, their giftee (name, list, hints) and the anonymous messages with giftee
 * and Santa. Nothing of anyone else's pair: the Santa's identity is read only to find the
 * messages and never answered. After the date and the organiser's "reveal to everyone", every pair.
 * @throws AppError NOT_FOUND for an unknown, malformed or revoked link, or an exchange the
 *   signed-in user is not in.
 */
export async function viewParticipant(
  db: Db,
  ref: ParticipantRef,
  viewer: SessionUser | null,
): Promise<ParticipantView> {
  return (await participantPage(db, ref, viewer)).view
}

/**
 * The participant's page, kept per participant, viewer and data fingerprint (view-cache.ts;
 * docs/decisions/gift-exchanges.md "The participant's page"): one statement finds the
 * participant by the link (or the signed-in user) and reads the fingerprint of everything the
 * page shows; while it is unchanged the page made for it is answered again. The key starts with
 * the participant's id found by that statement, never with anything the caller sent, so one
 * link's page never answers another's. Pages that depend on more than the fingerprint are made
 * afresh every time: after "reveal to everyone" (every pair), and for a signed-in viewer who
 * could attach a place that has no account yet.
 * @returns the page and, when it is kept, the cache entry (whose `json` the REST route fills).
 * @throws AppError NOT_FOUND as viewParticipant.
 */
export async function participantPage(
  db: Db,
  ref: ParticipantRef,
  viewer: SessionUser | null,
): Promise<{ view: ParticipantView; cached: CachedPage | null }> {
  const { participant, exchange, fingerprint } = await resolveForView(db, ref)
  const cacheable = exchange.revealedToAllAt === null && (viewer === null || participant.userId !== null)
  if (!cacheable) return { view: await buildView(db, participant, exchange, viewer), cached: null }
  // `attached` is the only part that depends on the viewer here (canAttach is false: the place has an account or there is no viewer).
  const base = `${participant.id}\u0000${viewer === null ? '-' : viewer.id}`
  const page = await cachedPage(db, base, fingerprint, () => buildView(db, participant, exchange, viewer))
  return { view: page.view, cached: page }
}

async function buildView(
  db: Executor,
  participant: ParticipantRow,
  exchange: ExchangeRow,
  viewer: SessionUser | null,
): Promise<ParticipantView> {
  const me = participant
  const gifteeId = exchange.drawnAt && me.openedMatchAt ? await gifteeOf(db, me.id) : null
  const santaId = exchange.drawnAt ? await santaOf(db, me.id) : null
  let match: ParticipantView['match'] = null
  if (gifteeId !== null) {
    const [giftee] = await db.select().from(exchangeParticipants).where(eq(exchangeParticipants.id, gifteeId))
    if (giftee) match = { name: giftee.name, hints: giftee.hints, items: await readItems(db, giftee.id) }
  }
  let pairs: ParticipantView['pairs'] = null
  if (exchange.revealedToAllAt) {
    pairs = await pairsByName(db, exchange.id)
  }
  return {
    exchange: await exchangeInfo(db, exchange),
    me: {
      name: me.name,
      joined: me.joinedAt !== null,
      openedMatch: me.openedMatchAt !== null,
      hints: me.hints,
      items: await readItems(db, me.id),
      gotIt: me.gotItAt !== null,
      unsubscribed: me.unsubscribedAt !== null,
      attached: viewer !== null && me.userId === viewer.id,
      canAttach: await attachable(db, me, viewer),
    },
    match,
    withGiftee: gifteeId !== null ? await messagesBetween(db, me.id, gifteeId, true) : [],
    withSanta: santaId !== null ? await messagesBetween(db, santaId, me.id, false) : [],
    pairs,
    dataNotice: exchangeDataNotice(exchange.exchangeDate),
  }
}

/**
 * POST .../open (issue 36 "opened their match"): shows the participant their giftee and records
 * that they have seen it. Runs with the exchange's row locked FOR SHARE, so it waits for a
 * removal or latecomer re-draw in flight (FOR UPDATE) and the re-draw sees it as opened, or it
 * comes after and shows the new match.
 * @throws AppError CONFLICT "Names have not been drawn yet"; "Join the exchange first".
 */
export async function openMatch(db: Db, ref: ParticipantRef, viewer: SessionUser | null): Promise<ParticipantView> {
  return db.transaction(async (tx) => {
    const { participant } = await resolveParticipant(tx, ref)
    const [exchange] = await tx.select().from(exchanges).where(eq(exchanges.id, participant.exchangeId)).for('share')
    if (!exchange?.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notDrawn)
    const [fresh] = await tx
      .update(exchangeParticipants)
      .set({ openedMatchAt: sql`coalesce(${exchangeParticipants.openedMatchAt}, now())` })
      .where(eq(exchangeParticipants.id, participant.id))
      .returning()
    if (!fresh?.joinedAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notJoined)
    return buildView(tx, fresh, exchange, viewer)
  })
}

/**
 * POST .../join: confirms a place (the person opened the link that was emailed to them, which
 * confirms their address; issue 36). Before the draw they just join; after it, the chain they are
 * slotted into is re-drawn in the same transaction. At most 200 people; not after the date.
 * Returns the givers whose match changed (to be told) and whether this call joined.
 */
export async function joinExchange(
  db: Db,
  ref: ParticipantRef,
): Promise<{ exchange: ExchangeRow; participant: ParticipantRow; changed: number[]; joinedNow: boolean }> {
  return db.transaction(async (tx) => {
    const { participant } = await resolveParticipant(tx, ref)
    const [exchange] = await tx.select().from(exchanges).where(eq(exchanges.id, participant.exchangeId)).for('update')
    if (!exchange) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.linkNotFound)
    if (participant.joinedAt) return { exchange, participant, changed: [], joinedNow: false }
    if (exchange.exchangeDate < ukToday()) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.signUpClosed)
    const [joined] = await tx
      .select({ n: count() })
      .from(exchangeParticipants)
      .where(and(eq(exchangeParticipants.exchangeId, exchange.id), sql`${exchangeParticipants.joinedAt} is not null`))
    if ((joined?.n ?? 0) >= EXCHANGE_LIMITS.participantsMax) {
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.tooManyParticipants)
    }
    // Someone without an account joins as a guest (issue 37's one identity): their guest row
    // lives until the end of the 60th day after the exchange date, as the join page says.
    let guestId = participant.guestId
    if (participant.userId === null && participant.email) {
      const guest = await findOrCreateGuest(tx, { email: participant.email, name: participant.name })
      guestId = guest.id
      const until = new Date(`${exchange.exchangeDate}T23:59:59Z`)
      until.setUTCDate(until.getUTCDate() + EXCHANGE_LIMITS.purgeAfterDays)
      await extendGuestExpiry(tx, guest.id, until)
    }
    const [row] = await tx
      .update(exchangeParticipants)
      .set({ joinedAt: new Date(), guestId })
      .where(eq(exchangeParticipants.id, participant.id))
      .returning()
    const changed = exchange.drawnAt ? await redrawAfterChange(tx, exchange) : []
    return { exchange, participant: row!, changed, joinedNow: true }
  })
}

/** The exchange of a join link, or 404 (malformed, unknown or revoked token). */
async function exchangeByJoinToken(db: Executor, token: string): Promise<ExchangeRow> {
  if (!looksLikeLinkToken(token)) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.linkNotFound)
  const [row] = await db.select().from(exchanges).where(eq(exchanges.joinToken, token))
  if (!row) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.linkNotFound)
  return row
}

/** Sign-up by the join link is open until the end of the deadline's UK day. */
function signUpOpen(exchange: ExchangeRow): boolean {
  return ukToday() <= exchange.signUpDeadline
}

/** GET /api/exchange-join/{token}: what the join page shows (the exchange and the data notice). */
export async function getJoinPage(db: Db, token: string) {
  const exchange = await exchangeByJoinToken(db, token)
  return {
    exchange: await exchangeInfo(db, exchange),
    open: signUpOpen(exchange),
    dataNotice: exchangeDataNotice(exchange.exchangeDate),
  }
}

/**
 * POST /api/exchange-join/{token} (issue 36 join link). Signed in: joins at once with the
 * account's name and email (an existing place of that email is attached). Without an account:
 * a place with the name and email is made (or found) and its personal link emailed, which
 * confirms the address; the answer is the same whether the address was already in the exchange.
 * @throws AppError NOT_FOUND for a bad link; CONFLICT "Sign-up for this exchange has closed",
 *   "An exchange holds at most 200 people"; BAD_REQUEST naming name or email when missing.
 */
export async function joinByLink(
  db: Db,
  token: string,
  viewer: SessionUser | null,
  input: { name?: string; email?: string },
): Promise<
  | { kind: 'joined'; exchange: ExchangeRow; participant: ParticipantRow; changed: number[] }
  | { kind: 'emailed'; exchange: ExchangeRow; participant: ParticipantRow }
> {
  const exchange = await exchangeByJoinToken(db, token)
  if (!signUpOpen(exchange)) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.signUpClosed)
  if (viewer) {
    const [user] = await db
      .select()
      .from(exchangeParticipants)
      .where(
        and(
          eq(exchangeParticipants.exchangeId, exchange.id),
          or(eq(exchangeParticipants.userId, viewer.id), eq(exchangeParticipants.email, viewer.email.toLowerCase())),
        ),
      )
    let participant = user
    if (!participant) {
      participant = await insertPlace(db, exchange.id, {
        name: input.name ?? displayNameOf({ displayName: null, email: viewer.email }),
        email: viewer.email.toLowerCase(),
        userId: viewer.id,
      })
    } else if (participant.userId === null) {
      await db
        .update(exchangeParticipants)
        .set({ userId: viewer.id })
        .where(eq(exchangeParticipants.id, participant.id))
    }
    const result = await joinExchange(db, { userId: viewer.id, exchangeId: exchange.id })
    return { kind: 'joined', exchange: result.exchange, participant: result.participant, changed: result.changed }
  }
  if (!input.name) throw new AppError('BAD_REQUEST', 'name is required')
  if (!input.email) throw new AppError('BAD_REQUEST', 'email is required')
  const [known] = await db
    .select()
    .from(exchangeParticipants)
    .where(and(eq(exchangeParticipants.exchangeId, exchange.id), eq(exchangeParticipants.email, input.email)))
  const participant =
    known ?? (await insertPlace(db, exchange.id, { name: input.name, email: input.email, userId: null }))
  return { kind: 'emailed', exchange, participant }
}

/** A new place (not yet joined) in an exchange, within the 200-people cap (the exchange row locked). */
async function insertPlace(
  db: Db,
  exchangeId: number,
  values: { name: string; email: string; userId: number | null },
): Promise<ParticipantRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.id, exchangeId)).for('update')
    const [total] = await tx
      .select({ n: count() })
      .from(exchangeParticipants)
      .where(eq(exchangeParticipants.exchangeId, exchangeId))
    if ((total?.n ?? 0) >= EXCHANGE_LIMITS.participantsMax) {
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.tooManyParticipants)
    }
    const [row] = await tx
      .insert(exchangeParticipants)
      .values({ exchangeId, ...values })
      .onConflictDoUpdate({
        target: [exchangeParticipants.exchangeId, exchangeParticipants.email],
        set: { name: sql`${exchangeParticipants.name}` },
      })
      .returning()
    return row!
  })
}

type AddItemInput = z.output<typeof addExchangeItemInput>

/** Marks a participant's list changed (their Santa is told by the hourly job, at most once a day). */
async function touchList(db: Executor, participantId: number): Promise<void> {
  await db
    .update(exchangeParticipants)
    .set({ listChangedAt: new Date() })
    .where(eq(exchangeParticipants.id, participantId))
}

/**
 * POST .../items: adds a catalog product or an item from anywhere to the participant's own list
 * (as the wish lists' items; at most 50).
 * @throws AppError NOT_FOUND "Product not found"; CONFLICT "Your list holds at most 50 items".
 */
export async function addItem(db: Db, ref: ParticipantRef, input: AddItemInput): Promise<ExchangeItem[]> {
  return db.transaction(async (tx) => {
    const { participant } = await resolveParticipant(tx, ref)
    await tx
      .select({ id: exchangeParticipants.id })
      .from(exchangeParticipants)
      .where(eq(exchangeParticipants.id, participant.id))
      .for('update')
    const [total] = await tx
      .select({ n: count() })
      .from(exchangeItems)
      .where(eq(exchangeItems.participantId, participant.id))
    if ((total?.n ?? 0) >= EXCHANGE_LIMITS.itemsPerParticipant)
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.tooManyItems)
    let title = input.title ?? ''
    if (input.productId !== undefined) {
      const [product] = await tx
        .select({ title: products.title, disabled: products.disabled })
        .from(products)
        .where(eq(products.id, input.productId))
      if (!product || product.disabled) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.productNotFound)
      title = product.title
    }
    await tx.insert(exchangeItems).values({
      participantId: participant.id,
      productId: input.productId ?? null,
      title,
      link: input.link ?? null,
      pricePence: input.price == null ? null : toPence(input.price),
      note: input.note ?? '',
    })
    await touchList(tx, participant.id)
    return readItems(tx, participant.id)
  })
}

/** DELETE .../items/{itemId}: removes an item of the participant's own list (404 for any other). */
export async function removeItem(db: Db, ref: ParticipantRef, itemId: number): Promise<ExchangeItem[]> {
  const { participant } = await resolveParticipant(db, ref)
  const rows = await db
    .delete(exchangeItems)
    .where(and(eq(exchangeItems.id, itemId), eq(exchangeItems.participantId, participant.id)))
    .returning({ id: exchangeItems.id })
  if (!rows.length) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.itemNotFound)
  await touchList(db, participant.id)
  return readItems(db, participant.id)
}

/** PUT .../hints: sizes, likes, dislikes ("no more mugs"). */
export async function setHints(db: Db, ref: ParticipantRef, hints: string): Promise<void> {
  const { participant } = await resolveParticipant(db, ref)
  if (participant.hints === hints) return
  await db
    .update(exchangeParticipants)
    .set({ hints, listChangedAt: new Date() })
    .where(eq(exchangeParticipants.id, participant.id))
}

/** PUT .../got-it: "got it" (the present is bought), or not. */
export async function setGotIt(db: Db, ref: ParticipantRef, gotIt: boolean): Promise<void> {
  const { participant, exchange } = await resolveParticipant(db, ref)
  if (!exchange.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notDrawn)
  await db
    .update(exchangeParticipants)
    .set({ gotItAt: gotIt ? (participant.gotItAt ?? new Date()) : null })
    .where(eq(exchangeParticipants.id, participant.id))
}

/** PUT .../emails: turns this exchange's emails off (or on again). Honoured by every later mail. */
export async function setUnsubscribed(db: Db, ref: ParticipantRef, unsubscribed: boolean): Promise<void> {
  const { participant } = await resolveParticipant(db, ref)
  await db
    .update(exchangeParticipants)
    .set({ unsubscribedAt: unsubscribed ? (participant.unsubscribedAt ?? new Date()) : null })
    .where(eq(exchangeParticipants.id, participant.id))
}

/**
 * POST /api/exchange-links/{token}/attach (issue 36: "a participant with an account can attach
 * the exchange to it"): links the place to the signed-in caller, so /exchanges lists it.
 * @throws AppError CONFLICT when the place is someone's already or the caller has one in it.
 */
export async function attachToAccount(db: Db, token: string, viewer: SessionUser): Promise<number> {
  const { participant } = await resolveParticipant(db, { token })
  if (participant.userId === viewer.id) return participant.exchangeId
  if (!(await attachable(db, participant, viewer))) {
    throw new AppError('CONFLICT', 'This place is already linked to an account, or you have a place in this exchange')
  }
  await db.update(exchangeParticipants).set({ userId: viewer.id }).where(eq(exchangeParticipants.id, participant.id))
  return participant.exchangeId
}

type MessageInput = z.output<typeof sendMessageInput>

/**
 * POST .../messages (issue 36 "Anonymous questions"): the Santa asks their giftee, the giftee
 * answers or writes to their Santa (a thank-you note after the date). Neither learns who the
 * Santa is; the organiser has no call that reads them. At most 20 a day per participant (plus
 * the per-IP limit of the routes). Returns the recipient (to be told by email).
 * @throws AppError CONFLICT before the draw or before joining, "Thank-you notes can be sent after
 *   the exchange date", TOO_MANY_REQUESTS past the daily cap.
 */
export async function sendMessage(
  db: Db,
  ref: ParticipantRef,
  input: MessageInput,
): Promise<{ exchange: ExchangeRow; recipient: ParticipantRow }> {
  return db.transaction(async (tx) => {
    const { participant, exchange } = await resolveParticipant(tx, ref)
    if (!participant.joinedAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notJoined)
    if (!exchange.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notDrawn)
    await tx
      .select({ id: exchangeParticipants.id })
      .from(exchangeParticipants)
      .where(eq(exchangeParticipants.id, participant.id))
      .for('update')
    const [sent] = await tx
      .select({ n: count() })
      .from(exchangeMessages)
      .where(
        and(
          gte(exchangeMessages.createdAt, sql`now() - interval '1 day'`),
          or(
            and(eq(exchangeMessages.santaId, participant.id), eq(exchangeMessages.fromSanta, true)),
            and(eq(exchangeMessages.gifteeId, participant.id), eq(exchangeMessages.fromSanta, false)),
          ),
        ),
      )
    if ((sent?.n ?? 0) >= EXCHANGE_LIMITS.messagesPerDay)
      throw new AppError('TOO_MANY_REQUESTS', EXCHANGE_MESSAGES.tooManyMessages)
    const toGiftee = input.to === 'giftee'
    if (input.thanks && (toGiftee || exchange.exchangeDate > ukToday())) {
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.thanksAfterDate)
    }
    const otherId = toGiftee ? await gifteeOf(tx, participant.id) : await santaOf(tx, participant.id)
    if (otherId === null) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notDrawn)
    const santaId = toGiftee ? participant.id : otherId
    const gifteeId = toGiftee ? otherId : participant.id
    let kind: 'question' | 'answer' | 'note' | 'thanks' = toGiftee ? 'question' : 'note'
    if (input.thanks) kind = 'thanks'
    else if (!toGiftee) {
      const [lastQuestion] = await tx
        .select({ id: exchangeMessages.id })
        .from(exchangeMessages)
        .where(
          and(
            eq(exchangeMessages.santaId, santaId),
            eq(exchangeMessages.gifteeId, gifteeId),
            eq(exchangeMessages.fromSanta, true),
          ),
        )
        .limit(1)
      if (lastQuestion) kind = 'answer'
    }
    await tx
      .insert(exchangeMessages)
      .values({ exchangeId: exchange.id, santaId, gifteeId, fromSanta: toGiftee, kind, body: input.body })
    const [recipient] = await tx.select().from(exchangeParticipants).where(eq(exchangeParticipants.id, otherId))
    return { exchange, recipient: recipient! }
  })
}

/**
 * GET .../ideas (issue 36): gift ideas within the limit for the participant's giftee, from the
 * picks engine on the giftee's list and hints. Empty until they have opened their match. Kept
 * per participant while the page's fingerprint (the giftee, their row and list, the products on
 * it), the catalog version and the London date are unchanged (view-cache.ts cachedIdeas).
 */
export async function participantIdeas(db: Db, ref: ParticipantRef): Promise<ExchangeIdea[]> {
  const { participant, exchange, fingerprint } = await resolveForView(db, ref)
  if (!exchange.drawnAt || !participant.openedMatchAt) return []
  const key = `${fingerprint}\u0000${await catalogVersionOf(db)}\u0000${ukToday()}`
  const ideas = await cachedIdeas(db, participant.id, key, async () => {
    const gifteeId = await gifteeOf(db, participant.id)
    if (gifteeId === null) return []
    const [giftee] = await db.select().from(exchangeParticipants).where(eq(exchangeParticipants.id, gifteeId))
    if (!giftee) return []
    const items = await readItems(db, giftee.id)
    return exchangeIdeas(db, {
      gifteeId: giftee.id,
      gifteeName: giftee.name,
      hints: giftee.hints,
      items,
      limitPounds: exchange.limitPence / 100,
    })
  })
  return [...ideas]
}
