import {
  FINDER_AGES,
  FINDER_BUDGETS,
  FINDER_WHO,
  giftFinderInput,
  type FinderAge,
  type FinderBudget,
  type FinderWho,
  type GiftFinderInput,
} from '@presently/domain'

/** The gift finder's address (issue 40): the answers given so far, each optional. */
export interface FinderSearch {
  who?: FinderWho
  age?: FinderAge
  /** The occasion's value ("christmas"): `event`, as the root route keeps `occasion` for its own. */
  event?: string
  budget?: FinderBudget
  /** Interest slugs, comma-separated as the address writes them. */
  interests?: string
  count?: number
  /** The step to show (1-4) when the answers are being changed. */
  step?: number
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : undefined

/** Reads the address: unknown values are dropped, never an error (a hand-edited link still opens). */
export function parseFinderSearch(search: Record<string, unknown>): FinderSearch {
  const event = typeof search.event === 'string' && search.event.trim() ? search.event.trim() : undefined
  const interests =
    typeof search.interests === 'string' && /^[a-z0-9,-]+$/.test(search.interests) ? search.interests : undefined
  const count = typeof search.count === 'number' ? search.count : Number(search.count)
  const step = typeof search.step === 'number' ? search.step : Number(search.step)
  return {
    who: oneOf(FINDER_WHO, search.who),
    age: oneOf(FINDER_AGES, search.age),
    event: event && event.length <= 100 ? event : undefined,
    budget: oneOf(FINDER_BUDGETS, search.budget),
    interests,
    count: Number.isInteger(count) && count >= 8 && count <= 24 ? count : undefined,
    step: Number.isInteger(step) && step >= 1 && step <= 4 ? step : undefined,
  }
}

/** The complete question when every answer is there and valid (then the results show), else null. */
export function finderQuestion(search: FinderSearch): GiftFinderInput | null {
  if (search.step !== undefined) return null
  const parsed = giftFinderInput.safeParse({
    who: search.who,
    age: search.age,
    occasion: search.event,
    budget: search.budget,
    interests: search.interests,
    count: search.count,
  })
  return parsed.success ? parsed.data : null
}

/** The address of a question (its `event` for the occasion; the default count left out). */
export function finderSearchOf(question: Omit<GiftFinderInput, 'count'> & { count?: number }): FinderSearch {
  return {
    who: question.who,
    age: question.age,
    event: question.occasion,
    budget: question.budget,
    interests: question.interests.join(','),
    ...(question.count !== undefined && question.count !== 12 ? { count: question.count } : {}),
  }
}
