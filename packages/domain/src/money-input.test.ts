import { describe, expect, test } from 'vitest'
import { moneyRangeMessage, parseMoneyText } from './money-input.ts'

const budget = { label: 'Default budget', whole: true }
const price = { label: 'Price paid' }

describe('parseMoneyText (issue 43 §2)', () => {
  test('a decimal point is never dropped', () => {
    expect(parseMoneyText('25.99', price)).toEqual({ ok: true, pounds: 25.99 })
    expect(parseMoneyText('40.5', price)).toEqual({ ok: true, pounds: 40.5 })
    expect(parseMoneyText('.5', price)).toEqual({ ok: true, pounds: 0.5 })
    expect(parseMoneyText('£1,000.10', price)).toEqual({ ok: true, pounds: 1000.1 })
    expect(parseMoneyText('40.', price)).toEqual({ ok: true, pounds: 40 })
  })

  test('whole pounds: 40.50 is refused with both whole amounts offered, 40.00 is 40', () => {
    expect(parseMoneyText('40.50', budget)).toEqual({
      ok: false,
      error: 'Default budget is in whole pounds: type 40 or 41',
    })
    expect(parseMoneyText('40.00', budget)).toEqual({ ok: true, pounds: 40 })
    expect(parseMoneyText(' 40 ', budget)).toEqual({ ok: true, pounds: 40 })
  })

  test('negative and over-the-cap amounts name the field and the range, never clamp', () => {
    expect(parseMoneyText('-10', budget)).toEqual({
      ok: false,
      error: 'Default budget must be a whole number of pounds from £0 to £100,000',
    })
    expect(parseMoneyText('-5', price)).toEqual({
      ok: false,
      error: 'Price paid must be an amount in pounds from £0 to £100,000, with at most two decimals',
    })
    expect(parseMoneyText('1000000', price)).toMatchObject({ ok: false })
    expect(parseMoneyText('1,000,000', budget)).toMatchObject({ ok: false, error: expect.stringContaining('£100,000') })
    expect(parseMoneyText('100000', budget)).toEqual({ ok: true, pounds: 100_000 })
    expect(parseMoneyText('0', { label: 'Pledge', min: 0.01 })).toEqual({
      ok: false,
      error: 'Pledge must be an amount in pounds from £0.01 to £100,000, with at most two decimals',
    })
  })

  test('blank is none unless required; words and three decimals are refused', () => {
    expect(parseMoneyText('', price)).toEqual({ ok: true, pounds: null })
    expect(parseMoneyText('  ', { ...price, required: true })).toEqual({ ok: false, error: 'Price paid is required' })
    expect(parseMoneyText('twelve', price)).toEqual({
      ok: false,
      error: 'Price paid must be a number of pounds, like 12.50',
    })
    expect(parseMoneyText('1,00', price)).toMatchObject({ ok: false })
    expect(parseMoneyText('12.345', price)).toEqual({
      ok: false,
      error: 'Price paid is in pounds and pence: at most two decimals, like 25.99',
    })
    expect(parseMoneyText('12.340', price)).toEqual({ ok: true, pounds: 12.34 })
    expect(parseMoneyText('-', price)).toMatchObject({ ok: false })
    expect(parseMoneyText('1e3', price)).toMatchObject({ ok: false })
  })

  test('the range message reads as the server answers it', () => {
    expect(moneyRangeMessage('amount', { whole: true })).toBe(
      'amount must be a whole number of pounds from £0 to £100,000',
    )
  })
})
