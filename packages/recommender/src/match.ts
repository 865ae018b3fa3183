import { isBelow, pathDepth } from './paths.ts'
import { PATH_MATCH } from './weights.ts'
import type { CatalogModel, CategoryTarget } from './types.ts'

/**
 * How much a candidate category answers a signal that points at `target` (0..1):
 * - the target itself: 1;
 * - below it: PATH_MATCH.perLevelBelow per level down (a narrower part of what is wanted);
 * - above it: PATH_MATCH.above × sqrt(the target's share of the candidate's products), or 1
 *   when the target holds all of them (a single-child copy);
 * - elsewhere: 0.
 */
export function pathMatch(model: CatalogModel, target: string, candidate: string): number {
  if (candidate === target) return 1
  if (isBelow(candidate, target)) return PATH_MATCH.perLevelBelow ** (pathDepth(candidate) - pathDepth(target))
  if (isBelow(target, candidate)) {
    const whole = model.nodes.get(candidate)?.count ?? 0
    const part = model.nodes.get(target)?.count ?? 0
    if (whole === 0 || part === 0) return 0
    if (part >= whole) return 1
    return PATH_MATCH.above * Math.sqrt(part / whole)
  }
  return 0
}

/**
 * The reading of a list of targets for a candidate: the strongest positive match and the
 * strongest push away (negative weights), combined, in -1..1.
 */
export function targetsMatch(model: CatalogModel, targets: readonly CategoryTarget[], candidate: string): number {
  let best = 0
  let worst = 0
  for (const target of targets) {
    const value = target.weight * pathMatch(model, target.path, candidate)
    if (value > best) best = value
    if (value < worst) worst = value
  }
  return best + worst
}

/** Noisy-OR of readings in 0..1: 1 - Π(1 - v). Two agreeing signals beat one; never above 1. */
export function noisyOr(values: readonly number[]): number {
  let miss = 1
  for (const v of values) miss *= 1 - Math.min(1, Math.max(0, v))
  return 1 - miss
}

/**
 * The value of the most specific rule whose path is `candidate` or one of its ancestors, or
 * `fallback` when no rule covers it (AGE_FIT, GIFTABILITY).
 */
export function mostSpecificRule<T>(rules: Readonly<Record<string, T>>, candidate: string, fallback: T): T {
  let path: string | null = candidate
  while (path !== null) {
    const rule = rules[path]
    if (rule !== undefined) return rule
    const at = path.lastIndexOf('::')
    path = at < 0 ? null : path.slice(0, at)
  }
  return fallback
}

/**
 * How squarely a list of targets maps a category, 0..1, for the honesty rules of issue 43: a
 * category at or under a target is that target's at its full declared weight (the depth decay of
 * pathMatch is for ranking, not for whether the interest speaks for it); a category above a
 * target reads pathMatch's share; a top-level target below full weight counts one level's decay
 * less (a range that holds more than the interest). Negative targets are ignored.
 */
export function mappingStrength(model: CatalogModel, targets: readonly CategoryTarget[], candidate: string): number {
  let best = 0
  for (const t of targets) {
    if (t.weight <= 0) continue
    // A whole top-level range ("Tools & Garden" for gardening) speaks squarely only at full
    // weight: below it, it holds more than the interest (play tools, barware).
    const under = candidate === t.path || candidate.startsWith(`${t.path}::`)
    const whole = !t.path.includes('::') && t.weight < 1 ? PATH_MATCH.perLevelBelow : 1
    const value = under ? t.weight * whole : t.weight * pathMatch(model, t.path, candidate)
    if (value > best) best = value
  }
  return best
}
