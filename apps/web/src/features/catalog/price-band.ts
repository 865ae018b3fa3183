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

/** Positions of the price slider: at most this many (plus the ends). */
const MAX_TICKS = 240

/**
 * The whole-pound prices the price slider's positions stand for (issue 14): every pound when
 * the range is short, else points spaced evenly on a logarithmic scale of (price + 1), so a
 * catalog of £2 toys and a £2,440 train set still gives £10-£20 a usable stretch of track
 * (about 6% of it instead of 0.4%). Ascending, distinct, from bounds.min to bounds.max.
 */
export function priceTicks(bounds: PriceBounds): number[] {
  const { min, max } = bounds
  if (max - min <= MAX_TICKS) return Array.from({ length: max - min + 1 }, (_, i) => min + i)
  const low = Math.log(min + 1)
  const high = Math.log(max + 1)
  const ticks = new Set<number>([min, max])
  for (let i = 1; i < MAX_TICKS; i++) {
    const price = Math.round(Math.exp(low + ((high - low) * i) / MAX_TICKS) - 1)
    if (price > min && price < max) ticks.add(price)
  }
  return [...ticks].sort((a, b) => a - b)
}

/** The index of the tick closest to `price` (the lower one on a tie). */
export function nearestTick(ticks: readonly number[], price: number): number {
  let best = 0
  for (let i = 1; i < ticks.length; i++) {
    if (Math.abs((ticks[i] as number) - price) < Math.abs((ticks[best] as number) - price)) best = i
  }
  return best
}
