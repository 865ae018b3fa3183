import { formatPrice } from '@presently/domain'

/** An applied price filter in GBP, inclusive. */
export interface PriceBand {
  minPrice: number
  maxPrice: number
}

/** Whole-pound ends of the price slider (step 1, spec browsing-and-purchase §5). */
export interface PriceBounds {
  min: number
  max: number
}

/** The slider's range when neither the listing nor the catalog's max price is known (spec §9). */
export const DEFAULT_PRICE_BOUNDS: PriceBounds = { min: 0, max: 1000 }

/**
 * The slider's bounds: the listing's real price range, widened to whole pounds so every product
 * can be included (£3.42..£99.99 -> 3..100); else 0..the catalog's max price; else 0..1000.
 * The two ends are at least one step apart (the slider's minimum gap).
 */
export function priceBounds(
  range: { minPrice: number; maxPrice: number } | undefined,
  catalogMaxPrice: number | undefined,
): PriceBounds {
  if (range) {
    const min = Math.max(0, Math.floor(range.minPrice))
    return { min, max: Math.max(Math.ceil(range.maxPrice), min + 1) }
  }
  if (catalogMaxPrice !== undefined && Number.isFinite(catalogMaxPrice) && catalogMaxPrice > 0) {
    return { min: 0, max: Math.max(Math.ceil(catalogMaxPrice), 1) }
  }
  return DEFAULT_PRICE_BOUNDS
}

/** "£10.00 - £50.00" (spec browsing-and-purchase §2: "... with price between £min - £max"). */
export function priceBandText(band: PriceBand): string {
  return `${formatPrice(band.minPrice)} - ${formatPrice(band.maxPrice)}`
}

/**
 * "Showing N of M products with price between £min - £max": N products match the band, of M
 * without it (N counts every page, not just the one on screen).
 */
export function priceSummaryText(inBand: number, withoutBand: number, band: PriceBand): string {
  return `Showing ${inBand.toLocaleString('en-GB')} of ${withoutBand.toLocaleString('en-GB')} products with price between ${priceBandText(band)}`
}

/** Positions of the price slider on a long range. */
const POSITIONS = 200
/** Pounds added before taking the logarithm: keeps the first pounds from taking a tenth of the track. */
const LOG_OFFSET = 3

/**
 * The whole-pound prices the price slider's positions stand for (issue 14): every pound when
 * the range is short, else POSITIONS + 1 points evenly spaced on a logarithmic scale of
 * (price + 3), so a catalog of £2 toys and a £2,440 train set puts £10 at about a fifth of the
 * track and £20 at about a third, instead of both within the first 1%. Adjacent positions may
 * stand for the same pound at the cheap end (the band is made one pound wide on Apply).
 * Non-decreasing, from bounds.min to bounds.max.
 */
export function priceTicks(bounds: PriceBounds): number[] {
  const { min, max } = bounds
  if (max - min <= POSITIONS) return Array.from({ length: max - min + 1 }, (_, i) => min + i)
  const low = Math.log(min + LOG_OFFSET)
  const high = Math.log(max + LOG_OFFSET)
  return Array.from({ length: POSITIONS + 1 }, (_, i) =>
    Math.min(max, Math.max(min, Math.round(Math.exp(low + ((high - low) * i) / POSITIONS) - LOG_OFFSET))),
  )
}

/** The index of the tick closest to `price` (the first one on a tie). */
export function nearestTick(ticks: readonly number[], price: number): number {
  let best = 0
  for (let i = 1; i < ticks.length; i++) {
    if (Math.abs((ticks[i] as number) - price) < Math.abs((ticks[best] as number) - price)) best = i
  }
  return best
}
