import { describe, expect, it } from 'vitest'
import { COMPLETENESS_MAX, completenessPercent, completenessSections, formTier, listTier } from './completeness.ts'

const cats = (n: number) => Array.from({ length: n }, (_, i) => ({ categoryId: i + 1 }))

describe('completeness (spec account-area §9)', () => {
  it('sums to 29 points when every section is full', () => {
    expect(COMPLETENESS_MAX).toBe(29)
    const full = {
      name: 'Mum',
      relationshipId: 7,
      gender: 'female',
      orientation: 'straight',
      intelligenceSelections: cats(3),
      lifestyleSelections: cats(4),
      tasteSelections: cats(5),
      personalitySelections: cats(8),
      giftPreferenceSelections: [{ optionId: 1 }],
      interests: Array(6).fill({}),
      events: Array(3).fill({}),
    }
    expect(completenessPercent(full)).toBe(100)
  })

  it('gives a name-only profile 1 of 29 points: 3 %', () => {
    expect(completenessPercent({ name: 'Sam' })).toBe(3)
    // A blank name and a relationship id of 0 count for nothing (§5).
    expect(completenessPercent({ name: '   ', relationshipId: 0 })).toBe(0)
  })

  it('worked example: name, relationship, gender, 2 lifestyle, 3 interests, 2 events', () => {
    // 1 + 1 + 0.5 + 2 + (1 + 0.4) + (2 + 0.5) = 8.4 of 29 = 28.97 % -> 29 %
    const person = {
      name: 'Dad',
      relationshipId: 2,
      gender: 'male',
      lifestyleSelections: cats(2),
      interests: [{}, {}, {}],
      events: [{}, {}],
    }
    expect(completenessPercent(person)).toBe(29)
    const sections = Object.fromEntries(completenessSections(person).map((s) => [s.key, s.points]))
    expect(sections).toMatchObject({ interests: 1.4, events: 2.5, lifestyle: 2, orientation: 0 })
  })

  it('caps the interest and event bonuses at 1 and counts distinct categories up to the caps', () => {
    const many = completenessSections({
      interests: Array(20).fill({}),
      events: Array(10).fill({}),
      personalitySelections: [...cats(8), { categoryId: 1 }, { categoryId: 99 }],
      tasteSelections: [{ categoryId: 4 }, { categoryId: 4 }],
    })
    const points = Object.fromEntries(many.map((s) => [s.key, s.points]))
    expect(points).toMatchObject({ interests: 2, events: 3, personality: 8, taste: 1 })
  })

  it('puts 17.4 of 29 points (60 %) in silver, and the list tiers at 60 and 85', () => {
    // 1+1+0.5+0.5 + 3 + 4 + 5 + 1 (gift) + 1.4 (3 interests) = 17.4 -> 60.0 %
    const silverEdge = {
      name: 'A',
      relationshipId: 1,
      gender: 'other',
      orientation: 'gay',
      intelligenceSelections: cats(3),
      lifestyleSelections: cats(4),
      tasteSelections: cats(5),
      giftPreferenceSelections: [{}],
      interests: [{}, {}, {}],
    }
    expect(completenessPercent(silverEdge)).toBe(60)
    expect(listTier(60)).toBe('silver')
    expect(listTier(59)).toBe('bronze')
    expect(listTier(84)).toBe('silver')
    expect(listTier(85)).toBe('gold')
  })
})

describe('form tiers (spec account-area §4)', () => {
  it('reads the bar at the 45, 75 and 100 marks with the spec messages', () => {
    expect(formTier(44)).toMatchObject({
      tier: 'bronze',
      message: expect.stringContaining('start adding basic information'),
    })
    expect(formTier(45)).toMatchObject({ tier: 'silver', message: expect.stringContaining('add more details') })
    expect(formTier(74).tier).toBe('silver')
    expect(formTier(75).tier).toBe('gold')
    expect(formTier(100)).toEqual({
      tier: 'complete',
      message: 'Complete! Profiles with all sections filled provide the best gift recommendations',
    })
  })
})
