import * as crypto from 'node:crypto'
import { createHash } from 'node:crypto'

/** Node 20.12+'s one-shot crypto.hash (a quarter to a third cheaper a call than createHash). */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'buffer') => Buffer }).hash

/** Smallest and largest 10-digit id: derived ids are 10 digits, so always "5 or more digits". */
const MIN_DERIVED_ID = 1_000_000_000n
const DERIVED_ID_SPAN = 9_000_000_000n

/**
 * A stable affiliate-style product id for a feed that has none (the Amazon catalog).
 *
 * The id is the first 8 bytes of SHA-256("<source>\0<sourceProductId>") reduced into
 * 1,000,000,000..9,999,999,999, so it is always 10 digits: an "affiliate-network id" by the rule
 * of spec browsing-and-purchase §3 (a numeric id of 5 or more digits), and the same for the same
 * row on every re-import and in every fresh database. Awin rows do not use this: they keep
 * their own aw_product_id (see docs/decisions/catalog-import.md).
 *
 * Two different rows may hash to the same id (about 0.5% chance for a 10,000-row feed, none in
 * the shipped catalog); the importer reports such a row as rejected instead of overwriting.
 *
 * @param source feed name, e.g. "amazon_uk".
 * @param sourceProductId the feed's own row id, e.g. a PromptCloud uniq_id.
 * @returns an integer in [1e9, 1e10), a safe JS number.
 */
export function deriveAwProductId(source: string, sourceProductId: string): number {
  const input = `${source}\u0000${sourceProductId}`
  // crypto.hash (one call, no Hash object) where Node has it; the same digest either way.
  const digest = oneShotHash
    ? oneShotHash('sha256', input, 'buffer')
    : createHash('sha256').update(input, 'utf8').digest()
  const value = digest.readBigUInt64BE(0)
  return Number(MIN_DERIVED_ID + (value % DERIVED_ID_SPAN))
}

/**
 * Whether a feed value is an affiliate-network product id: a whole number of 5 or more digits
 * (spec browsing-and-purchase §3) that fits a JS safe integer (the column is bigint read as a
 * number).
 *
 * @param raw the feed value, e.g. "40026645008".
 * @returns the id as a number, or null when `raw` is not such an id.
 */
export function parseAffiliateNetworkId(raw: string | null | undefined): number | null {
  const text = (raw ?? '').trim()
  if (!/^\d{5,}$/.test(text)) return null
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : null
}
