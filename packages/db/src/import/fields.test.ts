import { describe, expect, it } from 'vitest'
import { parseInStock } from './fields.ts'

describe('parseInStock (issue 20: in stock where the feed says)', () => {
  it("reads Awin's in_stock and the words feeds use", () => {
    for (const yes of ['1', 'yes', 'Y', 'true', 'In stock', 'in_stock', 'available'])
      expect(parseInStock(yes), yes).toBe(true)
    for (const no of ['0', 'no', 'FALSE', 'out of stock', 'Out-of-stock', 'sold out', 'unavailable'])
      expect(parseInStock(no), no).toBe(false)
  })
  it("reads a number available such as PromptCloud's, with its no-break space", () => {
    expect(parseInStock('5\u00a0new')).toBe(true)
    expect(parseInStock('1 used')).toBe(true)
    expect(parseInStock('12')).toBe(true)
    expect(parseInStock('0 new')).toBe(false)
  })
  it('says nothing for an empty or unreadable cell', () => {
    expect(parseInStock(undefined)).toBeNull()
    expect(parseInStock('  ')).toBeNull()
    expect(parseInStock('preorder')).toBeNull()
  })
})
