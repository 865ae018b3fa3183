import { describe, expect, it } from 'vitest'
import { christmasIn, christmasSeason } from './event-dates.ts'

describe('christmasSeason (issue 43 §4)', () => {
  it('is Christmas from 1 November to Christmas Day', () => {
    expect(christmasSeason('2026-11-28')).toEqual({ date: '2026-12-25', daysAway: 27 })
    expect(christmasSeason('2026-11-01')).toEqual({ date: '2026-12-25', daysAway: 54 })
    expect(christmasSeason('2026-12-25')).toEqual({ date: '2026-12-25', daysAway: 0 })
  })

  it('is not the rest of the year', () => {
    expect(christmasSeason('2026-10-31')).toBeNull()
    expect(christmasSeason('2026-12-26')).toBeNull()
    expect(christmasSeason('2027-01-02')).toBeNull()
  })

  it('says it with a capital C', () => {
    expect(christmasIn(27)).toBe('Christmas in 27 days')
    expect(christmasIn(1)).toBe('Christmas tomorrow')
    expect(christmasIn(0)).toBe('Christmas is today')
  })
})
