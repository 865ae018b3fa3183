import { Block, type Compiled } from './problem.ts'

/**
 * Why no draw is possible, with a message for the organiser that names the people concerned
 * (issue 36: "Priya has nobody left to draw: everyone else is in her household or excluded").
 * `personIds` are the people the message names first (a giver with no one to draw, a person no
 * one may draw, the Santas of a group short of giftees); `receiverIds` the giftees that group can
 * reach. Kinds:
 * - `too-few-people`: fewer than 2 people;
 * - `nobody-to-draw`: one person may draw no one;
 * - `nobody-can-draw`: no one may draw one person;
 * - `not-enough-giftees`: a group of people can, between them, draw fewer people than they are
 *   (Hall's condition fails; a household of more than half the exchange is the usual case);
 * - `mutual-pairs`: every draw the other rules allow has two people drawing each other, so the
 *   draw is possible only with "no two people draw each other" off.
 */
export interface DrawCause {
  kind: 'too-few-people' | 'nobody-to-draw' | 'nobody-can-draw' | 'not-enough-giftees' | 'mutual-pairs'
  message: string
  personIds: number[]
  receiverIds: number[]
}

const LISTED_NAMES = 6

/** "Ann", "Ann and Bob", "Ann, Bob and Cat"; past six names "Ann, …, Fay and 3 others". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  if (names.length > LISTED_NAMES) {
    const rest = names.length - (LISTED_NAMES - 1)
    return `${names.slice(0, LISTED_NAMES - 1).join(', ')} and ${rest} others`
  }
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** "in their household", "excluded", or both joined by "or", from the blocks that apply. */
function whyWord(blocks: ReadonlySet<number>, excludedWords: string): string {
  const words: string[] = []
  if (blocks.has(Block.Household)) words.push('in their household')
  if (blocks.has(Block.Excluded) || blocks.has(Block.LastYear)) words.push(excludedWords)
  return words.join(' or ')
}

/**
 * The first reason no draw exists that does not need a search: too few people, someone with no
 * one to draw, someone no one may draw, or a group short of giftees (found from a maximum
 * matching of the "may draw" graph by König's construction). Null when a draw ignoring the
 * mutual-pair rule exists, which is then certain: a perfect matching without self-edges is a
 * draw. Cost: O(n * edges) at worst.
 */
export function explainImpossible(c: Compiled): DrawCause | null {
  const { n, people } = c
  const name = (i: number) => people[i]?.name ?? ''
  const id = (i: number) => people[i]?.id ?? -1
  if (n < 2) {
    return { kind: 'too-few-people', message: 'A draw needs at least 2 people', personIds: [], receiverIds: [] }
  }
  for (let g = 0; g < n; g++) {
    if ((c.candidates[g]?.length ?? 0) > 0) continue
    const blocks = new Set<number>()
    for (let r = 0; r < n; r++) if (r !== g) blocks.add(c.block[g * n + r] ?? 0)
    return {
      kind: 'nobody-to-draw',
      message: `${name(g)} has nobody left to draw: everyone else is ${whyWord(blocks, 'excluded')}`,
      personIds: [id(g)],
      receiverIds: [],
    }
  }
  const reachable = new Uint8Array(n)
  for (const list of c.candidates) for (const r of list) reachable[r] = 1
  for (let r = 0; r < n; r++) {
    if (reachable[r]) continue
    const blocks = new Set<number>()
    for (let g = 0; g < n; g++) if (g !== r) blocks.add(c.block[g * n + r] ?? 0)
    return {
      kind: 'nobody-can-draw',
      message: `Nobody is left to draw ${name(r)}: everyone else is ${whyWord(blocks, 'excluded from drawing them')}`,
      personIds: [id(r)],
      receiverIds: [],
    }
  }
  const { receiverOf, giverOf } = maximumMatching(c)
  const unmatched = receiverOf.indexOf(-1)
  if (unmatched === -1) return null
  // König: the givers reachable from an unmatched giver by alternating paths can, between them,
  // draw only the receivers on those paths, and those are one fewer than the givers.
  const givers = [unmatched]
  const seenGiver = new Uint8Array(n)
  const seenReceiver = new Uint8Array(n)
  seenGiver[unmatched] = 1
  const receivers: number[] = []
  for (let k = 0; k < givers.length; k++) {
    for (const r of c.candidates[givers[k] ?? 0] ?? []) {
      if (seenReceiver[r]) continue
      seenReceiver[r] = 1
      receivers.push(r)
      const next = giverOf[r] ?? -1
      if (next !== -1 && !seenGiver[next]) {
        seenGiver[next] = 1
        givers.push(next)
      }
    }
  }
  // Everyone else who can draw only those receivers belongs to the group too (a whole household
  // rather than the three of its four people the paths happened to reach).
  for (let g = 0; g < n; g++) {
    if (!seenGiver[g] && (c.candidates[g] ?? []).every((r) => seenReceiver[r])) givers.push(g)
  }
  givers.sort((a, b) => a - b)
  receivers.sort((a, b) => a - b)
  const household = people[givers[0] ?? 0]?.household
  const oneHousehold = !!household && givers.every((g) => people[g]?.household === household)
  const counts = `${givers.length} Santas for ${receivers.length} ${receivers.length === 1 ? 'giftee' : 'giftees'}`
  const santas = listNames(givers.map(name))
  const giftees = listNames(receivers.map(name))
  return {
    kind: 'not-enough-giftees',
    message: oneHousehold
      ? `${santas} are one household and can only draw ${giftees}: ${counts}`
      : `${santas} can only draw ${giftees} between them: ${counts} (households and exclusions rule out everyone else)`,
    personIds: givers.map(id),
    receiverIds: receivers.map(id),
  }
}

/** The message when only the mutual-pair rule stands in the way (every other check passed). */
export function mutualPairsCause(c: Compiled): DrawCause {
  return {
    kind: 'mutual-pairs',
    message:
      c.n === 2
        ? 'With 2 people each can only draw the other: turn off "no two people draw each other"'
        : 'Every possible draw has two people drawing each other: turn off "no two people draw each other" or loosen the households and exclusions',
    personIds: [],
    receiverIds: [],
  }
}

/** A maximum matching of the "may draw" graph (Kuhn's augmenting paths; the mutual rule ignored). */
function maximumMatching(c: Compiled): { receiverOf: Int32Array; giverOf: Int32Array } {
  const receiverOf = new Int32Array(c.n).fill(-1)
  const giverOf = new Int32Array(c.n).fill(-1)
  const visited = new Uint32Array(c.n)
  let stamp = 0
  const augment = (g: number): boolean => {
    const list = c.candidates[g] ?? []
    for (const r of list) {
      if (giverOf[r] === -1) {
        receiverOf[g] = r
        giverOf[r] = g
        return true
      }
    }
    for (const r of list) {
      if (visited[r] === stamp) continue
      visited[r] = stamp
      const holder = giverOf[r] ?? -1
      if (holder === -1 || augment(holder)) {
        receiverOf[g] = r
        giverOf[r] = g
        return true
      }
    }
    return false
  }
  for (let g = 0; g < c.n; g++) {
    stamp++
    augment(g)
  }
  return { receiverOf, giverOf }
}
