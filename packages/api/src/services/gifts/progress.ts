import { eq, occasions } from '@presently/db'
import { applicableBudget, occasionAnchor, occasionYear, type IsoDate } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { loadBudgets, loadEventAnchors } from './budgets.ts'
import { loadGiftRows } from './spend-items.ts'

/** Where one person stands for an occasion (issue 43 §4): their presents, spend and budget, in pence. */
export interface GiftProgress {
  presents: number
  spentPence: number
  budgetPence: number | null
}

/**
 * The presents bought (orders marked bought) or recorded by hand for each of `userId`'s
 * `personIds` for the occasion whose occurrence is `occurrence` (its occasion year, by the rule of
 * docs/decisions/gift-history-and-budgets.md), with what was spent and the budget that applies.
 * Used by the reminder email to say "done (£28.06 of £40)" instead of nudging (issue 43 §4).
 * The caller has checked the people are the user's own; the user filter keeps others' rows out.
 */
export async function giftProgress(
  db: Executor,
  input: { userId: number; personIds: readonly number[]; occasionId: number; occurrence: IsoDate },
): Promise<Map<number, GiftProgress>> {
  const { userId, personIds, occasionId } = input
  const result = new Map<number, GiftProgress>()
  if (personIds.length === 0) return result
  const [occasion] = await db.select({ value: occasions.value }).from(occasions).where(eq(occasions.id, occasionId))
  if (!occasion) return result
  const anchors = await loadEventAnchors(db, userId, personIds, occasionId)
  const budgetMap = await loadBudgets(db, userId, personIds)
  const year = Number(input.occurrence.slice(0, 4))
  const rows = await loadGiftRows(db, userId, personIds, {
    occasionId,
    from: `${year - 1}-01-01`,
    to: `${year + 1}-12-31`,
  })
  for (const personId of personIds) {
    const anchor = occasionAnchor(occasion.value, anchors.get(`${personId}:${occasionId}`))
    const wanted = occasionYear(input.occurrence, anchor)
    const presents = rows.filter((r) => r.personId === personId && occasionYear(r.givenOn, anchor) === wanted)
    const budgets = budgetMap.get(personId)
    result.set(personId, {
      presents: presents.length,
      spentPence: presents.reduce((sum, r) => sum + (r.pricePaidPence ?? 0), 0),
      budgetPence: budgets ? applicableBudget(budgets, occasionId).maxPence : null,
    })
  }
  return result
}
