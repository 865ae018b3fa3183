import { describe, expect, it } from 'vitest'
import { selectionError } from './selection.ts'

describe('selectionError (spec browsing-and-purchase §5)', () => {
  it('accepts a person and an occasion', () => {
    expect(selectionError(1, 2)).toBeNull()
    expect(selectionError(2_147_483_647, 1)).toBeNull()
  })

  it('asks for both when neither is chosen', () => {
    expect(selectionError(undefined, undefined)).toBe('Please select both a person and an occasion')
    expect(selectionError(null, null)).toBe('Please select both a person and an occasion')
    expect(selectionError(0, 0)).toBe('Please select both a person and an occasion')
  })

  it('asks for the occasion when only the person is chosen', () => {
    expect(selectionError(3, undefined)).toBe('Please select an occasion')
    expect(selectionError(3, 0)).toBe('Please select an occasion')
  })

  it('asks who the gift is for when only the occasion is chosen', () => {
    expect(selectionError(undefined, 4)).toBe("Please select who you're buying for")
    expect(selectionError(null, 4)).toBe("Please select who you're buying for")
  })

  it('treats ids that are not whole positive numbers as not chosen', () => {
    expect(selectionError(Number.NaN, 4)).toBe("Please select who you're buying for")
    expect(selectionError(-1, 4)).toBe("Please select who you're buying for")
    expect(selectionError(1.5, 4)).toBe("Please select who you're buying for")
    expect(selectionError(1, Number.POSITIVE_INFINITY)).toBe('Please select an occasion')
  })
})
