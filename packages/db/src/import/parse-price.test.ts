import { describe, expect, it } from 'vitest'
import { readFixture } from '../../test/fixtures.ts'
import { MAX_PRICE, parsePrice } from './parse-price.ts'

describe('parsePrice (spec browsing-and-purchase §3)', () => {
  it('parses the plain prices of the Amazon UK catalog', () => {
    expect(parsePrice('3.42')).toBe(3.42)
    expect(parsePrice('16.99')).toBe(16.99)
    expect(parsePrice('273.6')).toBe(273.6)
    expect(parsePrice('2439.92')).toBe(2439.92)
  })

  it('parses every non-empty price of the real fixture, and none of the empty ones', async () => {
    const { rows } = await readFixture('amazon_uk_toys_promptcloud_sample.csv')
    for (const { record } of rows) {
      const raw = record.price ?? ''
      if (raw === '') expect(parsePrice(raw)).toBeNull()
      else expect(parsePrice(raw)).toBe(Number(raw))
    }
  })

  it('strips currency symbols, codes and spaces', () => {
    expect(parsePrice('£3.42')).toBe(3.42)
    expect(parsePrice(' £ 3.42 ')).toBe(3.42)
    expect(parsePrice('GBP 3.42')).toBe(3.42)
    expect(parsePrice('3.42 GBP')).toBe(3.42)
    expect(parsePrice('€12')).toBe(12)
  })

  it('reads thousands separators and decimal commas', () => {
    expect(parsePrice('£1,299.99')).toBe(1299.99)
    expect(parsePrice('£1,299')).toBe(1299)
    expect(parsePrice('12,99 €')).toBe(12.99)
  })

  it('takes the lower bound of a range', () => {
    expect(parsePrice('£2.99 - £12.99')).toBe(2.99)
    expect(parsePrice('£2.99-£12.99')).toBe(2.99)
    expect(parsePrice('2.99 – 12.99')).toBe(2.99)
    expect(parsePrice('£2.99 to £12.99')).toBe(2.99)
    expect(parsePrice('£12.99 - £2.99')).toBe(2.99)
  })

  it('rounds to 2 decimals', () => {
    expect(parsePrice('3.456')).toBe(3.46)
    expect(parsePrice(1.005)).toBe(1.01)
    expect(parsePrice(98)).toBe(98)
  })

  it('rejects empty, zero, negative, non-numeric and ambiguous values', () => {
    for (const raw of [
      '',
      '   ',
      null,
      undefined,
      'free',
      'N/A',
      '£',
      '0',
      '0.00',
      '£0.001',
      '-5.00',
      '£-5',
      '−5',
      '1.2.3',
      '2 for £5',
      '£1 - £2 - £3',
    ]) {
      expect(parsePrice(raw), String(raw)).toBeNull()
    }
    for (const raw of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, {}, true]) {
      expect(parsePrice(raw), JSON.stringify(raw)).toBeNull()
    }
  })

  it('rejects prices too large for numeric(12, 2)', () => {
    expect(parsePrice(MAX_PRICE)).toBe(MAX_PRICE)
    expect(parsePrice('99999999999')).toBeNull()
  })
})
