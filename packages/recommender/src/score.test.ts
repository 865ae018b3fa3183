import { describe, expect, it } from 'vitest'
import { personContext } from './context.ts'
import { candidateScores, scoreEveryCandidate } from './score.ts'
import { OCCASIONS, profile, testCatalog, TODAY } from './testing/catalog.ts'
import type { OccasionInput, ProfileInput } from './types.ts'

const model = testCatalog()
const trains = {
  name: 'Model Toys',
  love: true,
  targets: [{ path: 'Hobbies::Model Trains & Railway Sets', weight: 1 }],
}

const cases: [string, ProfileInput, OccasionInput][] = [
  [
    'a child of 9 who loves model trains',
    profile({ dateOfBirth: '2016-05-01', interests: [trains] }),
    OCCASIONS.christmas,
  ],
  ['an adult with a name only', profile({ dateOfBirth: '1985-01-01' }), OCCASIONS.birthday],
  ['a baby', profile({ dateOfBirth: '2025-06-01' }), OCCASIONS.newBaby],
  [
    'an adult with a budget and an order last year',
    profile({
      dateOfBirth: '1963-06-01',
      interests: [trains],
      giftPreferences: [{ group: 'Budget', option: '£20 to £50' }],
      orders: [
        {
          title: 'Hornby Flying Scotsman',
          path: 'Hobbies::Model Trains & Railway Sets::Rail Vehicles::Trains',
          occasionId: OCCASIONS.christmas.id,
          date: '2024-12-01',
        },
      ],
    }),
    OCCASIONS.christmas,
  ],
]

describe('candidateScores (planPicks) and scoreEveryCandidate (recommendations) read candidates alike', () => {
  it.each(cases)('for %s: the same scores, and the same full reading of each candidate on demand', (_, p, occasion) => {
    const context = personContext(p, occasion, TODAY)
    const every = scoreEveryCandidate(model, p, context, occasion)
    const lazy = candidateScores(model, p, context, occasion)
    expect(Array.from(lazy.score)).toEqual(every.map((c) => c.score))
    // Some are excluded (score 0 with a reason) in these cases, some are not.
    expect(every.some((c) => c.excluded)).toBe(true)
    expect(every.some((c) => c.score > 0)).toBe(true)
    for (let i = 0; i < every.length; i++) expect(lazy.at(i)).toEqual(every[i])
    // Made once: the same object the second time.
    expect(lazy.at(0)).toBe(lazy.at(0))
  })
})
