import { isAwinHeader } from './awin.ts'
import { isPromptCloudHeader } from './promptcloud.ts'

/** Feed formats the importer reads. */
export type CatalogFormat = 'promptcloud' | 'awin'

/**
 * Recognises a feed's format from its header row (column names, trimmed).
 *
 * @returns "awin" for an Awin datafeed (aw_product_id, product_name, search_price),
 *   "promptcloud" for the PromptCloud Amazon UK catalog (uniq_id, product_name,
 *   amazon_category_and_sub_category, price), or null for anything else.
 */
export function detectFormat(header: readonly string[]): CatalogFormat | null {
  if (isAwinHeader(header)) return 'awin'
  if (isPromptCloudHeader(header)) return 'promptcloud'
  return null
}
