import { describe, expect, it } from 'vitest'
import { dateForOccasionChange, fixedOccasionDate } from './fixed-occasion-date'

describe('fixedOccasionDate', () => {
  it('gives the next Christmas and Valentine’s Day, this year or next', () => {
    expect(fixedOccasionDate('christmas', '2026-11-26')).toBe('2026-12-25')
    expect(fixedOccasionDate('christmas', '2026-12-26')).toBe('2027-12-25')
    expect(fixedOccasionDate('valentines-day', '2026-11-26')).toBe('2027-02-14')
  })
  it('gives nothing for an occasion without a day of its own', () => {
    expect(fixedOccasionDate('birthday', '2026-11-26')).toBeNull()
    expect(fixedOccasionDate(undefined, '2026-11-26')).toBeNull()
  })
})

describe('dateForOccasionChange', () => {
  const today = '2026-11-26'
  it('fills in the occasion’s own day when no date is typed', () => {
    expect(dateForOccasionChange(null, undefined, 'christmas', today)).toBe('2026-12-25')
    expect(dateForOccasionChange(null, 'birthday', 'birthday', today)).toBeNull()
  })
  it('keeps a typed date', () => {
    expect(dateForOccasionChange('1960-05-04', 'birthday', 'christmas', today)).toBe('1960-05-04')
  })
  it('replaces the day filled in for the previous occasion', () => {
    expect(dateForOccasionChange('2026-12-25', 'christmas', 'birthday', today)).toBeNull()
    expect(dateForOccasionChange('2026-12-25', 'christmas', 'valentines-day', today)).toBe('2027-02-14')
  })
})
