import { AWIN_PRESET, type ResolvedMapping } from '../mapping.ts'
import { mapRecord } from '../map-record.ts'
import type { CsvRecord, MapResult } from '../types.ts'

/** products.source of rows from an Awin publisher datafeed. */
export const AWIN_SOURCE = 'awin'

/** The Awin preset as the importer resolves it for an Awin header (merchant per row). */
export const AWIN_MAPPING: ResolvedMapping = {
  format: 'awin',
  columns: AWIN_PRESET.columns,
  source: AWIN_SOURCE,
  merchant: null,
  currency: null,
  amazon: false,
  idFrom: 'column',
  missingPrice: 'skip',
}

/** Whether a header row is an Awin publisher datafeed (aw_product_id, product_name, search_price). */
export function isAwinHeader(header: readonly string[]): boolean {
  return AWIN_PRESET.matches(header)
}

/**
 * Maps one record of an Awin datafeed through the Awin preset (mapping.ts AWIN_PRESET):
 * sourceProductId = awProductId = aw_product_id (kept as is, spec browsing-and-purchase §3: a
 * numeric id of 5 or more digits is an affiliate-network id), title = product_name, imageUrl =
 * image_url else merchant_image_url, price = search_price in the row's currency (converted to
 * GBP by the importer), affiliateUrl = aw_deep_link, category = merchant_category split on " > "
 * else category_name, size = Fashion:size, colour, itemGroupId = item_group_id.
 *
 * @returns {ok: false} with reason "no aw_product_id", "invalid aw_product_id", "no title",
 *   "no usable price" or a currency reason when the row cannot be a product.
 */
export function mapAwinRecord(record: CsvRecord, line: number): MapResult {
  return mapRecord(record, line, AWIN_MAPPING)
}
