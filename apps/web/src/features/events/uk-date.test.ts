import { describe, expect, it } from 'vitest'
import { parseUkDate, ukDateProblem } from './uk-date'

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

describe('ukDateProblem (issue 43 §2)', () => {
  it('says a date does not exist, and why', () => {
    expect(ukDateProblem('31/04/2027')).toBe('31/04/2027 does not exist: April 2027 has 30 days')
    expect(ukDateProblem('29/02/2027')).toBe('29/02/2027 does not exist: February 2027 has 28 days')
    expect(ukDateProblem('12/13/2027')).toBe('Month must be between 01 and 12')
    expect(ukDateProblem('12/12/1800')).toBe('Year must be between 1900 and 2100')
    expect(ukDateProblem('tomorrow')).toBe('Type the date as DD/MM/YYYY')
  })

  it('has nothing to say about a real date or a blank box', () => {
    expect(ukDateProblem('30/04/2027')).toBeNull()
    expect(ukDateProblem('  ')).toBeNull()
  })
})
