import type { Compiled, RandomInt } from './problem.ts'

/**
 * Rejection sampling: random permutations (Fisher-Yates with `random`) until one keeps every
 * rule. An accepted permutation is uniform over all valid draws, because every permutation is
 * equally likely to be proposed and the valid ones are accepted alike (docs/decisions/
 * gift-exchanges.md). Positions are drawn one at a time and an attempt stops at its first broken
 * rule, which proposes the same permutations as drawing all of them first. Attempts start while
 * fewer than `budget` random numbers were used; null when none was accepted.
 *
 * Returns receiver index per giver index.
 */
export function sampleUniform(c: Compiled, random: RandomInt, budget: number): Int32Array | null {
  const n = c.n
  const perm = new Int32Array(n)
  let used = 0
  while (used < budget) {
    for (let i = 0; i < n; i++) perm[i] = i
    let ok = true
    for (let i = 0; i < n; i++) {
      const left = n - i
      const j = left > 1 ? i + random(left) : i
      used++
      const r = perm[j] ?? 0
      perm[j] = perm[i] ?? 0
      perm[i] = r
      // r < i: r's giftee is already fixed, so a mutual pair shows now.
      if (c.block[i * n + r] !== 0 || (c.noMutualPairs && r < i && perm[r] === i)) {
        ok = false
        break
      }
    }
    if (ok) return perm
  }
  return null
}

/**
 * A complete randomised backtracking search for a draw that extends `preset` (receiver index per
 * giver index, -1 for givers still to draw; a preset must keep the rules). It finds a draw
 * whenever one exists: every branch it cuts has no completion. The cuts: the givers still to
 * draw must have a perfect matching onto the people still to be drawn (kept incrementally, one
 * or two augmenting paths a step), so only the mutual-pair rule can lead into a dead end. The
 * givers go in a random order, each trying their options in a random order.
 *
 * Returns receiver index per giver index, or null when no draw extends the preset.
 */
export function completeDraw(c: Compiled, random: RandomInt, preset?: Int32Array): Int32Array | null {
  const { n, candidates, noMutualPairs } = c
  const giftee = preset ? Int32Array.from(preset) : new Int32Array(n).fill(-1)
  const santa = new Int32Array(n).fill(-1)
  for (let g = 0; g < n; g++) {
    const r = giftee[g] ?? -1
    if (r !== -1) santa[r] = g
  }
  // A perfect matching of the free givers onto the free receivers.
  const matchedTo = new Int32Array(n).fill(-1)
  const matchedFrom = new Int32Array(n).fill(-1)
  const visited = new Uint32Array(n)
  let stamp = 0
  const open = (g: number, r: number) => santa[r] === -1 && !(noMutualPairs && giftee[r] === g)
  const augment = (g: number): boolean => {
    const list = candidates[g] ?? []
    // A free receiver at hand first: in a dense graph most paths end here, before any recursion.
    for (const r of list) {
      if (matchedFrom[r] === -1 && open(g, r)) {
        matchedTo[g] = r
        matchedFrom[r] = g
        return true
      }
    }
    for (const r of list) {
      if (visited[r] === stamp || !open(g, r)) continue
      visited[r] = stamp
      const holder = matchedFrom[r] ?? -1
      if (holder === -1 || augment(holder)) {
        matchedTo[g] = r
        matchedFrom[r] = g
        return true
      }
    }
    return false
  }
  let free = 0
  for (let g = 0; g < n; g++) {
    if (giftee[g] !== -1) continue
    free++
    stamp++
    if (!augment(g)) return null
  }

  /** After g draws r: drop both from the matching and re-match whoever lost a partner. */
  const repair = (g: number, r: number): boolean => {
    const unmatched: number[] = []
    const oldReceiver = matchedTo[g] ?? -1
    matchedTo[g] = -1
    if (oldReceiver !== -1) matchedFrom[oldReceiver] = -1
    const holder = matchedFrom[r] ?? -1
    if (holder !== -1) {
      matchedTo[holder] = -1
      matchedFrom[r] = -1
      unmatched.push(holder)
    }
    // r may no longer draw g: r's matched edge to g is gone.
    if (noMutualPairs && giftee[r] === -1 && matchedTo[r] === g) {
      matchedTo[r] = -1
      matchedFrom[g] = -1
      unmatched.push(r)
    }
    for (const h of unmatched) {
      stamp++
      if (!augment(h)) return false
    }
    return true
  }

  // Givers go in one random order. Any order keeps the search complete, and the matching cut
  // leaves only the mutual-pair rule to cause a dead end, so choosing the most constrained giver
  // first (which costs a scan of every giver's options a step) does not pay.
  const order: number[] = []
  for (let g = 0; g < n; g++) if (giftee[g] === -1) order.push(g)
  shuffle(order, random)

  const step = (depth: number): boolean => {
    if (free === 0) return true
    const best = order[depth] ?? -1
    const options = (candidates[best] ?? []).filter((r) => open(best, r))
    shuffle(options, random)
    for (const r of options) {
      const savedTo = matchedTo.slice()
      const savedFrom = matchedFrom.slice()
      giftee[best] = r
      santa[r] = best
      free--
      if (repair(best, r) && step(depth + 1)) return true
      giftee[best] = -1
      santa[r] = -1
      free++
      matchedTo.set(savedTo)
      matchedFrom.set(savedFrom)
    }
    return false
  }
  return step(0) ? giftee : null
}

/** Fisher-Yates in place with `random`. */
export function shuffle<T>(items: T[], random: RandomInt): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random(i + 1)
    const item = items[i] as T
    items[i] = items[j] as T
    items[j] = item
  }
}
