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
