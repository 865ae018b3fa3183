/** The shop's currency: every price shown is in pounds sterling (spec browsing-and-purchase §1). */
export const SHOP_CURRENCY = 'GBP'

/** Exchange rates: GBP per one unit of each currency, e.g. {USD: 0.79}. */
export type Rates = Readonly<Record<string, number>>

/** Why a --rate value cannot be used. */
export class RateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RateError'
  }
}

/**
 * Parses one `--rate` value, "USD=0.79" (GBP per US dollar); several may be comma-separated.
 *
 * @throws RateError for anything but CODE=positive number with a 3-letter code.
 */
export function parseRates(text: string): Record<string, number> {
  const rates: Record<string, number> = {}
  for (const entry of text.split(',')) {
    const match = /^\s*([A-Za-z]{3})\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(entry)
    const rate = Number(match?.[2])
    if (!match?.[1] || !(rate > 0)) throw new RateError(`--rate "${entry.trim()}" is not CODE=rate, e.g. USD=0.79`)
    rates[match[1].toUpperCase()] = rate
  }
  return rates
}

const SYMBOLS: readonly [RegExp, string][] = [
  [/£/, 'GBP'],
  [/€/, 'EUR'],
  [/\bUS\$|\bUSD\b/i, 'USD'],
  [/\bA\$|\bAUD\b/i, 'AUD'],
  [/\bC\$|\bCAD\b/i, 'CAD'],
  [/\bGBP\b/i, 'GBP'],
  [/\bEUR\b/i, 'EUR'],
  [/\$/, 'USD'],
]

/**
 * The currency a price cell names by its symbol or code: "£3.42" GBP, "€5" EUR, "$5" or
 * "US$5" USD, "12.99 CAD" CAD; null when it names none ("3.42").
 */
export function currencyOfPrice(raw: string | undefined): string | null {
  if (!raw) return null
  for (const [pattern, code] of SYMBOLS) if (pattern.test(raw)) return code
  return null
}

/**
 * A feed price in GBP: unchanged for GBP, else price x rate rounded to pence.
 *
 * @returns the GBP price, or null when no rate for `currency` is given.
 */
export function toShopPrice(price: number, currency: string, rates: Rates): number | null {
  if (currency === SHOP_CURRENCY) return price
  const rate = rates[currency]
  if (rate === undefined) return null
  return Math.round((price * rate + Number.EPSILON) * 100) / 100
}
