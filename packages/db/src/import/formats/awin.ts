import { parseAffiliateNetworkId } from '../aw-product-id.ts'
import { splitCategoryPath } from '../category-path.ts'
import { cell, parseCount, parseRating } from '../fields.ts'
import { parsePrice } from '../parse-price.ts'
import type { CsvRecord, MapResult } from '../types.ts'

/** products.source of rows from an Awin publisher datafeed. */
export const AWIN_SOURCE = 'awin'

const REQUIRED_COLUMNS = ['aw_product_id', 'product_name', 'search_price'] as const

/**
 * Whether a header row is an Awin publisher datafeed: it has the columns aw_product_id,
 * product_name and search_price (Awin's standard column names).
 */
export function isAwinHeader(header: readonly string[]): boolean {
  return REQUIRED_COLUMNS.every((name) => header.includes(name))
}

/**
 * Maps one record of an Awin datafeed to a product, or rejects it.
 *
 * Mapping: source "awin", sourceProductId = awProductId = aw_product_id (kept as is, spec
 * browsing-and-purchase §3: a numeric id of 5 or more digits is an affiliate-network id),
 * title = product_name, imageUrl = image_url or else merchant_image_url, price =
 * parsePrice(search_price) in `currency` (the feed's, upper-cased; GBP when the cell is empty),
 * affiliateUrl = aw_deep_link, brand = brand_name, merchantId/merchantName = merchant_id /
 * merchant_name, merchantCategory = merchant_category, category columns = merchant_category
 * split on " > " (first 4 levels) when it is set, else category_name (Awin's own one-level
 * category), size = Fashion:size, colour = colour (the variant attributes), longDescription = description, averageRating / reviewCount from the optional
 * average_rating / reviews columns.
 *
 * @param line the record's start line, reported in a rejection.
 * @returns {ok: false} with reason "no aw_product_id", "invalid aw_product_id", "no title" or
 *   "no usable price" (value = the raw cell) when the row cannot be a product.
 */
export function mapAwinRecord(record: CsvRecord, line: number): MapResult {
  const rawId = cell(record.aw_product_id)
  if (!rawId) return { ok: false, rejection: { line, reason: 'no aw_product_id' } }
  const awProductId = parseAffiliateNetworkId(rawId)
  if (awProductId === null) {
    return { ok: false, rejection: { line, reason: 'invalid aw_product_id', value: rawId } }
  }
  const title = cell(record.product_name)
  if (!title) return { ok: false, rejection: { line, reason: 'no title' } }
  const price = parsePrice(record.search_price)
  if (price === null) {
    return { ok: false, rejection: { line, reason: 'no usable price', value: record.search_price ?? '' } }
  }
  const merchantCategory = cell(record.merchant_category)
  return {
    ok: true,
    product: {
      awProductId,
      source: AWIN_SOURCE,
      sourceProductId: String(awProductId),
      title,
      imageUrl: cell(record.image_url) ?? cell(record.merchant_image_url),
      price,
      currency: (cell(record.currency) ?? 'GBP').toUpperCase(),
      ...splitCategoryPath(merchantCategory ?? cell(record.category_name)),
      brand: cell(record.brand_name),
      merchantName: cell(record.merchant_name),
      merchantId: cell(record.merchant_id),
      merchantCategory,
      longDescription: cell(record.description),
      affiliateUrl: cell(record.aw_deep_link),
      averageRating: parseRating(record.average_rating),
      reviewCount: parseCount(record.reviews),
      size: cell(record['Fashion:size']) ?? cell(record.size),
      colour: cell(record.colour) ?? cell(record.color),
    },
  }
}
