import { describe, expect, it } from 'vitest'
import { parseUkDate } from './uk-date'

describe('parseUkDate (the Add Event date box)', () => {
  it('reads DD/MM/YYYY and its variants as YYYY-MM-DD', () => {
    expect(parseUkDate('21/03/1990')).toBe('1990-03-21')
    expect(parseUkDate(' 1/3/1990 ')).toBe('1990-03-01')
    expect(parseUkDate('21-03-1990')).toBe('1990-03-21')
    expect(parseUkDate('21.03.1990')).toBe('1990-03-21')
    expect(parseUkDate('1990-03-21')).toBe('1990-03-21')
  })

  it('refuses impossible dates, US order past the 12th, and text', () => {
    expect(parseUkDate('31/04/2024')).toBeNull()
    expect(parseUkDate('29/02/2023')).toBeNull()
    expect(parseUkDate('29/02/2024')).toBe('2024-02-29')
    expect(parseUkDate('03/21/1990')).toBeNull()
    expect(parseUkDate('next tuesday')).toBeNull()
    expect(parseUkDate('')).toBeNull()
    expect(parseUkDate('01/01/1899')).toBeNull()
  })
})
