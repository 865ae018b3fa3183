import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { drawNames, findDrawViolations, redrawAround, type DrawProblem } from './index.ts'
import { problemArbitrary } from './testing.ts'

const people = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `P${i + 1}` }))

describe('redrawAround', () => {
  test('after someone leaves or joins, the draw keeps the rules and keeps every untouched pair', () => {
    fc.assert(
      fc.property(problemArbitrary(3, 30), fc.nat(), fc.boolean(), (problem, pick, join) => {
        const first = drawNames(problem)
        if (!first.ok) return
        const changed: DrawProblem = join
          ? { ...problem, people: [...problem.people, { id: 999, name: 'Latecomer' }] }
          : { ...problem, people: problem.people.filter((_, i) => i !== pick % problem.people.length) }
        const result = redrawAround(changed, first.pairs)
        expect(result.ok).toBe(drawNames(changed).ok)
        if (!result.ok) return
        expect(findDrawViolations(changed, result.pairs)).toEqual([])
        const before = new Map(first.pairs.map((p) => [p.giverId, p.receiverId]))
        for (const pair of result.pairs) {
          expect(result.changedGiverIds.includes(pair.giverId)).toBe(before.get(pair.giverId) !== pair.receiverId)
        }
      }),
      { numRuns: 300 },
    )
  })

  test("a person leaving changes only their Santa's match when the chain allows", () => {
    for (let run = 0; run < 200; run++) {
      const everyone = people(8)
      const first = drawNames({ people: everyone, rules: { noMutualPairs: false } })
      if (!first.ok) throw new Error(first.cause.message)
      const leaver = everyone[run % 8]!.id
      const santa = first.pairs.find((p) => p.receiverId === leaver)!.giverId
      const result = redrawAround(
        { people: everyone.filter((p) => p.id !== leaver), rules: { noMutualPairs: false } },
        first.pairs.filter((p) => p.giverId !== leaver),
      )
      if (!result.ok) throw new Error(result.cause.message)
      const giftee = first.pairs.find((p) => p.giverId === leaver)!.receiverId
      // A Santa who was the leaver's own giftee (the two drew each other) joins another chain.
      if (giftee === santa) expect(result.changedGiverIds).toHaveLength(2)
      expect(result.changedGiverIds).toContain(santa)
      if (giftee !== santa) expect(result.changedGiverIds).toEqual([santa])
    }
  })

  test('a latecomer changes one Santa, one who has not opened their match when there is one', () => {
    for (let run = 0; run < 200; run++) {
      const everyone = people(10)
      const first = drawNames({ people: everyone })
      if (!first.ok) throw new Error(first.cause.message)
      const unopened = everyone[run % 10]!.id
      const opened = new Set(everyone.map((p) => p.id).filter((id) => id !== unopened))
      const result = redrawAround({ people: [...everyone, { id: 11, name: 'Latecomer' }] }, first.pairs, { opened })
      if (!result.ok) throw new Error(result.cause.message)
      expect(result.changedGiverIds.sort((a, b) => a - b)).toEqual([unopened, 11])
      expect(result.pairs.find((p) => p.giverId === unopened)!.receiverId).toBe(11)
    }
  })

  test('the Santa chosen for a latecomer varies (the organiser cannot guess it)', () => {
    const everyone = people(6)
    const first = drawNames({ people: everyone })
    if (!first.ok) throw new Error(first.cause.message)
    const santas = new Set<number>()
    for (let run = 0; run < 200; run++) {
      const result = redrawAround({ people: [...everyone, { id: 7, name: 'Latecomer' }] }, first.pairs)
      if (result.ok) santas.add(result.pairs.find((p) => p.receiverId === 7)!.giverId)
    }
    expect(santas.size).toBe(6)
  })

  test('a change that makes the draw impossible names the cause', () => {
    const everyone = [
      { id: 1, name: 'Ann', household: 'a' },
      { id: 2, name: 'Bob', household: 'a' },
      { id: 3, name: 'Cat' },
      { id: 4, name: 'Dan' },
    ]
    const first = drawNames({ people: everyone, rules: { noMutualPairs: false } })
    if (!first.ok) throw new Error(first.cause.message)
    const result = redrawAround(
      { people: everyone.filter((p) => p.id !== 4), rules: { noMutualPairs: false } },
      first.pairs,
    )
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.cause.kind).toBe('not-enough-giftees')
  })
})
