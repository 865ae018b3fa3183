import { describe, expect, it } from 'vitest'
import { DEFAULT_PRICE_BOUNDS, nearestTick, priceBounds, priceSummaryText, priceTicks } from './price-band'

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

describe('priceTicks (the slider on a logarithmic scale)', () => {
  it('is every pound for a short range', () => {
    expect(priceTicks({ min: 3, max: 8 })).toEqual([3, 4, 5, 6, 7, 8])
  })

  it('puts £10 and £20 well inside a £0-£2,440 track, in whole pounds from end to end', () => {
    const ticks = priceTicks({ min: 0, max: 2440 })
    expect(ticks[0]).toBe(0)
    expect(ticks.at(-1)).toBe(2440)
    expect(ticks.every((t, i) => i === 0 || t >= (ticks[i - 1] as number))).toBe(true)
    expect(ticks.every((t) => Number.isInteger(t))).toBe(true)
    const at = (price: number) => nearestTick(ticks, price) / (ticks.length - 1)
    // On a linear track both were within the first 1% (10 / 2440 and 20 / 2440).
    expect(at(10)).toBeGreaterThan(0.18)
    expect(at(20)).toBeGreaterThan(0.28)
    expect(at(20) - at(10)).toBeGreaterThan(0.07)
    expect(ticks[nearestTick(ticks, 10)]).toBe(10)
    expect(ticks[nearestTick(ticks, 20)]).toBe(20)
  })
})
