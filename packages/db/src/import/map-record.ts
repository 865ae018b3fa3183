import { createHash } from 'node:crypto'
import { deriveAwProductId, parseAffiliateNetworkId } from './aw-product-id.ts'
import { splitCategoryPath } from './category-path.ts'
import { currencyOfPrice } from './currency.ts'
import { cell, parseCount, parseInStock, parseRating } from './fields.ts'
import type { ResolvedMapping, ShopField } from './mapping.ts'
import { parsePrice } from './parse-price.ts'
import type { CsvRecord, MapResult } from './types.ts'

/** Longest feed key kept (longer ones are refused rather than cut, so two never merge). */
const MAX_ID_LENGTH = 255

/** What a PromptCloud descriptions file adds to a product (joined on its feed id). */
export interface Enrichment {
  longDescription: string | null
  /** Amazon's 10-character product id. */
  asin: string | null
  bestSellerRank: number | null
}

/**
 * The Amazon UK link of a product: https://www.amazon.co.uk/dp/<ASIN> when the ASIN is known,
 * else a search for the title, https://www.amazon.co.uk/s?k=<url-encoded title>, which still
 * lands the shopper on the product (docs/decisions/catalog-import.md).
 */
export function amazonProductUrl(asin: string | null, title: string): string {
  return asin ? `https://www.amazon.co.uk/dp/${asin}` : `https://www.amazon.co.uk/s?k=${encodeURIComponent(title)}`
}

/** The first non-empty cell of a field's columns, trimmed; null when none. */
function read(record: CsvRecord, mapping: ResolvedMapping, field: ShopField): string | null {
  for (const column of mapping.columns[field] ?? []) {
    const value = cell(record[column])
    if (value !== null) return value
  }
  return null
}

/** The raw (untrimmed) cell of a field, for reporting. */
function raw(record: CsvRecord, mapping: ResolvedMapping, field: ShopField): string {
  for (const column of mapping.columns[field] ?? []) {
    if (cell(record[column]) !== null) return record[column] ?? ''
  }
  return ''
}

/** The reason of a row left out as not for sale (no price, FeedMapping.missingPrice). */
export const NOT_FOR_SALE = 'not for sale (no price)'

/** Query parameters that track a visit and never name the product. */
const TRACKING_PARAM = /^(utm_.*|gclid|fbclid|msclkid|mc_cid|mc_eid|_ga)$/i

/**
 * A stable id of a product from its URL, for feeds without an id column (issue 25, `--id-from
 * productUrl`): the URL without its fragment and tracking parameters (utm_*, gclid, fbclid ...),
 * the other parameters sorted, the host lower-cased and a trailing slash dropped, so the same
 * product keeps its id when a feed re-orders or re-tags its links. Past 255 characters, "url:"
 * and the SHA-256 of that form.
 */
export function urlId(url: string): string {
  const parsed = new URL(url)
  parsed.hash = ''
  for (const name of [...parsed.searchParams.keys()]) {
    if (TRACKING_PARAM.test(name)) parsed.searchParams.delete(name)
  }
  parsed.searchParams.sort()
  if (parsed.pathname.length > 1 && parsed.pathname.endsWith('/')) parsed.pathname = parsed.pathname.slice(0, -1)
  const id = parsed.toString()
  return id.length <= MAX_ID_LENGTH ? id : `url:${createHash('sha256').update(id).digest('hex')}`
}

/** A http(s) URL, or null (feeds hold "", "N/A" and relative paths). */
function httpUrl(value: string | null): string | null {
  return value && /^https?:\/\/\S+$/i.test(value) ? value : null
}

/**
 * Maps one feed record through a resolved mapping (issue 14), or rejects it.
 *
 * - id (the feed's key, any text up to 255 characters) -> sourceProductId; rejected "no <column>".
 *   With `idFrom: "productUrl"` (a feed without ids) it is urlId(product URL) instead.
 * - affiliateId, when mapped and present, must be 5+ digits (spec §5) ("invalid <column>");
 *   otherwise the shop assigns deriveAwProductId(source, id).
 * - title ("no title"), price (parsePrice; "no usable price" with the raw cell). An empty price
 *   cell under `missingPrice: "not-for-sale"` is left out as NOT_FOR_SALE, flagged `notForSale`.
 * - currency: the currency cell, else the price's symbol or code ("£", "$", "EUR"), else the
 *   mapping's default; a row with none is refused ("no currency: ..."); a cell that is not a
 *   3-letter code is refused ("invalid currency"); a symbol that contradicts the currency
 *   cell is refused ("currency mismatch"). price = feedPrice here: the importer converts.
 * - categoryPath split into 4 levels (splitCategoryPath), else category as one level; the
 *   full path kept in merchantCategory.
 * - merchant: the merchant cell, else the mapping's merchant. productUrl: the URL cell; for the
 *   Amazon UK catalog /dp/<ASIN> from `enrichment` or a title search.
 * - rating 0..5, reviewCount, salesRank (also from `enrichment`), size, colour, itemGroupId,
 *   inStock (parseInStock: true, false or null when the feed says nothing).
 * - recommendedPrice: a recommended or "was" price (Awin rrp_price, product_price_old) in the
 *   row's currency, null when empty or unusable (never a reason to skip the row; issue 39).
 *
 * @param line the record's first line; endLine its last, both reported in a rejection.
 */
export function mapRecord(
  record: CsvRecord,
  line: number,
  mapping: ResolvedMapping,
  enrichment?: Enrichment,
  endLine?: number,
): MapResult {
  const at = endLine !== undefined && endLine > line ? { line, endLine } : { line }
  const reject = (reason: string, value?: string): MapResult => ({
    ok: false,
    rejection: { ...at, reason, ...(value !== undefined ? { value } : {}) },
  })
  let sourceProductId: string | null
  if (mapping.idFrom === 'productUrl') {
    const url = httpUrl(read(record, mapping, 'productUrl'))
    if (!url) return reject(`no ${mapping.columns.productUrl?.[0] ?? 'productUrl'} (the id is derived from it)`)
    sourceProductId = urlId(url)
  } else {
    const idColumn = mapping.columns.id?.[0] ?? 'id'
    sourceProductId = read(record, mapping, 'id')
    if (!sourceProductId) return reject(`no ${idColumn}`)
    if (sourceProductId.length > MAX_ID_LENGTH) return reject(`${idColumn} too long`, sourceProductId.slice(0, 40))
  }
  let awProductId: number
  const rawAffiliateId = read(record, mapping, 'affiliateId')
  if (rawAffiliateId !== null) {
    const parsed = parseAffiliateNetworkId(rawAffiliateId)
    if (parsed === null) return reject(`invalid ${mapping.columns.affiliateId?.[0] ?? 'affiliateId'}`, rawAffiliateId)
    awProductId = parsed
  } else {
    awProductId = deriveAwProductId(mapping.source, sourceProductId)
  }
  const title = read(record, mapping, 'title')
  if (!title) return reject('no title')
  const rawPrice = raw(record, mapping, 'price')
  if (rawPrice.trim() === '' && mapping.missingPrice === 'not-for-sale') {
    return { ok: false, rejection: { ...at, reason: NOT_FOR_SALE, notForSale: true } }
  }
  const price = parsePrice(rawPrice)
  if (price === null) return reject('no usable price', rawPrice)

  const currencyCell = read(record, mapping, 'currency')?.toUpperCase() ?? null
  if (currencyCell !== null && !/^[A-Z]{3}$/.test(currencyCell)) return reject('invalid currency', currencyCell)
  const symbol = currencyOfPrice(rawPrice)
  if (currencyCell && symbol && symbol !== currencyCell) {
    return reject('currency mismatch', `${rawPrice.trim()} in a ${currencyCell} row`)
  }
  const currency = currencyCell ?? symbol ?? mapping.currency
  if (!currency) return reject('no currency: map a currency column or give --currency', rawPrice.trim())

  const path = read(record, mapping, 'categoryPath')
  const categories = splitCategoryPath(path ?? read(record, mapping, 'category'))
  const asinLink = mapping.amazon ? amazonProductUrl(enrichment?.asin ?? null, title) : null
  return {
    ok: true,
    product: {
      awProductId,
      source: mapping.source,
      sourceProductId,
      title,
      imageUrl: httpUrl(read(record, mapping, 'imageUrl')),
      price,
      currency,
      feedPrice: price,
      ...categories,
      brand: read(record, mapping, 'brand'),
      merchantName: read(record, mapping, 'merchant') ?? mapping.merchant,
      merchantId: read(record, mapping, 'merchantId'),
      merchantCategory: path,
      longDescription: enrichment?.longDescription ?? read(record, mapping, 'description'),
      affiliateUrl: asinLink ?? httpUrl(read(record, mapping, 'productUrl')),
      averageRating: parseRating(read(record, mapping, 'rating') ?? undefined),
      reviewCount: parseCount(read(record, mapping, 'reviewCount') ?? undefined),
      size: read(record, mapping, 'size'),
      colour: read(record, mapping, 'colour'),
      itemGroupId: read(record, mapping, 'itemGroupId'),
      bestSellerRank: enrichment?.bestSellerRank ?? parseCount(read(record, mapping, 'salesRank') ?? undefined),
      inStock: parseInStock(read(record, mapping, 'inStock') ?? undefined),
      recommendedPrice: parseRecommendedPrice(raw(record, mapping, 'recommendedPrice')),
    },
  }
}

/** A recommended or "was" price cell: parsePrice's number, or null (empty or unusable). */
function parseRecommendedPrice(cell: string): number | null {
  return cell.trim() === '' ? null : parsePrice(cell)
}
