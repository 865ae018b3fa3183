/** The products columns a feed import writes, and the upsert's ON CONFLICT clause (issue 14). */
import { hash } from 'node:crypto'
import { CATEGORY_PATH_SEPARATOR } from '../catalog/category-overrides.ts'
import type { ProductInput } from './types.ts'

/** A feed row as written (its feed category path is derived from the category columns). */
export type Row = ProductInput

/** Columns written by an import, in the order of the unnest() arrays, with their SQL types. */
export const COLUMNS: readonly (readonly [string, string, (p: Row) => unknown])[] = [
  ['aw_product_id', 'bigint', (p: Row) => p.awProductId],
  ['source', 'text', (p: Row) => p.source],
  ['source_product_id', 'text', (p: Row) => p.sourceProductId],
  ['title', 'text', (p: Row) => p.title],
  ['image_url', 'text', (p: Row) => p.imageUrl],
  ['price', 'numeric', (p: Row) => p.price],
  ['currency', 'text', (p: Row) => p.currency],
  ['feed_price', 'numeric', (p: Row) => p.feedPrice],
  ['category_name', 'text', (p: Row) => p.categoryName],
  ['category_level1', 'text', (p: Row) => p.categoryLevel1],
  ['category_level2', 'text', (p: Row) => p.categoryLevel2],
  ['category_level3', 'text', (p: Row) => p.categoryLevel3],
  ['feed_category_path', 'text', (p: Row) => feedCategoryPath(p)],
  ['brand', 'text', (p: Row) => p.brand],
  ['merchant_name', 'text', (p: Row) => p.merchantName],
  ['merchant_id', 'text', (p: Row) => p.merchantId],
  ['merchant_category', 'text', (p: Row) => p.merchantCategory],
  ['long_description', 'text', (p: Row) => p.longDescription],
  ['affiliate_url', 'text', (p: Row) => p.affiliateUrl],
  ['average_rating', 'real', (p: Row) => p.averageRating],
  ['review_count', 'integer', (p: Row) => p.reviewCount],
  ['size', 'text', (p: Row) => p.size],
  ['colour', 'text', (p: Row) => p.colour],
  ['item_group_id', 'text', (p: Row) => p.itemGroupId],
  ['best_seller_rank', 'integer', (p: Row) => p.bestSellerRank],
  ['in_stock', 'boolean', (p: Row) => p.inStock],
  ['recommended_price', 'numeric', (p: Row) => p.recommendedPrice ?? null],
  ['feed_hash', 'bigint', (p: Row) => p.feedHash ?? null],
  ['feed_raw_hash', 'bigint', (p: Row) => p.feedRawHash ?? null],
]

// The category columns are the shop's (overrides applied afterwards): the first upsert writes
// the feed's, a later one leaves them to applyCategoryOverrides.
const SHOP_CATEGORY_COLUMNS = new Set(['category_name', 'category_level1', 'category_level2', 'category_level3'])
const KEY_COLUMNS = new Set(['source', 'source_product_id'])
// feed_hash and feed_raw_hash are digests, not values (a row written before they were kept has none).
const DIGEST_COLUMNS = new Set(['feed_hash', 'feed_raw_hash'])
const compared = COLUMNS.map(([name]) => name).filter(
  (c) => !KEY_COLUMNS.has(c) && !SHOP_CATEGORY_COLUMNS.has(c) && !DIGEST_COLUMNS.has(c),
)
export const UPDATE_SQL = `
on conflict (source, source_product_id) do update set
  ${COLUMNS.filter(([name]) => !KEY_COLUMNS.has(name) && !SHOP_CATEGORY_COLUMNS.has(name))
    .map(([name]) => `${name} = excluded.${name}`)
    .join(',\n  ')},
  -- A product its feed carries again is sold again (issue 39).
  withdrawn_at = null,
  -- updated_at moves only when a feed value really changed.
  updated_at = case when (${compared.map((c) => `products.${c}`).join(', ')}) is distinct from
    (${compared.map((c) => `excluded.${c}`).join(', ')}) then now() else products.updated_at end
returning (xmax = 0) as inserted, products.id`

/** The feed's category levels joined by "::" (the input of applyCategoryOverrides). */
export function feedCategoryPath(row: ProductInput): string | null {
  const levels = [row.categoryName, row.categoryLevel1, row.categoryLevel2, row.categoryLevel3].filter(Boolean)
  return levels.length ? levels.join(CATEGORY_PATH_SEPARATOR) : null
}

/**
 * A 52-bit digest of a feed row as the importer writes it (issue 39): SHA-1 over every written
 * column's value but feed_hash (COLUMNS order, unit separator between values), its first 13 hex
 * digits as a number, a safe integer stored in products.feed_hash. A refresh writes a row only
 * when its digest differs from the stored one, so every value the import writes (a converted
 * price, a category path, stock) takes part. Collisions: about 1 in 4.5e15 per changed row.
 */
export function feedHash(row: Row): number {
  let text = ''
  for (let i = 0; i < HASHED.length; i++) {
    // Feed values are strings, numbers and booleans (COLUMNS' getters).
    const value = (HASHED[i] as (p: Row) => string | number | boolean | null | undefined)(row)
    text += (value === null || value === undefined ? '\u0000' : String(value)) + '\u001f'
  }
  return parseInt(hash('sha1', text, 'hex').slice(0, 13), 16)
}

const HASHED = COLUMNS.filter(([name]) => !DIGEST_COLUMNS.has(name)).map(([, , get]) => get)

/** Bump when mapRecord or the importer's conversion of a record changes what a record becomes. */
const RAW_HASH_VERSION = 1

/**
 * The prefix of every feedRawHash of one import (issue 39): a digest of what, besides a record's
 * cells, decides what the record becomes: RAW_HASH_VERSION, the feed's header, the resolved
 * mapping and the conversion rates. Another header, mapping or rate gives every record another
 * raw hash, so the refresh maps and hashes each row again (and writes only those whose feedHash
 * moved).
 */
export function rawHashContext(
  header: readonly string[],
  mapping: unknown,
  rates: Readonly<Record<string, number>>,
): string {
  const sortedRates = Object.entries(rates).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return hash('sha1', JSON.stringify([RAW_HASH_VERSION, header, mapping, sortedRates]), 'hex').slice(0, 16)
}

/**
 * A 52-bit digest of a feed record as read (issue 39): SHA-1 over `context` (rawHashContext),
 * the record's cells (unit separator between them) and the joined descriptions-file entry, its
 * first 13 hex digits as a number. Equal to the stored products.feed_raw_hash, the record is the
 * one that last wrote the product, so mapping it and its feedHash would give what is stored: a
 * refresh counts it unchanged without either (about 11 of the 30 µs a row cost).
 *
 * @param enrichment the PromptCloud descriptions entry joined to the record, if any.
 */
export function feedRawHash(
  context: string,
  fields: readonly string[],
  enrichment?: { longDescription: string | null; asin: string | null; bestSellerRank: number | null },
): number {
  let text = context + '\u001e' + fields.join('\u001f')
  if (enrichment) {
    text += `\u001e${enrichment.asin ?? '\u0000'}\u001f${enrichment.bestSellerRank ?? '\u0000'}\u001f${enrichment.longDescription ?? '\u0000'}`
  }
  return parseInt(hash('sha1', text, 'hex').slice(0, 13), 16)
}
