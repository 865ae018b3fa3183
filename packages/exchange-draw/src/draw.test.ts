import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  checkDraw,
  compileProblem,
  drawNames,
  findDrawViolations,
  mayDraw,
  type DrawPair,
  type DrawProblem,
} from './index.ts'
import { problemArbitrary, seededRandom } from './testing.ts'

/** A plain exhaustive search, independent of the engine: does any draw keep the rules? */
function drawExists(problem: DrawProblem): boolean {
  const c = compileProblem(problem)
  const giftee = new Array<number>(c.n).fill(-1)
  const taken = new Array<boolean>(c.n).fill(false)
  const place = (g: number): boolean => {
    if (g === c.n) return true
    for (let r = 0; r < c.n; r++) {
      if (taken[r] || !mayDraw(c, g, r)) continue
      if (c.noMutualPairs && r < g && giftee[r] === g) continue
      giftee[g] = r
      taken[r] = true
      if (place(g + 1)) return true
      taken[r] = false
      giftee[g] = -1
    }
    return false
  }
  return place(0)
}

/** The people a giver may draw, by id. */
function allowedReceivers(problem: DrawProblem, giverId: number): number[] {
  const c = compileProblem(problem)
  const g = c.index.get(giverId)!
  return c.people.filter((_, r) => mayDraw(c, g, r)).map((p) => p.id)
}

const nameOf = (problem: DrawProblem, id: number) => problem.people.find((p) => p.id === id)!.name

describe('drawNames', () => {
  test('every draw of 2 to 60 people gives each one giftee, never themselves, breaking no rule', () => {
    fc.assert(
      fc.property(problemArbitrary(2, 60), (problem) => {
        const result = drawNames(problem)
        if (result.ok) {
          expect(findDrawViolations(problem, result.pairs)).toEqual([])
          expect(result.pairs).toHaveLength(problem.people.length)
        }
      }),
      { numRuns: 300 },
    )
  })

  test('up to 9 people, an exhaustive search agrees on whether a draw exists', () => {
    fc.assert(
      fc.property(problemArbitrary(2, 9), (problem) => {
        expect(drawNames(problem).ok).toBe(drawExists(problem))
      }),
      { numRuns: 1000 },
    )
  })

  test('an impossible draw names a cause that holds', () => {
    fc.assert(
      fc.property(problemArbitrary(2, 30), (problem) => {
        const result = drawNames(problem)
        if (result.ok) return
        const { cause } = result
        const c = compileProblem(problem)
        switch (cause.kind) {
          case 'nobody-to-draw': {
            const [id] = cause.personIds
            expect(allowedReceivers(problem, id!)).toEqual([])
            expect(cause.message).toContain(`${nameOf(problem, id!)} has nobody left to draw`)
            break
          }
          case 'nobody-can-draw': {
            const [id] = cause.personIds
            expect(problem.people.filter((p) => allowedReceivers(problem, p.id).includes(id!))).toEqual([])
            expect(cause.message).toContain(`Nobody is left to draw ${nameOf(problem, id!)}`)
            break
          }
          case 'not-enough-giftees': {
            // Hall's condition fails for the named group: they can reach only the named giftees.
            expect(cause.receiverIds.length).toBeLessThan(cause.personIds.length)
            const reach = new Set(cause.personIds.flatMap((id) => allowedReceivers(problem, id)))
            expect([...reach].sort()).toEqual([...cause.receiverIds].sort())
            for (const id of cause.personIds.slice(0, 5)) expect(cause.message).toContain(nameOf(problem, id))
            break
          }
          case 'mutual-pairs': {
            expect(c.noMutualPairs).toBe(true)
            const without = { ...problem, rules: { ...problem.rules, noMutualPairs: false } }
            expect(drawNames(without).ok).toBe(true)
            break
          }
          case 'too-few-people':
            throw new Error('the arbitrary has 2 people or more')
        }
        expect(checkDraw(problem)?.kind).toBe(cause.kind)
      }),
      { numRuns: 500 },
    )
  })

  test('over 10,000 draws of 5 people without rules, each possible giftee comes up evenly (chi-square, 1%)', () => {
    const people = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'].map((name, i) => ({ id: i + 1, name }))
    const random = seededRandom(20261218)
    const counts = new Map<string, number>()
    const draws = new Map<string, number>()
    const runs = 10_000
    for (let i = 0; i < runs; i++) {
      const result = drawNames({ people }, { random })
      if (!result.ok) throw new Error(result.cause.message)
      expect(result.method).toBe('uniform')
      for (const { giverId, receiverId } of result.pairs) {
        const key = `${giverId}->${receiverId}`
        counts.set(key, (counts.get(key) ?? 0) + 1)
      }
      const whole = result.pairs.map((p) => p.receiverId).join('')
      draws.set(whole, (draws.get(whole) ?? 0) + 1)
    }
    // With the mutual rule on (the default from 4 people) each giver has 4 possible giftees.
    for (const giver of people) {
      const observed = people.filter((p) => p.id !== giver.id).map((p) => counts.get(`${giver.id}->${p.id}`) ?? 0)
      expect(observed).toHaveLength(4)
      const expected = runs / 4
      const chiSquare = observed.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0)
      expect(chiSquare).toBeLessThan(11.345) // 3 degrees of freedom, 1%
    }
    // And the whole draw: the 24 five-person cycles equally often.
    expect(draws.size).toBe(24)
    const expected = runs / 24
    const chiSquare = [...draws.values()].reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0)
    expect(chiSquare).toBeLessThan(41.638) // 23 degrees of freedom, 1%
  })

  test('the same with crypto.randomInt: every giftee of every person comes up', () => {
    const people = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'].map((name, i) => ({ id: i + 1, name }))
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const result = drawNames({ people })
      if (!result.ok) throw new Error(result.cause.message)
      for (const p of result.pairs) seen.add(`${p.giverId}->${p.receiverId}`)
    }
    expect(seen.size).toBe(20)
  })

  test('the backtracking search alone also finds draws that keep the rules', () => {
    fc.assert(
      fc.property(problemArbitrary(2, 40), (problem) => {
        const searched = drawNames(problem, { rejectionBudget: 0 })
        expect(searched.ok).toBe(drawNames(problem).ok)
        if (searched.ok) {
          expect(searched.method).toBe('search')
          expect(findDrawViolations(problem, searched.pairs)).toEqual([])
        }
      }),
      { numRuns: 300 },
    )
  })

  test('200 people in 50 households with 20% one-way exclusions draw', () => {
    const random = seededRandom(7)
    const people = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `P${i}`, household: `h${i % 50}` }))
    const exclusions: DrawPair[] = []
    for (const g of people)
      for (const r of people) if (g !== r && random(5) === 0) exclusions.push({ giverId: g.id, receiverId: r.id })
    const problem = { people, rules: { exclusions } }
    const result = drawNames(problem)
    expect(result.ok).toBe(true)
    if (result.ok) expect(findDrawViolations(problem, result.pairs)).toEqual([])
  })
})

describe('the causes, in words', () => {
  test("Priya's household and an exclusion leave her nobody", () => {
    const problem: DrawProblem = {
      people: [
        { id: 1, name: 'Priya', household: 'patel' },
        { id: 2, name: 'Raj', household: 'patel' },
        { id: 3, name: 'Sam' },
        { id: 4, name: 'Alex' },
      ],
      rules: {
        exclusions: [
          { giverId: 1, receiverId: 3 },
          { giverId: 1, receiverId: 4 },
        ],
      },
    }
    expect(checkDraw(problem)).toMatchObject({
      kind: 'nobody-to-draw',
      personIds: [1],
      message: 'Priya has nobody left to draw: everyone else is in their household or excluded',
    })
  })

  test('a household of more than half the exchange', () => {
    const people = ['Ann', 'Bob', 'Cat', 'Dan'].map((name, i) => ({ id: i + 1, name, household: 'smith' }))
    people.push({ id: 5, name: 'Eve', household: '' }, { id: 6, name: 'Fay', household: '' })
    expect(checkDraw({ people })).toMatchObject({
      kind: 'not-enough-giftees',
      message: 'Ann, Bob, Cat and Dan are one household and can only draw Eve and Fay: 4 Santas for 2 giftees',
    })
  })

  test('nobody may draw someone', () => {
    const people = ['Ann', 'Bob', 'Cat'].map((name, i) => ({ id: i + 1, name }))
    const exclusions = [
      { giverId: 1, receiverId: 3 },
      { giverId: 2, receiverId: 3 },
    ]
    expect(checkDraw({ people, rules: { exclusions } })?.message).toBe(
      'Nobody is left to draw Cat: everyone else is excluded from drawing them',
    )
  })

  test('two people with the mutual rule on, and on by default only from 4 people', () => {
    const two = [
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bob' },
    ]
    expect(checkDraw({ people: two, rules: { noMutualPairs: true } })?.kind).toBe('mutual-pairs')
    expect(checkDraw({ people: two })).toBeNull()
    const four = [...two, { id: 3, name: 'Cat' }, { id: 4, name: 'Dan' }]
    for (let i = 0; i < 50; i++) {
      const result = drawNames({ people: four })
      expect(result.ok && findDrawViolations({ people: four, rules: { noMutualPairs: true } }, result.pairs)).toEqual(
        [],
      )
    }
  })

  test("last year's pairs are not drawn again", () => {
    const people = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'].map((name, i) => ({ id: i + 1, name }))
    const lastYear = people.map((p, i) => ({ giverId: p.id, receiverId: people[(i + 1) % 5]!.id }))
    for (let i = 0; i < 100; i++) {
      const result = drawNames({ people, rules: { lastYear } })
      if (!result.ok) throw new Error(result.cause.message)
      for (const pair of result.pairs) expect(lastYear).not.toContainEqual(pair)
    }
  })
})
