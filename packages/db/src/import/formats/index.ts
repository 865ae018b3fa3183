export { PRESETS, AWIN_PRESET, PROMPTCLOUD_PRESET, type Preset } from '../mapping.ts'
import { PRESETS } from '../mapping.ts'

/** Feed formats the importer recognises from a header. */
export type CatalogFormat = 'promptcloud' | 'awin'

/**
 * Recognises a feed's format from its header row (column names, trimmed).
 *
 * @returns "awin" for an Awin datafeed (aw_product_id, product_name, search_price),
 *   "promptcloud" for a PromptCloud catalog (uniq_id, product_name, price), or null.
 */
export function detectFormat(header: readonly string[]): CatalogFormat | null {
  return PRESETS.find((preset) => preset.matches(header))?.name ?? null
}
