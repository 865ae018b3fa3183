import { AGE_FIT } from './data/age.ts'
import { GIFTABILITY } from './data/giftability.ts'
import { mostSpecificRule, pathMatch } from './match.ts'
import { FACTORS } from './weights.ts'
import type { CatalogModel, CategoryTarget } from './types.ts'

/**
 * What the engine reads of each candidate on every call but that depends only on the catalog
 * model: the age rule, giftability and choice factor of each candidate, and, per target path,
 * the candidates it matches (pathMatch). Built lazily once per model, so a call touches numbers
 * instead of comparing path strings: scoring 200 candidates takes tens of microseconds.
 */
export interface ModelIndex {
  /** Candidate index by path. */
  position: Map<string, number>
  ageRule: (readonly number[])[]
  giftability: number[]
  choice: number[]
  /** Per target path: [candidate index, match 0..1] of every candidate it matches. */
  matches: Map<string, [number, number][]>
  /** readTargets per list of targets (by the list's identity). */
  reads: WeakMap<readonly CategoryTarget[], Float64Array>
  /** readTargets of no targets: 0 for every candidate. */
  none: Float64Array
  /** Per promo: each candidate's count of products in it (promoCounts), by candidate index. */
  promoCounts: Map<string, Float64Array>
}

const indexes = new WeakMap<CatalogModel, ModelIndex>()

/** The index of a model (built on first use, then kept as long as the model). */
export function modelIndex(model: CatalogModel): ModelIndex {
  let index = indexes.get(model)
  if (!index) {
    index = {
      position: new Map(model.candidates.map((c, i) => [c.id, i])),
      ageRule: model.candidates.map((c) => mostSpecificRule<readonly number[]>(AGE_FIT, c.id, [0, 0, 0, 0])),
      giftability: model.candidates.map((c) => mostSpecificRule<number>(GIFTABILITY, c.id, 1)),
      choice: model.candidates.map((c) => Math.sqrt(Math.min(1, c.count / FACTORS.fullChoiceAt))),
      matches: new Map(),
      promoCounts: new Map(),
      reads: new WeakMap(),
      none: new Float64Array(model.candidates.length),
    }
    indexes.set(model, index)
  }
  return index
}

/**
 * Each candidate's count of products in a promo (CategoryStats.promoCounts), by candidate index
 * (memoised per model and promo: reading it from each candidate's own object was a quarter of
 * scoreCandidates' time in a CPU profile, issue 24).
 */
export function promoCountsOf(model: CatalogModel, promo: string): Float64Array {
  const index = modelIndex(model)
  let counts = index.promoCounts.get(promo)
  if (!counts) {
    counts = Float64Array.from(model.candidates, (c) => c.promoCounts[promo] ?? 0)
    index.promoCounts.set(promo, counts)
  }
  return counts
}

/** The candidates a target path matches, with how much (memoised per model). */
export function matchesOf(model: CatalogModel, target: string): [number, number][] {
  const index = modelIndex(model)
  let list = index.matches.get(target)
  if (!list) {
    list = []
    model.candidates.forEach((c, i) => {
      const value = pathMatch(model, target, c.id)
      if (value > 0) list!.push([i, value])
    })
    index.matches.set(target, list)
  }
  return list
}

/**
 * targetsMatch (match.ts) for every candidate at once: per candidate the strongest positive
 * reading plus the strongest negative one, in -1..1. Kept per model and list of targets (the
 * lists are the data tables' and the profile's own, the same objects call after call), so the
 * array handed out is shared: read it, never write to it.
 */
export function readTargets(model: CatalogModel, targets: readonly CategoryTarget[]): Float64Array {
  const index = modelIndex(model)
  if (targets.length === 0) return index.none
  let read = index.reads.get(targets)
  if (!read) {
    read = computeTargets(model, targets)
    index.reads.set(targets, read)
  }
  return read
}

function computeTargets(model: CatalogModel, targets: readonly CategoryTarget[]): Float64Array {
  const n = model.candidates.length
  const best = new Float64Array(n)
  const worst = new Float64Array(n)
  for (const target of targets) {
    for (const [i, match] of matchesOf(model, target.path)) {
      const value = target.weight * match
      if (value > best[i]!) best[i] = value
      if (value < worst[i]!) worst[i] = value
    }
  }
  for (let i = 0; i < n; i++) best[i] = best[i]! + worst[i]!
  return best
}
