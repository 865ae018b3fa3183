import { describe, expect, it } from 'vitest'
import {
  droppedSinceLabel,
  isBackInStockDue,
  isLowestInDays,
  isPriceDropDue,
  lowestInDays,
  priceAt,
  priceAlertSettingsInput,
  type PricePoint,
} from './prices.ts'

const day = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 86_400_000)
const at = (n: number, pence: number, inStock: boolean | null = true): PricePoint => ({
  observedAt: day(n).toISOString(),
  pence,
  inStock,
})

describe('price alert rules at their edges (issue 39)', () => {
  it('exactly 10% and at least £1 is due; a penny less is not', () => {
    expect(isPriceDropDue(1000, 900)).toBe(true)
    expect(isPriceDropDue(1000, 901)).toBe(false)
    expect(isPriceDropDue(4000, 2800)).toBe(true)
  })

  it('a 99p fall is never due, even when it is 10% or more', () => {
    expect(isPriceDropDue(990, 891)).toBe(false) // 10%, 99p
    expect(isPriceDropDue(500, 401)).toBe(false) // 19.8%, 99p
    expect(isPriceDropDue(1000, 900)).toBe(true) // 10%, £1
  })

  it('follows the user’s minimum drop', () => {
    expect(isPriceDropDue(1000, 850, 20)).toBe(false)
    expect(isPriceDropDue(1000, 800, 20)).toBe(true)
    expect(isPriceDropDue(10_000, 9_500, 5)).toBe(true)
  })

  it('a price rising then falling back to the old level is no drop', () => {
    const history = [at(0, 2000), at(2, 2600), at(4, 2000)]
    const baseline = priceAt(history, day(1), 2000)
    expect(baseline).toBe(2000)
    expect(isPriceDropDue(baseline, 2000)).toBe(false)
    // Watching from the high point, the fall back is a drop (23%).
    expect(isPriceDropDue(priceAt(history, day(3), 2000), 2000)).toBe(true)
  })

  it('back in stock: due when out at the baseline or since; back then out again is not', () => {
    const backAndOut = [at(0, 1000, false), at(2, 1000, true), at(3, 1000, false)]
    expect(isBackInStockDue(backAndOut, day(1), false)).toBe(false)
    const back = [at(0, 1000, false), at(2, 1000, true)]
    expect(isBackInStockDue(back, day(1), true)).toBe(true)
    // Alerted on day 2 (baseline moves there): nothing new.
    expect(isBackInStockDue(back, day(2), true)).toBe(false)
    // Out again after the alert and back: due again.
    const again = [...back, at(3, 1000, false), at(4, 1000, true)]
    expect(isBackInStockDue(again, day(2), true)).toBe(true)
    // Never out: nothing to say; no history: nothing.
    expect(isBackInStockDue([at(0, 1000, true), at(2, 900, true)], day(1), true)).toBe(false)
    expect(isBackInStockDue([], day(1), true)).toBe(false)
    // A feed that stops saying anything about stock (null) after being out counts as back.
    expect(isBackInStockDue([at(0, 1000, false), at(2, 1000, null)], day(1), null)).toBe(true)
  })

  it('the price at an instant before any recorded change is the one the first change replaced', () => {
    const history = [at(5, 4000), at(6, 2800)]
    expect(priceAt(history, day(1), 2800)).toBe(4000)
    expect(priceAt(history, day(5), 2800)).toBe(4000)
    expect(priceAt(history, day(7), 2800)).toBe(2800)
    expect(priceAt([], day(7), 2800)).toBe(2800)
  })
})

describe('lowest price in 30 days', () => {
  it('marks a real low only', () => {
    const now = day(40)
    expect(isLowestInDays([at(30, 4000), at(39, 2800)], 2800, now)).toBe(true)
    expect(lowestInDays([at(30, 4000), at(39, 2800)], 2800, now)).toEqual({ lowestPence: 2800, highestPence: 4000 })
    // Never moved: not called a low.
    expect(isLowestInDays([], 2800, now)).toBe(false)
    // Cheaper 20 days ago: not the lowest.
    expect(isLowestInDays([at(15, 4000), at(20, 2500), at(25, 2800)], 2800, now)).toBe(false)
    // Cheaper 35 days ago only, before the window: the lowest in 30 days.
    expect(isLowestInDays([at(0, 4000), at(5, 2000), at(9, 4000), at(39, 2800)], 2800, now)).toBe(true)
    // Equal to the window's low after a rise: still the lowest.
    expect(isLowestInDays([at(0, 2800), at(20, 3500), at(30, 2800)], 2800, now)).toBe(true)
  })
})

describe('labels and settings', () => {
  it('says how much less than when the user started watching', () => {
    expect(droppedSinceLabel({ kind: 'like', dropPence: 1200 })).toBe('£12 less than when you liked it')
    expect(droppedSinceLabel({ kind: 'list', dropPence: 250 })).toBe('£2.50 less than when you added it')
    expect(droppedSinceLabel({ kind: 'claim', dropPence: 0 })).toBeNull()
  })

  it('refuses a minimum drop outside 5..50 with the field’s message', () => {
    expect(priceAlertSettingsInput.safeParse({ enabled: true, minDropPercent: 10 }).success).toBe(true)
    const bad = priceAlertSettingsInput.safeParse({ enabled: true, minDropPercent: 4 })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toMatch(/minimum drop must be a whole percentage from 5 to 50/)
    expect(priceAlertSettingsInput.safeParse({ enabled: 'yes', minDropPercent: 10 }).success).toBe(false)
  })
})
