import { and, asc, eq, eventPeople, events, people, sql, type Db } from '@presently/db'
import {
  AppError,
  applicableBudget,
  GIFT_MESSAGES,
  occasionAnchor,
  occasionYear,
  penceToPounds,
  remainingPence,
  type PlanOutput,
} from '@presently/domain'
import { loadBudgets } from './budgets.ts'
import { loadGiftRows, toGiftOutput } from './spend-items.ts'

/** An occasion by label or value, any case (the label wins), as recommendations read it. */
async function findOccasion(db: Db, occasion: string) {
  const rows = await db.execute<{ id: number; value: string; label: string }>(sql`
    select id, value, label from occasions
     where lower(label) = lower(${occasion}) or lower(value) = lower(${occasion})
     order by (lower(label) = lower(${occasion})) desc, id
     limit 1`)
  return rows.rows[0]
}

/**
 * GET /api/plan/{occasion}/{year} (issue 22 "The occasion plan"): every one of `userId`'s people
 * with an event of the occasion, their budget, spend and presents of that occasion year (the
 * rule of docs/decisions/gift-history-and-budgets.md), people still without a present first
 * (then by name); totals of budgets and spend at the foot. Pounds throughout.
 * @param occasion label or value, any case ("Christmas", "christmas").
 * @throws AppError BAD_REQUEST "occasion must be a known occasion".
 */
export async function getPlan(db: Db, userId: number, occasion: string, year: number): Promise<PlanOutput> {
  const found = await findOccasion(db, occasion)
  if (!found) throw new AppError('BAD_REQUEST', GIFT_MESSAGES.unknownPlanOccasion)
  const occasionId = Number(found.id)
  // The people with an event of the occasion and the earliest such event's date (their anchor), in one query.
  const members = await db
    .select({ id: people.id, name: people.name, anchor: sql<string>`min(${events.date})` })
    .from(eventPeople)
    .innerJoin(events, eq(events.id, eventPeople.eventId))
    .innerJoin(people, eq(people.id, eventPeople.personId))
    .where(and(eq(events.userId, userId), eq(people.userId, userId), eq(events.occasionId, occasionId)))
    .groupBy(people.id, people.name)
    .orderBy(asc(people.name), asc(people.id))
  const ids = members.map((m) => m.id)
  const anchors = new Map(members.map((m) => [`${m.id}:${occasionId}`, m.anchor]))
  // One query after another: a request holds one pooled connection at a time.
  const budgetMap = await loadBudgets(db, userId, ids)
  const rows = await loadGiftRows(db, userId, ids, { occasionId, from: `${year - 1}-01-01`, to: `${year + 1}-12-31` })
  const byPerson = new Map<number, typeof rows>()
  for (const row of rows) {
    const anchor = occasionAnchor(found.value, anchors.get(`${row.personId}:${occasionId}`))
    if (occasionYear(row.givenOn, anchor) !== year) continue
    const list = byPerson.get(row.personId) ?? []
    list.push(row)
    byPerson.set(row.personId, list)
  }
  let totalBudget = 0
  let totalSpent = 0
  const planPeople = members.map((person) => {
    const presents = byPerson.get(person.id) ?? []
    const spentPence = presents.reduce((sum, g) => sum + (g.pricePaidPence ?? 0), 0)
    const { maxPence } = applicableBudget(budgetMap.get(person.id)!, occasionId)
    const left = remainingPence(maxPence, spentPence)
    totalBudget += maxPence ?? 0
    totalSpent += spentPence
    return {
      person: { id: person.id, name: person.name },
      budget: maxPence === null ? null : penceToPounds(maxPence),
      spent: penceToPounds(spentPence),
      remaining: left === null ? null : penceToPounds(left),
      gifts: presents.map(toGiftOutput),
    }
  })
  // People still without a present first; the sort is stable, so each half stays by name.
  planPeople.sort((a, b) => Number(a.gifts.length > 0) - Number(b.gifts.length > 0))
  return {
    occasion: { id: occasionId, value: found.value, label: found.label },
    year,
    people: planPeople,
    totals: { budget: penceToPounds(totalBudget), spent: penceToPounds(totalSpent) },
  }
}
