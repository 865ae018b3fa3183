import { describe, expect, it } from 'vitest'
import { DEFAULT_PRICE_BOUNDS, priceBounds, priceSummaryText } from './price-band'

describe('priceBounds', () => {
  it('widens the listing range to whole pounds', () => {
    expect(priceBounds({ minPrice: 3.42, maxPrice: 99.99 }, 2439.92)).toEqual({ min: 3, max: 100 })
  })

  it('keeps the ends one step apart', () => {
    expect(priceBounds({ minPrice: 8.01, maxPrice: 8.01 }, undefined)).toEqual({ min: 8, max: 9 })
    expect(priceBounds({ minPrice: 0, maxPrice: 0 }, undefined)).toEqual({ min: 0, max: 1 })
  })

  it('falls back to the catalog max price, then to 0..1000', () => {
    expect(priceBounds(undefined, 2439.92)).toEqual({ min: 0, max: 2440 })
    expect(priceBounds(undefined, undefined)).toEqual(DEFAULT_PRICE_BOUNDS)
    expect(DEFAULT_PRICE_BOUNDS).toEqual({ min: 0, max: 1000 })
  })
})

describe('priceSummaryText', () => {
  it('reads "Showing N of M products with price between £min - £max"', () => {
    expect(priceSummaryText(40, 1030, { minPrice: 10, maxPrice: 50 })).toBe(
      'Showing 40 of 1,030 products with price between £10.00 - £50.00',
    )
  })
})
