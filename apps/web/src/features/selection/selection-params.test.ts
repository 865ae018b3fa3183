import { describe, expect, it } from 'vitest'
import {
  groupByCategory,
  isStaleParam,
  matchesQuery,
  parseSelectionSearch,
  resolveSelectedId,
} from './selection-params'

describe('parseSelectionSearch (spec browsing-and-purchase §2 "Query parameters")', () => {
  it('reads whole ids and ignores anything else, keeping both keys', () => {
    expect(parseSelectionSearch({ person: 4, occasion: '7' })).toEqual({ person: 4, occasion: 7 })
    expect(parseSelectionSearch({ person: 'abc', occasion: 1.5, q: 'x' })).toEqual({
      person: undefined,
      occasion: undefined,
    })
    expect(Object.keys(parseSelectionSearch({}))).toEqual(['person', 'occasion'])
  })
})

describe('resolveSelectedId', () => {
  const ids = new Set([3, 9])
  it('preselects only ids of the loaded list', () => {
    expect(resolveSelectedId(3, ids)).toBe(3)
    expect(resolveSelectedId('9', ids)).toBe(9)
    expect(resolveSelectedId(4, ids)).toBeUndefined()
    expect(resolveSelectedId('3x', ids)).toBeUndefined()
  })
  it('selects nothing until the list has loaded', () => {
    expect(resolveSelectedId(3, undefined)).toBeUndefined()
  })
})

describe('isStaleParam', () => {
  it('is true for a value in the URL that did not resolve', () => {
    expect(isStaleParam(4, undefined)).toBe(true)
    expect(isStaleParam('abc', undefined)).toBe(true)
    expect(isStaleParam(3, 3)).toBe(false)
    expect(isStaleParam(undefined, undefined)).toBe(false)
    expect(isStaleParam('', undefined)).toBe(false)
  })
})

describe('groupByCategory (spec §2 "options grouped by category")', () => {
  it('groups in order of first appearance, a blank category as "Main"', () => {
    const occasions = [
      { label: 'Birthday', category: 'Main' },
      { label: 'Easter', category: 'Seasonal' },
      { label: 'Wedding', category: ' ' },
      { label: 'Christmas', category: 'Seasonal' },
    ]
    expect(groupByCategory(occasions).map((g) => [g.group, g.items.map((o) => o.label)])).toEqual([
      ['Main', ['Birthday', 'Wedding']],
      ['Seasonal', ['Easter', 'Christmas']],
    ])
  })
})

describe('matchesQuery', () => {
  it('matches every word, case-insensitively', () => {
    expect(matchesQuery("Mother's Day", 'day MO')).toBe(true)
    expect(matchesQuery("Mother's Day", 'father')).toBe(false)
    expect(matchesQuery('Anything', '  ')).toBe(true)
  })
})
