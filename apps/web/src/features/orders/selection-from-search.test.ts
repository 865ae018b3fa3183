import { describe, expect, it } from 'vitest'
import { selectionIdFromSearch } from './selection-from-search'

describe('selectionIdFromSearch (spec browsing-and-purchase §2 "Query parameters")', () => {
  it('reads whole positive numbers, as numbers or text', () => {
    expect(selectionIdFromSearch(12)).toBe(12)
    expect(selectionIdFromSearch('12')).toBe(12)
    expect(selectionIdFromSearch(' 7 ')).toBe(7)
  })

  it('ignores values that are not ids', () => {
    for (const value of [undefined, null, '', 'abc', '1.5', 1.5, -3, 0, '0', '12abc', 2_147_483_648, {}, [1], true]) {
      expect(selectionIdFromSearch(value), JSON.stringify(value)).toBeUndefined()
    }
  })
})
