/** Largest price that fits the products.price column, numeric(12, 2). */
export const MAX_PRICE = 9_999_999_999.99

/** A run of digits with optional "," / "." groups: "3.42", "1,299.99", "12,99". */
const NUMBER_TOKEN = /\d+(?:[.,]\d+)*/g
/** What may stand between the two bounds of a price range once the numbers are cut out. */
const RANGE_SEPARATOR = /^[^\d]*(?:[-\u2010-\u2015\u2212]|\bto\b)[^\d]*$/i
/** A minus sign before the first digit (after stripping symbols) marks a negative price. */
const LEADING_MINUS = /[-\u2212]\s*[^\d\s]{0,4}\s*$/

/**
 * Parses a feed price into GBP-style decimal units (pounds, not pence), rounded to 2 decimals.
 *
 * Rule (spec browsing-and-purchase §3 "Product.price"): a price is "a number, or a string from
 * which currency symbols and other non-numeric characters are stripped before parsing". So
 * "£3.42", "3.42", "GBP 3.42" and "3.42 GBP" all give 3.42; "£1,299.99" gives 1299.99 (a comma
 * followed by exactly three digits is a thousands separator, any other comma a decimal point,
 * so "12,99" gives 12.99).
 *
 * A range such as "£2.99 - £12.99" (also "2.99–12.99", "2.99 to 12.99") yields its LOWER
 * bound, 2.99: it is the price a shopper can actually pay ("from £2.99"), and it keeps
 * price filters and sorting honest (docs/decisions/catalog-import.md).
 *
 * @param raw a number, a string, or null/undefined.
 * @returns the price (> 0, <= MAX_PRICE, 2 decimals), or null when the input is empty, has no
 *   number, has more than one number without being a range ("2 for £5"), is malformed
 *   ("1.2.3"), is zero, negative, NaN/Infinity, or too large for numeric(12, 2). Never throws.
 */
export function parsePrice(raw: unknown): number | null {
  if (raw === null || raw === undefined) return null
  if (typeof raw === 'number') return acceptable(raw)
  if (typeof raw !== 'string') return null
  const text = raw.trim()
  if (text === '') return null
  const tokens = [...text.matchAll(NUMBER_TOKEN)]
  const first = tokens[0]
  if (!first) return null
  if (LEADING_MINUS.test(text.slice(0, first.index))) return null
  if (tokens.length === 1) return acceptable(tokenToNumber(first[0]))
  const second = tokens[1]
  if (tokens.length === 2 && second) {
    const between = text.slice(first.index + first[0].length, second.index)
    if (RANGE_SEPARATOR.test(between)) {
      const low = tokenToNumber(first[0])
      const high = tokenToNumber(second[0])
      return acceptable(Math.min(low, high))
    }
  }
  return null
}

/** "1,299.99" -> 1299.99, "12,99" -> 12.99, "1.2.3" -> NaN. */
function tokenToNumber(token: string): number {
  let normalized = token
  if (token.includes(',') && token.includes('.')) {
    // "1,299.99": commas group thousands, the dot is the decimal point.
    if (!/^\d{1,3}(?:,\d{3})+\.\d+$/.test(token)) return Number.NaN
    normalized = token.replace(/,/g, '')
  } else if (token.includes(',')) {
    normalized = /^\d{1,3}(?:,\d{3})+$/.test(token) ? token.replace(/,/g, '') : token.replace(',', '.')
  }
  if (!/^\d+(?:\.\d+)?$/.test(normalized)) return Number.NaN
  return Number(normalized)
}

function acceptable(value: number): number | null {
  if (!Number.isFinite(value) || value <= 0) return null
  const rounded = Math.round((value + Number.EPSILON) * 100) / 100
  if (rounded <= 0 || rounded > MAX_PRICE) return null
  return rounded
}
