import { and, budgets, eq, eventPeople, events, inArray, isNull, occasions, sql, type Db } from '@presently/db'
import {
  AppError,
  applicableBudget,
  GIFT_MESSAGES,
  occasionAnchor,
  occasionYear,
  penceToPounds,
  poundsToPence,
  remainingPence,
  spentFor,
  ukToday,
  type BudgetSource,
  type BudgetsInput,
  type BudgetsOutput,
  type IsoDate,
} from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { assertOwnPerson } from '../likes/ownership.ts'
import { loadGiftRows } from './spend-items.ts'

/** A person's budgets in pence: the default and each occasion's own. */
export interface PersonBudgets {
  defaultPence: number | null
  byOccasion: Map<number, number>
}

/** Budgets of `personIds` (pence), by person. */
export async function loadBudgets(
  db: Executor,
  userId: number,
  personIds: readonly number[],
): Promise<Map<number, PersonBudgets>> {
  const result = new Map<number, PersonBudgets>(
    personIds.map((id) => [id, { defaultPence: null, byOccasion: new Map() }]),
  )
  if (personIds.length === 0) return result
  const rows = await db
    .select({ personId: budgets.personId, occasionId: budgets.occasionId, amountPence: budgets.amountPence })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), inArray(budgets.personId, [...personIds])))
  for (const row of rows) {
    const entry = result.get(row.personId)
    if (!entry) continue
    if (row.occasionId === null) entry.defaultPence = row.amountPence
    else entry.byOccasion.set(row.occasionId, row.amountPence)
  }
  return result
}

/** The earliest event date of each person for each occasion ("personId:occasionId" -> date). */
export async function loadEventAnchors(
  db: Executor,
  userId: number,
  personIds: readonly number[],
  occasionId?: number,
): Promise<Map<string, IsoDate>> {
  const anchors = new Map<string, IsoDate>()
  if (personIds.length === 0) return anchors
  const rows = await db
    .select({ personId: eventPeople.personId, occasionId: events.occasionId, date: sql<string>`min(${events.date})` })
    .from(eventPeople)
    .innerJoin(events, eq(events.id, eventPeople.eventId))
    .where(
      and(
        eq(events.userId, userId),
        inArray(eventPeople.personId, [...personIds]),
        occasionId === undefined ? undefined : eq(events.occasionId, occasionId),
      ),
    )
    .groupBy(eventPeople.personId, events.occasionId)
  for (const row of rows) anchors.set(`${row.personId}:${row.occasionId}`, row.date)
  return anchors
}

/** What remainingBudget answers: pounds, and where the budget came from. */
export interface RemainingBudget {
  /** The budget in pounds; null when none is set. */
  max: number | null
  /** Spent for this occasion's year in pounds (bought orders and presents by hand). */
  spent: number
  /** max − spent, never below 0; null when no budget is set. */
  remaining: number | null
  /** "event": the person's budget for this occasion; "person": their default; "none". */
  source: BudgetSource
  /** The occasion year `on` falls in (docs/decisions/gift-history-and-budgets.md). */
  year: number
}

/**
 * What is left of a person's budget for an occasion on a day (issue 22), for recommendations and
 * product picks: the occasion's own budget, else the person's default, less what was spent on the
 * person for that occasion in the occasion year `on` falls in (bought orders at the price paid,
 * presents by hand). Amounts in pounds.
 *
 * @param input.on UK date "YYYY-MM-DD" (default today).
 * @throws AppError NOT_FOUND "Person not found" unless the person is `userId`'s;
 *   BAD_REQUEST "occasionId must be a known occasion".
 */
export async function remainingBudget(
  db: Executor,
  input: { userId: number; personId: number; occasionId: number; on?: IsoDate },
): Promise<RemainingBudget> {
  const { userId, personId, occasionId } = input
  await assertOwnPerson(db, userId, personId)
  const [occasion] = await db.select({ value: occasions.value }).from(occasions).where(eq(occasions.id, occasionId))
  if (!occasion) throw new AppError('BAD_REQUEST', GIFT_MESSAGES.unknownOccasion)
  // One query after another: a request holds one pooled connection at a time (32 at once share 10).
  const budgetMap = await loadBudgets(db, userId, [personId])
  const anchors = await loadEventAnchors(db, userId, [personId], occasionId)
  const anchor = occasionAnchor(occasion.value, anchors.get(`${personId}:${occasionId}`))
  const year = occasionYear(input.on ?? ukToday(), anchor)
  const rows = await loadGiftRows(db, userId, [personId], {
    occasionId,
    from: `${year - 1}-01-01`,
    to: `${year + 1}-12-31`,
  })
  const spentPence = spentFor(rows, occasionId, year, anchor)
  const { maxPence, source } = applicableBudget(budgetMap.get(personId)!, occasionId)
  const left = remainingPence(maxPence, spentPence)
  return {
    max: maxPence === null ? null : penceToPounds(maxPence),
    spent: penceToPounds(spentPence),
    remaining: left === null ? null : penceToPounds(left),
    source,
    year,
  }
}

/**
 * GET /api/people/{id}/budgets (issue 22): the default and each occasion's budget (pounds), and
 * for every occasion with a budget or an event of the person, the spend of its current year
 * ("£32 of £40 spent for Christmas 2026").
 * @param today UK date (default today).
 * @throws AppError NOT_FOUND "Person not found" unless the person is `userId`'s.
 */
export async function getBudgets(
  db: Db,
  userId: number,
  personId: number,
  today: IsoDate = ukToday(),
): Promise<BudgetsOutput> {
  await assertOwnPerson(db, userId, personId)
  const budgetMap = await loadBudgets(db, userId, [personId])
  const anchors = await loadEventAnchors(db, userId, [personId])
  const rows = await loadGiftRows(db, userId, [personId])
  const allOccasions = await db
    .select({ id: occasions.id, value: occasions.value, label: occasions.label, sortOrder: occasions.sortOrder })
    .from(occasions)
  const own = budgetMap.get(personId)!
  const byId = new Map(allOccasions.map((o) => [o.id, o]))
  const occasionIds = new Set<number>(own.byOccasion.keys())
  for (const key of anchors.keys()) occasionIds.add(Number(key.split(':')[1]))
  const status = [...occasionIds]
    .flatMap((id) => {
      const occasion = byId.get(id)
      if (!occasion) return []
      const anchor = occasionAnchor(occasion.value, anchors.get(`${personId}:${id}`))
      const year = occasionYear(today, anchor)
      const spentPence = spentFor(rows, id, year, anchor)
      const { maxPence, source } = applicableBudget(own, id)
      const left = remainingPence(maxPence, spentPence)
      return [
        {
          occasionId: id,
          occasionLabel: occasion.label,
          year,
          budget: maxPence === null ? null : penceToPounds(maxPence),
          spent: penceToPounds(spentPence),
          remaining: left === null ? null : penceToPounds(left),
          source,
          sortOrder: occasion.sortOrder,
        },
      ]
    })
    .sort((a, b) => a.sortOrder - b.sortOrder || a.occasionId - b.occasionId)
    .map(({ sortOrder: _sortOrder, ...rest }) => rest)
  return {
    default: own.defaultPence === null ? null : penceToPounds(own.defaultPence),
    byOccasion: [...own.byOccasion]
      .map(([occasionId, pence]) => ({
        occasionId,
        occasionLabel: byId.get(occasionId)?.label ?? '',
        amount: penceToPounds(pence),
      }))
      .sort(
        (a, b) =>
          (byId.get(a.occasionId)?.sortOrder ?? 0) - (byId.get(b.occasionId)?.sortOrder ?? 0) ||
          a.occasionId - b.occasionId,
      ),
    status,
  }
}

/**
 * PUT /api/people/{id}/budgets (issue 22): sets the default (null clears; absent keeps) and the
 * listed occasions' budgets (null clears; occasions not listed keep theirs), in whole pounds.
 * One transaction; the unique (person, occasion) key makes concurrent saves upsert, never duplicate.
 * @throws AppError NOT_FOUND "Person not found"; BAD_REQUEST "occasionId must be a known occasion".
 * @returns the budgets as GET answers them.
 */
export async function saveBudgets(
  db: Db,
  userId: number,
  personId: number,
  input: { default?: number | null; byOccasion: { occasionId: number; amount: number | null }[] },
): Promise<BudgetsOutput> {
  await assertOwnPerson(db, userId, personId)
  const occasionIds = input.byOccasion.map((b) => b.occasionId)
  if (occasionIds.length) {
    const found = await db.select({ id: occasions.id }).from(occasions).where(inArray(occasions.id, occasionIds))
    if (found.length !== occasionIds.length) throw new AppError('BAD_REQUEST', GIFT_MESSAGES.unknownOccasion)
  }
  const changes: { occasionId: number | null; amount: number | null }[] = [
    ...(input.default === undefined ? [] : [{ occasionId: null, amount: input.default }]),
    ...input.byOccasion,
  ]
  await db.transaction(async (tx) => {
    // The person locked until the budgets commit: a deletion in another tab answers 404, not 500.
    await assertOwnPerson(tx, userId, personId, true)
    for (const change of changes) {
      const target = and(
        eq(budgets.personId, personId),
        change.occasionId === null ? isNull(budgets.occasionId) : eq(budgets.occasionId, change.occasionId),
      )
      if (change.amount === null) {
        await tx.delete(budgets).where(target)
      } else {
        const amountPence = poundsToPence(change.amount)
        await tx
          .insert(budgets)
          .values({ userId, personId, occasionId: change.occasionId, amountPence })
          .onConflictDoUpdate({
            target: [budgets.personId, budgets.occasionId],
            set: { amountPence, updatedAt: new Date() },
          })
      }
    }
  })
  return getBudgets(db, userId, personId)
}

export type { BudgetsInput }
