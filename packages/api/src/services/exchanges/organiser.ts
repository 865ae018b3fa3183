import {
  and,
  asc,
  count,
  eq,
  exchangeExclusions,
  exchangeItems,
  exchangeParticipants,
  exchanges,
  gte,
  inArray,
  or,
  sql,
  users,
  type Db,
} from '@presently/db'
import {
  AppError,
  EXCHANGE_LIMITS,
  EXCHANGE_MESSAGES,
  exchangeJoinPath,
  nextYearName,
  parseInviteLines,
  toPence,
  ukToday,
  type createExchangeInput,
  type ExchangeStatus,
  type OrganiserExchange,
  type OrganiserParticipant,
  type updateExchangeInput,
  type exchangeListItemOutput,
} from '@presently/domain'
import { checkDraw, defaultNoMutualPairs } from '@presently/exchange-draw'
import type { z } from 'zod'
import type { Executor, Tx } from '../auth/executor.ts'
import { generateLinkToken } from '../secret-links/link-token.ts'
import { displayNameOf } from '../wish-lists/read-items.ts'
import { organiserName, ownExchange, type ExchangeRow, type ParticipantRow } from './access.ts'
import { drawRulesOf } from './draw.ts'

type CreateInput = z.output<typeof createExchangeInput>
type UpdateInput = z.output<typeof updateExchangeInput>

/**
 * GET /api/exchanges: the caller's exchanges, as organiser or participant (an account-linked
 * participant row), soonest date first.
 */
export async function listExchanges(db: Db, userId: number): Promise<z.infer<typeof exchangeListItemOutput>[]> {
  const rows = await db
    .select({
      id: exchanges.id,
      name: exchanges.name,
      exchangeDate: exchanges.exchangeDate,
      limitPence: exchanges.limitPence,
      drawnAt: exchanges.drawnAt,
      organiserId: exchanges.organiserId,
      participant: sql<boolean>`exists (select 1 from ${exchangeParticipants} p where p.exchange_id = ${exchanges.id} and p.user_id = ${userId})`,
      participantCount: sql<number>`(select count(*)::int from ${exchangeParticipants} p where p.exchange_id = ${exchanges.id})`,
    })
    .from(exchanges)
    .where(
      or(
        eq(exchanges.organiserId, userId),
        sql`exists (select 1 from ${exchangeParticipants} p where p.exchange_id = ${exchanges.id} and p.user_id = ${userId})`,
      ),
    )
    .orderBy(asc(exchanges.exchangeDate), asc(exchanges.id))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    exchangeDate: r.exchangeDate,
    limit: r.limitPence / 100,
    drawn: r.drawnAt !== null,
    organiser: r.organiserId === userId,
    participant: r.participant,
    participantCount: r.participantCount,
  }))
}

/**
 * POST /api/exchanges (issue 36): a new exchange with its join link; the organiser is its first
 * participant when `takesPart`. At most 20 open exchanges (date not passed) per organiser, counted
 * with the user's row locked so two requests at once cannot both pass.
 * @throws AppError CONFLICT "You can organise at most 20 open exchanges at once".
 */
export async function createExchange(db: Db, userId: number, input: CreateInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.notFound)
    const [open] = await tx
      .select({ n: count() })
      .from(exchanges)
      .where(and(eq(exchanges.organiserId, userId), gte(exchanges.exchangeDate, ukToday())))
    if ((open?.n ?? 0) >= EXCHANGE_LIMITS.openPerOrganiser)
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.tooManyOpen)
    const [row] = await tx
      .insert(exchanges)
      .values({
        organiserId: userId,
        name: input.name,
        limitPence: toPence(input.limit),
        exchangeDate: input.exchangeDate,
        place: input.place ?? '',
        message: input.message ?? '',
        signUpDeadline: input.signUpDeadline,
        noMutualPairs: input.noMutualPairs ?? null,
        joinToken: generateLinkToken(),
      })
      .returning({ id: exchanges.id })
    const id = row!.id
    if (input.takesPart ?? true) {
      await tx.insert(exchangeParticipants).values({
        exchangeId: id,
        userId,
        name: displayNameOf(user),
        email: user.email.toLowerCase(),
        isOrganiser: true,
        joinedAt: new Date(),
      })
    }
    return id
  })
}

/** The furthest status a participant reached (issue 36: invited, joined, list filled, opened, got it). */
function statusOf(p: { joined: boolean; listFilled: boolean; openedMatch: boolean; gotIt: boolean }): ExchangeStatus {
  if (p.gotIt) return 'got_it'
  if (p.openedMatch) return 'opened'
  if (p.listFilled) return 'list_filled'
  if (p.joined) return 'joined'
  return 'invited'
}

/**
 * The organiser's participants, in the order they were added (their own ids): statuses from the
 * participants' own rows only. No query here reads the draw's pairs or the messages, so the answer,
 * its size and its order are the same whoever drew whom (issue 36 "Secrecy").
 */
export async function readOrganiserParticipants(db: Executor, exchangeId: number): Promise<OrganiserParticipant[]> {
  const rows = await db
    .select({
      id: exchangeParticipants.id,
      name: exchangeParticipants.name,
      email: exchangeParticipants.email,
      household: exchangeParticipants.household,
      isOrganiser: exchangeParticipants.isOrganiser,
      userId: exchangeParticipants.userId,
      joinedAt: exchangeParticipants.joinedAt,
      openedMatchAt: exchangeParticipants.openedMatchAt,
      gotItAt: exchangeParticipants.gotItAt,
      hints: exchangeParticipants.hints,
      items: sql<number>`(select count(*)::int from ${exchangeItems} i where i.participant_id = ${exchangeParticipants.id})`,
    })
    .from(exchangeParticipants)
    .where(eq(exchangeParticipants.exchangeId, exchangeId))
    .orderBy(asc(exchangeParticipants.id))
  return rows.map((r) => {
    const flags = {
      joined: r.joinedAt !== null,
      listFilled: r.items > 0 || r.hints.trim() !== '',
      openedMatch: r.openedMatchAt !== null,
      gotIt: r.gotItAt !== null,
    }
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      household: r.household,
      isOrganiser: r.isOrganiser,
      hasAccount: r.userId !== null,
      status: statusOf(flags),
      ...flags,
    }
  })
}

/**
 * GET /api/exchanges/{id}: the organiser's page (issue 36): the exchange, each person's status,
 * the organiser's own exclusions, and before the draw whether one is possible and if not why.
 * Never a pair: see {@link readOrganiserParticipants}.
 * @throws AppError NOT_FOUND for another user's exchange.
 */
export async function getOrganiserExchange(
  db: Db,
  userId: number,
  id: number,
  appUrl: string,
): Promise<OrganiserExchange> {
  const exchange = await ownExchange(db, userId, id)
  const participants = await readOrganiserParticipants(db, id)
  const exclusions = await db
    .select({ giverId: exchangeExclusions.giverId, receiverId: exchangeExclusions.receiverId })
    .from(exchangeExclusions)
    .where(and(eq(exchangeExclusions.exchangeId, id), eq(exchangeExclusions.source, 'organiser')))
    .orderBy(asc(exchangeExclusions.giverId), asc(exchangeExclusions.receiverId))
  const joined = participants.filter((p) => p.joined)
  let drawProblem: string | null = null
  if (!exchange.drawnAt) {
    if (joined.length < EXCHANGE_LIMITS.participantsMin) drawProblem = EXCHANGE_MESSAGES.tooFewParticipants
    else drawProblem = checkDraw(await drawRulesOf(db, exchange, joined))?.message ?? null
  }
  const today = ukToday()
  return {
    ...(await exchangeInfo(db, exchange)),
    takesPart: participants.some((p) => p.isOrganiser),
    noMutualPairs: exchange.noMutualPairs,
    noMutualPairsInEffect: exchange.noMutualPairs ?? defaultNoMutualPairs(joined.length),
    joinUrl: exchange.joinToken ? new URL(exchangeJoinPath(exchange.joinToken), appUrl).toString() : null,
    participants,
    exclusions,
    drawProblem,
    organiserRevealed: exchange.organiserRevealedAt !== null,
    runAgainName: nextYearName(exchange.name, exchange.exchangeDate),
    canRevealToAll: exchange.drawnAt !== null && exchange.exchangeDate < today && exchange.revealedToAllAt === null,
  }
}

/** The exchange's own fields as everyone in it sees them. */
export async function exchangeInfo(db: Executor, exchange: ExchangeRow) {
  return {
    id: exchange.id,
    name: exchange.name,
    limit: exchange.limitPence / 100,
    exchangeDate: exchange.exchangeDate,
    place: exchange.place,
    message: exchange.message,
    signUpDeadline: exchange.signUpDeadline,
    organiserName: await organiserName(db, exchange.organiserId),
    drawn: exchange.drawnAt !== null,
    revealedToAll: exchange.revealedToAllAt !== null,
  }
}

/**
 * PATCH /api/exchanges/{id}: name, limit, dates, place, message, the mutual-pair rule (that one
 * only before the draw). The deadline stays on or before the date.
 * @throws AppError BAD_REQUEST "signUpDeadline must be on or before the exchange date";
 *   CONFLICT "Names have already been drawn" for the rule after the draw.
 */
export async function updateExchange(db: Db, userId: number, id: number, input: UpdateInput): Promise<void> {
  await db.transaction(async (tx) => {
    const exchange = await ownExchange(tx, userId, id, 'update')
    const date = input.exchangeDate ?? exchange.exchangeDate
    const deadline = input.signUpDeadline ?? exchange.signUpDeadline
    if (deadline > date) throw new AppError('BAD_REQUEST', EXCHANGE_MESSAGES.deadlineAfterDate)
    if (input.noMutualPairs !== undefined && exchange.drawnAt) {
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.alreadyDrawn)
    }
    await tx
      .update(exchanges)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.limit !== undefined ? { limitPence: toPence(input.limit) } : {}),
        exchangeDate: date,
        signUpDeadline: deadline,
        ...(input.place !== undefined ? { place: input.place } : {}),
        ...(input.message !== undefined ? { message: input.message } : {}),
        ...(input.noMutualPairs !== undefined ? { noMutualPairs: input.noMutualPairs } : {}),
        updatedAt: new Date(),
      })
      .where(eq(exchanges.id, id))
  })
}

/** DELETE /api/exchanges/{id}: the exchange and everything in it. */
export async function deleteExchange(db: Db, userId: number, id: number): Promise<void> {
  await ownExchange(db, userId, id)
  await db.delete(exchanges).where(and(eq(exchanges.id, id), eq(exchanges.organiserId, userId)))
}

/**
 * POST /api/exchanges/{id}/invitations (issue 36): adds the people of pasted "Name <email>"
 * lines. Addresses already in the exchange are skipped; the whole paste is refused (400 naming
 * the line) when a line has no address, and (409) past 200 people. Returns the new participants
 * (the caller emails them their personal links after answering).
 */
export async function inviteParticipants(
  db: Db,
  userId: number,
  id: number,
  text: string,
): Promise<{ exchange: ExchangeRow; invited: ParticipantRow[]; skipped: number }> {
  const { people, errors } = parseInviteLines(text)
  if (errors.length) throw new AppError('BAD_REQUEST', errors[0]!)
  if (!people.length) throw new AppError('BAD_REQUEST', 'text has no email addresses')
  return db.transaction(async (tx) => {
    const exchange = await ownExchange(tx, userId, id, 'update')
    const existing = await tx
      .select({ email: exchangeParticipants.email })
      .from(exchangeParticipants)
      .where(eq(exchangeParticipants.exchangeId, id))
    const known = new Set(existing.map((r) => r.email))
    const fresh = people.filter((p) => !known.has(p.email))
    if (existing.length + fresh.length > EXCHANGE_LIMITS.participantsMax) {
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.tooManyParticipants)
    }
    const invited = fresh.length
      ? await tx
          .insert(exchangeParticipants)
          .values(fresh.map((p) => ({ exchangeId: id, name: p.name, email: p.email })))
          .returning()
      : []
    return { exchange, invited, skipped: people.length - fresh.length }
  })
}

/**
 * PATCH /api/exchanges/{id}/participants/{participantId}: the household ("" or null: none). Before
 * the draw only (a household changes who may draw whom).
 */
export async function setHousehold(
  db: Db,
  userId: number,
  id: number,
  participantId: number,
  household: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const exchange = await ownExchange(tx, userId, id, 'update')
    if (exchange.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.alreadyDrawn)
    const rows = await tx
      .update(exchangeParticipants)
      .set({ household: household?.trim() ? household.trim() : null })
      .where(and(eq(exchangeParticipants.id, participantId), eq(exchangeParticipants.exchangeId, id)))
      .returning({ id: exchangeParticipants.id })
    if (!rows.length) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.participantNotFound)
  })
}

/** Both people of an exclusion belong to this exchange (404 otherwise). */
async function assertParticipants(tx: Tx, exchangeId: number, ids: number[]): Promise<void> {
  const rows = await tx
    .select({ id: exchangeParticipants.id })
    .from(exchangeParticipants)
    .where(and(eq(exchangeParticipants.exchangeId, exchangeId), inArray(exchangeParticipants.id, ids)))
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.participantNotFound)
}

/**
 * POST (add) and DELETE (remove) /api/exchanges/{id}/exclusions {giverId, receiverId}: "giver
 * must not draw receiver", one way. Before the draw only.
 */
export async function setExclusion(
  db: Db,
  userId: number,
  id: number,
  pair: { giverId: number; receiverId: number },
  present: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const exchange = await ownExchange(tx, userId, id, 'update')
    if (exchange.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.alreadyDrawn)
    await assertParticipants(tx, id, [pair.giverId, pair.receiverId])
    if (present) {
      await tx
        .insert(exchangeExclusions)
        .values({ exchangeId: id, ...pair, source: 'organiser' })
        .onConflictDoUpdate({
          target: [exchangeExclusions.giverId, exchangeExclusions.receiverId],
          set: { source: 'organiser' },
        })
    } else {
      await tx
        .delete(exchangeExclusions)
        .where(
          and(
            eq(exchangeExclusions.giverId, pair.giverId),
            eq(exchangeExclusions.receiverId, pair.receiverId),
            eq(exchangeExclusions.source, 'organiser'),
          ),
        )
    }
  })
}

/** POST /api/exchanges/{id}/join-link: a new join link (the old one stops working). */
export async function renewJoinLink(db: Db, userId: number, id: number): Promise<void> {
  await ownExchange(db, userId, id)
  await db
    .update(exchanges)
    .set({ joinToken: generateLinkToken() })
    .where(and(eq(exchanges.id, id), eq(exchanges.organiserId, userId)))
}

/** DELETE /api/exchanges/{id}/join-link: the join link answers 404 from now on. */
export async function revokeJoinLink(db: Db, userId: number, id: number): Promise<void> {
  await ownExchange(db, userId, id)
  await db
    .update(exchanges)
    .set({ joinToken: null })
    .where(and(eq(exchanges.id, id), eq(exchanges.organiserId, userId)))
}

/** Participants who joined (the people in the draw), by id. */
export async function joinedParticipants(db: Executor, exchangeId: number): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(exchangeParticipants)
    .where(and(eq(exchangeParticipants.exchangeId, exchangeId), sql`${exchangeParticipants.joinedAt} is not null`))
    .orderBy(asc(exchangeParticipants.id))
}
