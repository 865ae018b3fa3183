import { streamCsv, toRecord } from '../csv-stream.ts'
import { cell, parseCount } from '../fields.ts'
import { amazonProductUrl, mapRecord, type Enrichment } from '../map-record.ts'
import { PROMPTCLOUD_PRESET, type ResolvedMapping } from '../mapping.ts'
import type { CsvRecord, MapResult } from '../types.ts'

export { amazonProductUrl }

/** products.source of rows from the PromptCloud "Toy products on Amazon" catalog. */
export const PROMPTCLOUD_SOURCE = 'amazon_uk'
/** products.merchant_name of those rows. */
export const PROMPTCLOUD_MERCHANT_NAME = 'Amazon UK'

const REQUIRED_COLUMNS = ['uniq_id', 'product_name', 'amazon_category_and_sub_category', 'price'] as const

/** The PromptCloud preset as the importer resolves it for the amazon.co.uk file. */
export const PROMPTCLOUD_AMAZON_MAPPING: ResolvedMapping = {
  format: 'promptcloud',
  columns: PROMPTCLOUD_PRESET.columns,
  source: PROMPTCLOUD_SOURCE,
  merchant: PROMPTCLOUD_MERCHANT_NAME,
  currency: 'GBP',
  amazon: true,
  idFrom: 'column',
  missingPrice: 'not-for-sale',
}

/**
 * What the descriptions file adds to a product of the 10k file (joined on uniq_id = product_id):
 * the long description, the ASIN read from product_information ("ASINB008PKAAZ2") and the
 * sales rank ("Best Sellers Rank 61,275 in Toys & Games").
 */
export type PromptCloudDescription = Enrichment

/** "... Best Sellers Rank 61,275 in Toys & Games ..." -> 61275; null when absent. */
export function extractSalesRank(productInformation: string | undefined): number | null {
  const match = /Best Sellers Rank\s*:?\s*([\d,]+)/i.exec(productInformation ?? '')
  return match?.[1] ? parseCount(match[1]) : null
}

/**
 * Whether a header row is the PromptCloud Amazon UK catalog (the 10k file): it has the columns
 * uniq_id, product_name, amazon_category_and_sub_category and price.
 */
export function isPromptCloudHeader(header: readonly string[]): boolean {
  return REQUIRED_COLUMNS.every((name) => header.includes(name))
}

/**
 * Whether a header row is the PromptCloud descriptions file (the 863-row
 * *_with_descriptions.csv): it has product_id and product_description or product_information.
 */
export function isPromptCloudDescriptionsHeader(header: readonly string[]): boolean {
  return (
    header.includes('product_id') && (header.includes('product_description') || header.includes('product_information'))
  )
}

/**
 * Reads the ASIN out of PromptCloud's product_information text ("... Additional Information
 * ASINB008PKAAZ2 Best Sellers Rank ...").
 *
 * @returns the 10-character ASIN (upper-case letters and digits), or null when there is none.
 */
export function extractAsin(productInformation: string | undefined): string | null {
  const match = /\bASIN\s*:?\s*([A-Z0-9]{10})(?![A-Z0-9])/.exec(productInformation ?? '')
  return match?.[1] ?? null
}

/**
 * Loads the PromptCloud descriptions file (plain or .gz, streamed) into a map from product_id
 * (= uniq_id of the 10k file) to its long description and ASIN. Malformed records are ignored.
 *
 * @throws Error when the file has no product_id / product_description / product_information
 *   columns; fs and gzip errors as they come.
 */
export async function loadPromptCloudDescriptions(file: string): Promise<Map<string, PromptCloudDescription>> {
  const descriptions = new Map<string, PromptCloudDescription>()
  let header: string[] | null = null
  await streamCsv(file, {
    onMalformed: () => {},
    onRow: ({ fields }) => {
      if (!header) {
        header = fields.map((name) => name.trim())
        if (!isPromptCloudDescriptionsHeader(header)) {
          throw new Error(
            `${file} is not a PromptCloud descriptions file: expected columns product_id and product_description or product_information`,
          )
        }
        return
      }
      const record = toRecord(header, fields)
      const id = cell(record.product_id)
      if (!id) return
      descriptions.set(id, {
        longDescription: cell(record.product_description),
        asin: extractAsin(record.product_information),
        bestSellerRank: extractSalesRank(record.product_information),
      })
    },
  })
  return descriptions
}

/**
 * Maps one record of the PromptCloud Amazon UK toys catalog through the PromptCloud preset
 * (mapping.ts PROMPTCLOUD_PRESET): source "amazon_uk", sourceProductId = uniq_id, awProductId =
 * deriveAwProductId, title = product_name, price = price in GBP, brand = manufacturer,
 * merchantName "Amazon UK", category = amazon_category_and_sub_category (first 4 levels; the full
 * path in merchantCategory), averageRating, reviewCount = number_of_reviews, imageUrl null (the
 * feed has none). With `descriptions`, the long description, the ASIN (affiliateUrl
 * /dp/<ASIN>, else a title search) and the sales rank come from the descriptions file.
 *
 * @returns {ok: false} with reason "no uniq_id", "no title" or "no usable price" (value = the
 *   raw price) when the row cannot be a product (spec browsing-and-purchase §3).
 */
export function mapPromptCloudRecord(
  record: CsvRecord,
  line: number,
  descriptions?: ReadonlyMap<string, PromptCloudDescription>,
): MapResult {
  const id = cell(record.uniq_id)
  return mapRecord(record, line, PROMPTCLOUD_AMAZON_MAPPING, id ? descriptions?.get(id) : undefined)
}
