import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  filterPeople,
  NO_FILTERS,
  relationshipTypeCounts,
  tierCounts,
  type FilterablePerson,
} from './people-filters'

const person = (name: string, type: string | null, tier: FilterablePerson['tier']) => ({
  name,
  relationship: type === null ? null : { type },
  tier,
})

const people = [
  person('Mum', 'Family', 'gold'),
  person('Dad', 'Family', 'bronze'),
  person('Sam', 'Friend', 'silver'),
  person('Alex', 'Partner', 'gold'),
  person('Lost', null, 'bronze'),
]

describe('My People filters (spec account-area §2)', () => {
  it('keeps everyone without filters and narrows by type and tier together', () => {
    expect(filterPeople(people, NO_FILTERS)).toHaveLength(5)
    expect(filterPeople(people, { relationshipType: 'Family', tier: null }).map((p) => p.name)).toEqual(['Mum', 'Dad'])
    expect(filterPeople(people, { relationshipType: 'Family', tier: 'gold' }).map((p) => p.name)).toEqual(['Mum'])
    expect(filterPeople(people, { relationshipType: null, tier: 'gold' }).map((p) => p.name)).toEqual(['Mum', 'Alex'])
    expect(filterPeople(people, { relationshipType: 'Work', tier: null })).toEqual([])
  })

  it('counts a person without a relationship as Other', () => {
    expect(filterPeople(people, { relationshipType: 'Other', tier: null }).map((p) => p.name)).toEqual(['Lost'])
  })

  it('counts each relationship type among the people of the chosen quality', () => {
    expect(relationshipTypeCounts(people, null)).toEqual({
      all: 5,
      types: [
        { type: 'Family', count: 2 },
        { type: 'Friend', count: 1 },
        { type: 'Other', count: 1 },
        { type: 'Partner', count: 1 },
      ],
    })
    // The buttons stay (with 0) when the quality filter leaves none of a type.
    expect(relationshipTypeCounts(people, 'gold')).toEqual({
      all: 2,
      types: [
        { type: 'Family', count: 1 },
        { type: 'Friend', count: 0 },
        { type: 'Other', count: 0 },
        { type: 'Partner', count: 1 },
      ],
    })
  })

  it('counts each tier among the people of the chosen relationship type', () => {
    expect(tierCounts(people, null)).toEqual({ all: 5, gold: 2, silver: 1, bronze: 2 })
    expect(tierCounts(people, 'Family')).toEqual({ all: 2, gold: 1, silver: 0, bronze: 1 })
  })

  it('badges the number of filters set', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0)
    expect(activeFilterCount({ relationshipType: 'Family', tier: null })).toBe(1)
    expect(activeFilterCount({ relationshipType: 'Family', tier: 'bronze' })).toBe(2)
  })
})
