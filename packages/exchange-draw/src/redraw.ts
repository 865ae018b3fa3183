import { explainImpossible, mutualPairsCause, type DrawCause } from './feasibility.ts'
import { compileProblem, mayDraw, type DrawPair, type DrawProblem, type RandomInt } from './problem.ts'
import { completeDraw, shuffle } from './search.ts'
import { cryptoRandomInt, drawNames, toPairs } from './draw.ts'

/** Pairs of released givers tried before releasing everyone who has not opened their match. */
const PAIR_ATTEMPTS = 2_000

export interface RedrawOptions {
  random?: RandomInt
  /** Givers who have opened their match: released only when no one else's change will do. */
  opened?: ReadonlySet<number>
}

/** A draw after a change, and the givers whose giftee is new (they alone are told). */
export type RedrawResult = { ok: true; pairs: DrawPair[]; changedGiverIds: number[] } | { ok: false; cause: DrawCause }

/**
 * Re-draws after people joined or left an exchange already drawn (issue 36 "Changes"): keeps
 * every previous pair whose two people remain and which still keeps the rules, and re-assigns
 * only the chain the change touches. A removed person's Santa draws someone new; a latecomer is
 * slotted between a Santa and their giftee. When those alone cannot keep the rules, one more
 * giver, then two, is released, trying people who have not opened their match first (in random
 * order, so the organiser cannot tell who was picked), then everyone who has not opened, then
 * everyone. `problem` is the exchange as it is now; `previous` the stored pairs.
 */
export function redrawAround(
  problem: DrawProblem,
  previous: readonly DrawPair[],
  options: RedrawOptions = {},
): RedrawResult {
  const c = compileProblem(problem)
  const cause = explainImpossible(c)
  if (cause) return { ok: false, cause }
  const random = options.random ?? cryptoRandomInt
  const opened = options.opened ?? new Set<number>()
  const preset = new Int32Array(c.n).fill(-1)
  const drawn = new Uint8Array(c.n)
  for (const pair of previous) {
    const g = c.index.get(pair.giverId)
    const r = c.index.get(pair.receiverId)
    if (g === undefined || r === undefined || preset[g] !== -1 || drawn[r] || !mayDraw(c, g, r)) continue
    preset[g] = r
    drawn[r] = 1
  }
  if (c.noMutualPairs) {
    for (let g = 0; g < c.n; g++) {
      const r = preset[g] ?? -1
      if (r > g && preset[r] === g) {
        preset[g] = -1
        preset[r] = -1
        drawn[r] = 0
        drawn[g] = 0
      }
    }
  }
  const previousGiftee = new Map(previous.map((p) => [p.giverId, p.receiverId]))
  const finish = (giftee: Int32Array): RedrawResult => {
    const pairs = toPairs(c, giftee)
    const changedGiverIds = pairs.filter((p) => previousGiftee.get(p.giverId) !== p.receiverId).map((p) => p.giverId)
    return { ok: true, pairs, changedGiverIds }
  }
  const attempt = (release: readonly number[]): Int32Array | null => {
    const trial = Int32Array.from(preset)
    for (const g of release) trial[g] = -1
    return completeDraw(c, random, trial)
  }

  const kept: number[] = []
  for (let g = 0; g < c.n; g++) if (preset[g] !== -1) kept.push(g)
  shuffle(kept, random)
  const isOpened = (g: number) => opened.has(c.people[g]?.id ?? -1)
  const order = [...kept.filter((g) => !isOpened(g)), ...kept.filter(isOpened)]

  const none = attempt([])
  if (none) return finish(none)
  for (const g of order) {
    const one = attempt([g])
    if (one) return finish(one)
  }
  let tried = 0
  for (let j = 1; j < order.length && tried < PAIR_ATTEMPTS; j++) {
    for (let i = 0; i < j && tried < PAIR_ATTEMPTS; i++, tried++) {
      const two = attempt([order[i] ?? 0, order[j] ?? 0])
      if (two) return finish(two)
    }
  }
  const unopened = attempt(order.filter((g) => !isOpened(g)))
  if (unopened) return finish(unopened)
  const fresh = drawNames(problem, { random })
  if (fresh.ok) return finish(Int32Array.from(fresh.pairs.map((p) => c.index.get(p.receiverId) ?? -1)))
  return { ok: false, cause: fresh.ok ? mutualPairsCause(c) : fresh.cause }
}
