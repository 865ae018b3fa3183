import { describe, expect, it } from 'vitest'
import { pickReason, type ReasonFacts } from './pick-reason.ts'

const dad: ReasonFacts = {
  name: 'Dad',
  liked: 0,
  neighbourTitle: null,
  interests: [{ says: 'model railways', love: false }],
  options: [],
  rating: 4.6,
  reviews: 36,
  quality: 0.8,
  price: 17.86,
  budget: 30,
  occasion: null,
  forAdults: false,
  category: 'Model Trains',
  brand: 'Dapol',
}

/** The clauses after the first: each starts in lower case unless it starts with the name. */
function laterClauseStarts(reason: string): string[] {
  return reason
    .slice(0, -1)
    .split('; ')
    .slice(1)
    .filter((clause) => !clause.startsWith('Dad'))
    .map((clause) => clause.charAt(0))
}

describe('pickReason', () => {
  it('reads as one sentence after a liked neighbour: "...you liked; likes model railways."', () => {
    for (const love of [false, true]) {
      for (let index = 0; index < 12; index++) {
        const facts = {
          ...dad,
          neighbourTitle: 'Corgi 180mm 1:120 BR 4-6-2 Britannia',
          interests: [{ says: 'model railways', love }],
        }
        const { reason } = pickReason(facts, index, new Set())
        expect(reason, reason).toMatch(/^Close to the Corgi 180mm 1:120 BR 4-6-2 you liked; /)
        for (const first of laterClauseStarts(reason)) expect(first, reason).toBe(first.toLowerCase())
      }
    }
  })

  it('starts with a capital when the interest comes first', () => {
    for (const love of [false, true]) {
      for (let index = 0; index < 12; index++) {
        const { reason } = pickReason({ ...dad, interests: [{ says: 'jigsaws', love }] }, index, new Set())
        expect(reason.charAt(0), reason).toMatch(/[A-Z]/)
        expect(reason, reason).toMatch(/jigsaws/)
        for (const first of laterClauseStarts(reason)) expect(first, reason).toBe(first.toLowerCase())
      }
    }
  })
})
