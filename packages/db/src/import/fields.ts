/**
 * Trims a CSV cell; an empty or blank cell becomes null.
 *
 * @param value the raw cell, or undefined for a missing column.
 */
export function cell(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim()
  return trimmed === '' ? null : trimmed
}

/**
 * Parses a star rating: "4.9", "4.9 out of 5 stars", "4,9 von 5 Sternen" all give 4.9.
 *
 * @returns the leading number when it is within 0..5 stars, else null (empty, text, > 5).
 */
export function parseRating(raw: string | undefined): number | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)/.exec(raw ?? '')
  if (!match?.[1]) return null
  const value = Number(match[1].replace(',', '.'))
  return Number.isFinite(value) && value >= 0 && value <= 5 ? value : null
}

/**
 * Parses a count such as a number of reviews: "15", "1,234", "1 234".
 *
 * @returns a non-negative integer, or null when the cell is empty or not a whole number.
 */
export function parseCount(raw: string | undefined): number | null {
  const text = (raw ?? '').trim().replace(/[,\s]/g, '')
  if (!/^\d+$/.test(text)) return null
  const value = Number(text)
  return value <= 2_147_483_647 ? value : null
}
