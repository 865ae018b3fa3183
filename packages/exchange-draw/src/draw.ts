import { randomInt } from 'node:crypto'
import { explainImpossible, mutualPairsCause, type DrawCause } from './feasibility.ts'
import { compileProblem, type Compiled, type DrawPair, type DrawProblem, type RandomInt } from './problem.ts'
import { completeDraw, sampleUniform } from './search.ts'

/**
 * Random numbers used on rejection sampling before the backtracking search takes over: about
 * 1 ms of `crypto.randomInt`. Without rules an attempt is accepted with probability about
 * e^-1.5 (0.22) with the mutual rule on, 1/e without, so a rule-free draw of any size is
 * accepted long before the budget runs out (docs/decisions/gift-exchanges.md).
 */
export const REJECTION_BUDGET = 20_000

/** Node's CSPRNG (issue 36: `crypto.randomInt`). */
export const cryptoRandomInt: RandomInt = (maxExclusive) => randomInt(maxExclusive)

export interface DrawOptions {
  /** Default {@link cryptoRandomInt}. */
  random?: RandomInt
  /** Default {@link REJECTION_BUDGET}; 0 goes straight to the backtracking search. */
  rejectionBudget?: number
}

/**
 * A draw, or the reason none exists. `method` says how it was found: `uniform` (rejection
 * sampling: every valid draw equally likely) or `search` (the randomised backtracking search,
 * when the rules leave so few valid draws that sampling gave up).
 */
export type DrawResult = { ok: true; pairs: DrawPair[]; method: 'uniform' | 'search' } | { ok: false; cause: DrawCause }

/**
 * Draws names for a gift exchange (issue 36 "The draw"): first the feasibility check that names
 * the cause when no draw is possible, then rejection sampling of random permutations (uniform
 * over the valid draws), then, if that gives up, a complete randomised backtracking search, so a
 * draw is found whenever one exists. Pure apart from `random`. Pairs come in the people's order.
 */
export function drawNames(problem: DrawProblem, options: DrawOptions = {}): DrawResult {
  const c = compileProblem(problem)
  const cause = explainImpossible(c)
  if (cause) return { ok: false, cause }
  const random = options.random ?? cryptoRandomInt
  const budget = samplingLooksHopeless(c) ? 0 : (options.rejectionBudget ?? REJECTION_BUDGET)
  const uniform = sampleUniform(c, random, budget)
  if (uniform) return { ok: true, pairs: toPairs(c, uniform), method: 'uniform' }
  const found = completeDraw(c, random)
  if (found) return { ok: true, pairs: toPairs(c, found), method: 'search' }
  return { ok: false, cause: mutualPairsCause(c) }
}

/**
 * Whether a draw exists, and if not why (the same answer as {@link drawNames}, with the search
 * only when the cheap checks pass). For the organiser's page before the draw.
 */
export function checkDraw(problem: DrawProblem, options: Pick<DrawOptions, 'random'> = {}): DrawCause | null {
  const result = drawNames(problem, { random: options.random, rejectionBudget: 0 })
  return result.ok ? null : result.cause
}

/**
 * True when a random permutation is so unlikely to keep the rules that sampling would only burn
 * its budget: the product over givers of the share of people each may draw (an estimate of the
 * acceptance rate, ignoring the mutual rule) is under 1 in 10,000. Rule-free exchanges and most
 * with a few rules sample (5 people: 0.33; 60 people: 0.37); 200 people in 50 households with
 * 20% exclusions (about 10^-22) go straight to the search.
 */
export function samplingLooksHopeless(c: Compiled): boolean {
  let logAcceptance = 0
  for (const list of c.candidates) logAcceptance += Math.log(Math.max(list.length, 1e-9) / c.n)
  return logAcceptance < Math.log(1e-4)
}

/** Receiver index per giver index -> pairs of ids, in the people's order. */
export function toPairs(c: Compiled, giftee: Int32Array): DrawPair[] {
  return c.people.map((person, g) => ({
    giverId: person.id,
    receiverId: c.people[giftee[g] ?? -1]?.id ?? -1,
  }))
}
