/**
 * The shapes of a gift-exchange draw (issue 36) and their compiled form: who may draw whom.
 *
 * A draw is a permutation of the people without fixed points: each giver draws exactly one
 * receiver (their giftee) and is drawn by exactly one Santa. Rules remove edges of the complete
 * "may draw" graph: nobody draws themselves or anyone in their own household (a couple is a
 * household of two), one-way exclusions ("Sam must not draw Alex"), last year's pairs (an
 * exchange run again), and, when `noMutualPairs` is on, no two people draw each other (the
 * permutation has no 2-cycles).
 */

/** One person of the draw. `household`: people with the same non-empty key never draw each other. */
export interface DrawPerson {
  id: number
  /** The name the organiser knows them by, used in the reasons a draw is impossible. */
  name: string
  household?: string | null
}

/** `giverId` draws (buys for) `receiverId`. */
export interface DrawPair {
  giverId: number
  receiverId: number
}

/** The rules of a draw (issue 36 "Rules"). Pairs naming someone not in the draw are ignored. */
export interface DrawRules {
  /** One-way: the giver must not draw the receiver. */
  exclusions?: readonly DrawPair[]
  /** Last year's pairs of an exchange run again: the giver must not draw the same person. */
  lastYear?: readonly DrawPair[]
  /** No two people draw each other. Default: on from 4 people ({@link defaultNoMutualPairs}). */
  noMutualPairs?: boolean
}

export interface DrawProblem {
  people: readonly DrawPerson[]
  rules?: DrawRules
}

/** Issue 36: "no two people draw each other" is on by default from 4 people. */
export function defaultNoMutualPairs(peopleCount: number): boolean {
  return peopleCount >= 4
}

/**
 * A source of uniform random integers in [0, maxExclusive): `crypto.randomInt` by default
 * (issue 36); tests may hand in a seeded one.
 */
export type RandomInt = (maxExclusive: number) => number

/** Why an edge giver -> receiver is not allowed (the words of the reasons a draw is impossible). */
export const Block = { None: 0, Self: 1, Household: 2, Excluded: 3, LastYear: 4 } as const
export type Block = (typeof Block)[keyof typeof Block]
const BLOCK_NAMES = ['allowed', 'self', 'household', 'excluded', 'last year'] as const

/** The problem as index arrays: people 0..n-1 in input order. */
export interface Compiled {
  n: number
  people: readonly DrawPerson[]
  /** Index of a person's id. */
  index: ReadonlyMap<number, number>
  /** block[g * n + r]: Block.None when g may draw r. */
  block: Uint8Array
  /** For each giver, the receivers they may draw, ascending. */
  candidates: readonly (readonly number[])[]
  noMutualPairs: boolean
}

/**
 * Compiles a problem. Throws `Error` on duplicate ids (a caller's bug, not a user's input); rule
 * pairs naming unknown ids are skipped, so a pair of someone since removed does no harm.
 */
export function compileProblem(problem: DrawProblem): Compiled {
  const people = problem.people
  const n = people.length
  const index = new Map<number, number>()
  people.forEach((person, i) => {
    if (index.has(person.id)) throw new Error(`Duplicate person id ${person.id} in a draw`)
    index.set(person.id, i)
  })
  const block = new Uint8Array(n * n)
  for (let g = 0; g < n; g++) {
    const household = people[g]?.household
    for (let r = 0; r < n; r++) {
      if (g === r) block[g * n + r] = Block.Self
      else if (household && people[r]?.household === household) block[g * n + r] = Block.Household
    }
  }
  const mark = (pairs: readonly DrawPair[] | undefined, why: Block) => {
    for (const pair of pairs ?? []) {
      const g = index.get(pair.giverId)
      const r = index.get(pair.receiverId)
      if (g === undefined || r === undefined) continue
      if (block[g * n + r] === Block.None) block[g * n + r] = why
    }
  }
  mark(problem.rules?.exclusions, Block.Excluded)
  mark(problem.rules?.lastYear, Block.LastYear)
  const candidates: number[][] = []
  for (let g = 0; g < n; g++) {
    const list: number[] = []
    for (let r = 0; r < n; r++) if (block[g * n + r] === Block.None) list.push(r)
    candidates.push(list)
  }
  return {
    n,
    people,
    index,
    block,
    candidates,
    noMutualPairs: problem.rules?.noMutualPairs ?? defaultNoMutualPairs(n),
  }
}

/** True when `giver` may draw `receiver` under the problem's edge rules (not the mutual rule). */
export function mayDraw(c: Compiled, giver: number, receiver: number): boolean {
  return c.block[giver * c.n + receiver] === Block.None
}

/**
 * The rules a complete draw breaks, in words (empty when it keeps them all): every person gives
 * exactly once and receives exactly once, never themselves, no household, exclusion or last-year
 * pair, and no two people drawing each other when that rule is on. Used by tests and as the
 * services' last check before a draw is stored.
 */
export function findDrawViolations(problem: DrawProblem, pairs: readonly DrawPair[]): string[] {
  const c = compileProblem(problem)
  const problems: string[] = []
  const giftee = new Map<number, number>()
  const santas = new Map<number, number>()
  for (const { giverId, receiverId } of pairs) {
    const g = c.index.get(giverId)
    const r = c.index.get(receiverId)
    if (g === undefined || r === undefined) {
      problems.push(`pair ${giverId} -> ${receiverId} names someone not in the draw`)
      continue
    }
    if (giftee.has(giverId)) problems.push(`${giverId} draws twice`)
    if (santas.has(receiverId)) problems.push(`${receiverId} is drawn twice`)
    giftee.set(giverId, receiverId)
    santas.set(receiverId, giverId)
    const why = c.block[g * c.n + r]
    if (why !== Block.None) problems.push(`${giverId} -> ${receiverId} is blocked (${BLOCK_NAMES[why ?? 0]})`)
  }
  for (const person of c.people) {
    if (!giftee.has(person.id)) problems.push(`${person.id} draws nobody`)
    if (!santas.has(person.id)) problems.push(`${person.id} is drawn by nobody`)
  }
  if (c.noMutualPairs) {
    for (const [giver, receiver] of giftee) {
      if (giver < receiver && giftee.get(receiver) === giver) problems.push(`${giver} and ${receiver} draw each other`)
    }
  }
  return problems
}
