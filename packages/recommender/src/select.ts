import { isWithin, parentPath, rootOf } from './paths.ts'

/** Parent and top level of each path seen (a handful of hundred paths per catalog). */
const shapes = new Map<string, { parent: string | null; root: string }>()
function shapeOf(path: string) {
  let shape = shapes.get(path)
  if (!shape) {
    if (shapes.size > 100_000) shapes.clear()
    shape = { parent: parentPath(path), root: rootOf(path) }
    shapes.set(path, shape)
  }
  return shape
}
import { DIVERSITY } from './weights.ts'

/**
 * Picks `count` categories greedily (maximal marginal relevance): at each step the best score
 * after penalties for what is already picked. A category inside or above a picked one is
 * skipped (it would repeat it); one with the same parent is multiplied by DIVERSITY.sameParent
 * per such pick, one under the same top-level category by DIVERSITY.sameRoot. So three siblings
 * of one branch only come back when the evidence for that branch outweighs everything else.
 * Items with a score of 0 are never picked.
 * @returns the picks in order, each with its score after penalties.
 */
export function diversePick<T extends { path: string; score: number }>(
  ranked: readonly T[],
  count: number,
): { item: T; score: number }[] {
  const picked: { item: T; score: number }[] = []
  const pool = ranked.filter((r) => r.score > 0)
  while (picked.length < count) {
    let best: { item: T; score: number } | null = null
    for (const item of pool) {
      if (picked.some((p) => p.item === item)) continue
      let score = item.score
      if (best && score <= best.score) continue // penalties only lower it
      let overlaps = false
      const shape = shapeOf(item.path)
      for (const { item: chosen } of picked) {
        const other = shapeOf(chosen.path)
        if (shape.root !== other.root) continue
        if (isWithin(item.path, chosen.path) || isWithin(chosen.path, item.path)) {
          overlaps = true
          break
        }
        if (shape.parent !== null && shape.parent === other.parent) score *= DIVERSITY.sameParent
        else score *= DIVERSITY.sameRoot
      }
      if (overlaps) continue
      if (!best || score > best.score) best = { item, score }
    }
    if (!best) break
    picked.push(best)
  }
  return picked
}
