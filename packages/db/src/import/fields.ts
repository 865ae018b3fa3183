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
 * Parses what a feed says of stock (issue 20: picks are "in stock where the feed says"): Awin's
 * in_stock ("1", "0", "yes", "no", "true", "false", "in stock", "out of stock"), or a number
 * available such as PromptCloud's number_available_in_stock ("2 new", "1 used", "0").
 *
 * @returns true (in stock), false (the feed says none), or null when the cell says nothing.
 */
export function parseInStock(raw: string | undefined): boolean | null {
  const text = (raw ?? '').trim().toLowerCase()
  if (text === '') return null
  if (/^(1|yes|y|true|in[ _-]?stock|available)$/.test(text)) return true
  if (/^(0|no|n|false|out[ _-]?of[ _-]?stock|sold[ _-]?out|unavailable)$/.test(text)) return false
  const count = /^(\d+)\b/.exec(text.replace(/\u00a0/g, ' '))
  return count?.[1] ? Number(count[1]) > 0 : null
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
