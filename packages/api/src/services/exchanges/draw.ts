import {
  and,
  eq,
  exchangeAssignments,
  exchangeExclusions,
  exchangeParticipants,
  exchangeReveals,
  exchanges,
  inArray,
  isNotNull,
  sql,
  type Db,
} from '@presently/db'
import { AppError, EXCHANGE_LIMITS, EXCHANGE_MESSAGES, ukToday } from '@presently/domain'
import { drawNames, findDrawViolations, redrawAround, type DrawPair, type DrawProblem } from '@presently/exchange-draw'
import type { Executor, Tx } from '../auth/executor.ts'
import { ownExchange, type ExchangeRow, type ParticipantRow } from './access.ts'
import { createExchange, joinedParticipants } from './organiser.ts'

/**
 * The draw problem of an exchange: its joined people with their households, the organiser's
 * exclusions and last year's pairs (kept apart so the causes can word them), and the mutual rule.
 */
export async function drawRulesOf(
  db: Executor,
  exchange: ExchangeRow,
  people: readonly { id: number; name: string; household: string | null }[],
): Promise<DrawProblem> {
  const rows = await db
    .select({
      giverId: exchangeExclusions.giverId,
      receiverId: exchangeExclusions.receiverId,
      source: exchangeExclusions.source,
    })
    .from(exchangeExclusions)
    .where(eq(exchangeExclusions.exchangeId, exchange.id))
  return {
    people: people.map((p) => ({ id: p.id, name: p.name, household: p.household })),
    rules: {
      exclusions: rows.filter((r) => r.source === 'organiser'),
      lastYear: rows.filter((r) => r.source === 'last_year'),
      ...(exchange.noMutualPairs === null ? {} : { noMutualPairs: exchange.noMutualPairs }),
    },
  }
}

/**
 * Draws names (issue 36 "The draw") in one transaction: the exchange's row is locked FOR UPDATE,
 * so of two tabs (or the organiser and the deadline job) drawing at once one draws and the other
 * gets 409 "Names have already been drawn". Only people who joined are drawn; at least 3.
 * `organiserId` null: the deadline job. Returns the exchange and the people drawn (to be told).
 * @throws AppError CONFLICT "Names have already been drawn", "A draw needs at least 3 people who
 *   have joined", or the draw's own cause ("Priya has nobody left to draw: ...").
 */
export async function drawExchange(
  db: Db,
  exchangeId: number,
  organiserId: number | null,
): Promise<{ exchange: ExchangeRow; drawn: ParticipantRow[] }> {
  return db.transaction(async (tx) => {
    const exchange =
      organiserId === null
        ? await lockExchange(tx, exchangeId)
        : await ownExchange(tx, organiserId, exchangeId, 'update')
    if (exchange.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.alreadyDrawn)
    const people = await joinedParticipants(tx, exchangeId)
    if (people.length < EXCHANGE_LIMITS.participantsMin) {
      throw new AppError('CONFLICT', EXCHANGE_MESSAGES.tooFewParticipants)
    }
    const problem = await drawRulesOf(tx, exchange, people)
    const result = drawNames(problem)
    if (!result.ok) throw new AppError('CONFLICT', result.cause.message)
    await storePairs(tx, exchangeId, problem, result.pairs)
    const [updated] = await tx
      .update(exchanges)
      .set({ drawnAt: new Date(), updatedAt: new Date() })
      .where(eq(exchanges.id, exchangeId))
      .returning()
    return { exchange: updated!, drawn: people }
  })
}

async function lockExchange(tx: Tx, exchangeId: number): Promise<ExchangeRow> {
  const [row] = await tx.select().from(exchanges).where(eq(exchanges.id, exchangeId)).for('update')
  if (!row) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.notFound)
  return row
}

/** Checks the pairs once more against the rules and stores them (a broken rule is a bug: 500). */
async function storePairs(tx: Tx, exchangeId: number, problem: DrawProblem, pairs: DrawPair[]): Promise<void> {
  const violations = findDrawViolations(problem, pairs)
  if (violations.length) throw new Error(`draw broke ${violations.length} rules`)
  if (pairs.length) await tx.insert(exchangeAssignments).values(pairs.map((p) => ({ exchangeId, ...p })))
}

/**
 * After people joined or left a drawn exchange (issue 36 "Changes"): re-assigns only the chain
 * the change touches, preferring Santas who have not opened their match (redrawAround), in the
 * caller's transaction with the exchange locked. Returns the givers whose giftee changed (only
 * they are told), or throws the draw's cause (409) when the change leaves no possible draw.
 */
export async function redrawAfterChange(tx: Tx, exchange: ExchangeRow): Promise<number[]> {
  const people = await joinedParticipants(tx, exchange.id)
  const previous = await tx
    .select({ giverId: exchangeAssignments.giverId, receiverId: exchangeAssignments.receiverId })
    .from(exchangeAssignments)
    .where(eq(exchangeAssignments.exchangeId, exchange.id))
  if (people.length < EXCHANGE_LIMITS.participantsMin) {
    throw new AppError('CONFLICT', EXCHANGE_MESSAGES.tooFewParticipants)
  }
  const problem = await drawRulesOf(tx, exchange, people)
  const opened = new Set(people.filter((p) => p.openedMatchAt !== null).map((p) => p.id))
  const result = redrawAround(problem, previous, { opened })
  if (!result.ok) throw new AppError('CONFLICT', result.cause.message)
  const changed = new Set(result.changedGiverIds)
  const stillHere = new Set(people.map((p) => p.id))
  // Rows of givers who left or whose giftee changed go; their new pairs come in.
  const stale = previous.filter((p) => changed.has(p.giverId) || !stillHere.has(p.giverId)).map((p) => p.giverId)
  if (stale.length) await tx.delete(exchangeAssignments).where(inArray(exchangeAssignments.giverId, stale))
  const fresh = result.pairs.filter((p) => changed.has(p.giverId))
  if (findDrawViolations(problem, result.pairs).length) throw new Error('re-draw broke the rules')
  if (fresh.length) await tx.insert(exchangeAssignments).values(fresh.map((p) => ({ exchangeId: exchange.id, ...p })))
  // A Santa whose giftee changed starts afresh: not opened, not bought.
  if (fresh.length) {
    await tx
      .update(exchangeParticipants)
      .set({ openedMatchAt: null, gotItAt: null })
      .where(inArray(exchangeParticipants.id, [...changed]))
  }
  return [...changed]
}

/**
 * DELETE /api/exchanges/{id}/participants/{participantId} (issue 36 "Changes"): removes a person.
 * After the draw, the chain they were in is re-drawn in the same transaction (the exchange row
 * locked, so an opening or a second change waits). Returns the givers whose match changed.
 * @throws AppError NOT_FOUND; CONFLICT when the removal leaves fewer than 3 people or no draw.
 */
export async function removeParticipant(
  db: Db,
  organiserId: number,
  exchangeId: number,
  participantId: number,
): Promise<{ exchange: ExchangeRow; changed: number[] }> {
  return db.transaction(async (tx) => {
    const exchange = await ownExchange(tx, organiserId, exchangeId, 'update')
    const rows = await tx
      .delete(exchangeParticipants)
      .where(and(eq(exchangeParticipants.id, participantId), eq(exchangeParticipants.exchangeId, exchangeId)))
      .returning({ id: exchangeParticipants.id, joinedAt: exchangeParticipants.joinedAt })
    if (!rows.length) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.participantNotFound)
    if (!exchange.drawnAt || !rows[0]!.joinedAt) return { exchange, changed: [] }
    return { exchange, changed: await redrawAfterChange(tx, exchange) }
  })
}

/**
 * POST /api/exchanges/{id}/reveal {confirmName} (issue 36): the organiser's emergency reveal.
 * Explicit (the exchange's name typed exactly), recorded in exchange_reveals, and every
 * participant is told (the caller emails them). Returns the pairs by name.
 * @throws AppError BAD_REQUEST "Type the exchange's name exactly ..."; CONFLICT before the draw.
 */
export async function revealToOrganiser(
  db: Db,
  organiserId: number,
  exchangeId: number,
  confirmName: string,
): Promise<{ exchange: ExchangeRow; pairs: { santa: string; giftee: string }[]; firstTime: boolean }> {
  return db.transaction(async (tx) => {
    const exchange = await ownExchange(tx, organiserId, exchangeId, 'update')
    if (confirmName.trim() !== exchange.name) throw new AppError('BAD_REQUEST', EXCHANGE_MESSAGES.revealName)
    if (!exchange.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notDrawn)
    await tx.insert(exchangeReveals).values({ exchangeId, userId: organiserId, kind: 'organiser' })
    const firstTime = exchange.organiserRevealedAt === null
    if (firstTime)
      await tx.update(exchanges).set({ organiserRevealedAt: new Date() }).where(eq(exchanges.id, exchangeId))
    return { exchange, pairs: await pairsByName(tx, exchangeId), firstTime }
  })
}

/** Every pair of an exchange by name, in the givers' order (reveals only). */
export async function pairsByName(db: Executor, exchangeId: number): Promise<{ santa: string; giftee: string }[]> {
  const rows = await db.execute<{ santa: string; giftee: string }>(sql`
    select g.name as santa, r.name as giftee
    from exchange_assignments a
    join exchange_participants g on g.id = a.giver_id
    join exchange_participants r on r.id = a.receiver_id
    where a.exchange_id = ${exchangeId}
    order by g.id`)
  return rows.rows
}

/**
 * POST /api/exchanges/{id}/reveal-to-all (issue 36 "After the date"): shows every pair to every
 * participant, after the exchange date only. Recorded.
 * @throws AppError CONFLICT before the date or the draw.
 */
export async function revealToAll(db: Db, organiserId: number, exchangeId: number): Promise<ExchangeRow> {
  return db.transaction(async (tx) => {
    const exchange = await ownExchange(tx, organiserId, exchangeId, 'update')
    if (!exchange.drawnAt) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.notDrawn)
    if (exchange.exchangeDate >= ukToday()) throw new AppError('CONFLICT', EXCHANGE_MESSAGES.revealAfterDate)
    await tx.insert(exchangeReveals).values({ exchangeId, userId: organiserId, kind: 'everyone' })
    const [updated] = await tx
      .update(exchanges)
      .set({ revealedToAllAt: exchange.revealedToAllAt ?? new Date() })
      .where(eq(exchanges.id, exchangeId))
      .returning()
    return updated!
  })
}

/**
 * POST /api/exchanges/{id}/run-again (issue 36 "Run again for 2027"): a new exchange with the same
 * people (invited again, not yet joined, except an organiser who takes part), households, the
 * organiser's exclusions, and last year's pairs as exclusions (never shown to the organiser).
 * Counts against the 20 open exchanges. Returns the new exchange's id.
 */
export async function runAgain(
  db: Db,
  organiserId: number,
  exchangeId: number,
  input: { name?: string; exchangeDate: string; signUpDeadline: string },
  nextName: string,
): Promise<{ id: number; invited: ParticipantRow[]; exchange: ExchangeRow }> {
  const old = await ownExchange(db, organiserId, exchangeId)
  const people = await db
    .select()
    .from(exchangeParticipants)
    .where(and(eq(exchangeParticipants.exchangeId, exchangeId), isNotNull(exchangeParticipants.email)))
    .orderBy(exchangeParticipants.id)
  const organiserTakesPart = people.some((p) => p.isOrganiser)
  const id = await createExchange(db, organiserId, {
    name: input.name ?? nextName,
    limit: old.limitPence / 100,
    exchangeDate: input.exchangeDate,
    signUpDeadline: input.signUpDeadline,
    place: old.place,
    message: old.message,
    takesPart: organiserTakesPart,
    noMutualPairs: old.noMutualPairs,
  })
  return db.transaction(async (tx) => {
    const exchange = await lockExchange(tx, id)
    await tx.update(exchanges).set({ previousId: exchangeId }).where(eq(exchanges.id, id))
    const newIds = new Map<number, number>()
    const invited: ParticipantRow[] = []
    for (const p of people) {
      if (p.isOrganiser) {
        const [me] = await tx
          .update(exchangeParticipants)
          .set({ household: p.household })
          .where(and(eq(exchangeParticipants.exchangeId, id), eq(exchangeParticipants.isOrganiser, true)))
          .returning()
        if (me) newIds.set(p.id, me.id)
        continue
      }
      const [row] = await tx
        .insert(exchangeParticipants)
        .values({ exchangeId: id, name: p.name, email: p.email, household: p.household, userId: p.userId })
        .onConflictDoNothing()
        .returning()
      if (row) {
        newIds.set(p.id, row.id)
        invited.push(row)
      }
    }
    const oldRules = await tx
      .select()
      .from(exchangeExclusions)
      .where(and(eq(exchangeExclusions.exchangeId, exchangeId), eq(exchangeExclusions.source, 'organiser')))
    const oldPairs = await tx
      .select({ giverId: exchangeAssignments.giverId, receiverId: exchangeAssignments.receiverId })
      .from(exchangeAssignments)
      .where(eq(exchangeAssignments.exchangeId, exchangeId))
    const carried = new Map<string, { giverId: number; receiverId: number; source: 'organiser' | 'last_year' }>()
    for (const [list, source] of [
      [oldPairs, 'last_year'],
      [oldRules, 'organiser'],
    ] as const) {
      for (const r of list) {
        const giverId = newIds.get(r.giverId)
        const receiverId = newIds.get(r.receiverId)
        if (giverId && receiverId) carried.set(`${giverId}-${receiverId}`, { giverId, receiverId, source })
      }
    }
    if (carried.size) {
      await tx.insert(exchangeExclusions).values([...carried.values()].map((r) => ({ exchangeId: id, ...r })))
    }
    return { id, invited, exchange }
  })
}
