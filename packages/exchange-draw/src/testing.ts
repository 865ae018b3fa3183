import fc from 'fast-check'
import type { DrawProblem, RandomInt } from './problem.ts'

/** A seeded uniform source (mulberry32) so statistical tests give the same verdict on every run. */
export function seededRandom(seed: number): RandomInt {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return (max) => Math.floor(next() * max)
}

/** Random people and rules: households, one-way exclusions, last year's pairs, the mutual rule. */
export function problemArbitrary(minPeople: number, maxPeople: number): fc.Arbitrary<DrawProblem> {
  return fc.integer({ min: minPeople, max: maxPeople }).chain((n) =>
    fc
      .record({
        households: fc.array(fc.option(fc.integer({ min: 0, max: Math.max(1, Math.floor(n / 2)) }), { nil: null }), {
          minLength: n,
          maxLength: n,
        }),
        exclusions: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 2 }),
        lastYear: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n }),
        noMutualPairs: fc.option(fc.boolean(), { nil: undefined }),
      })
      .map(({ households, exclusions, lastYear, noMutualPairs }) => ({
        people: households.map((household, i) => ({
          id: 101 + i,
          name: `Person ${i}`,
          household: household === null ? null : `h${household}`,
        })),
        rules: {
          exclusions: exclusions.map(([g, r]) => ({ giverId: 101 + g, receiverId: 101 + r })),
          lastYear: lastYear.map(([g, r]) => ({ giverId: 101 + g, receiverId: 101 + r })),
          noMutualPairs,
        },
      })),
  )
}
