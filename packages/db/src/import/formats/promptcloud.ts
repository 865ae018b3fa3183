import { deriveAwProductId } from '../aw-product-id.ts'
import { splitCategoryPath } from '../category-path.ts'
import { streamCsv, toRecord } from '../csv-stream.ts'
import { cell, parseCount, parseRating } from '../fields.ts'
import { parsePrice } from '../parse-price.ts'
import type { CsvRecord, MapResult } from '../types.ts'

/** products.source of rows from the PromptCloud "Toy products on Amazon" catalog. */
export const PROMPTCLOUD_SOURCE = 'amazon_uk'
/** products.merchant_name of those rows. */
export const PROMPTCLOUD_MERCHANT_NAME = 'Amazon UK'

const REQUIRED_COLUMNS = ['uniq_id', 'product_name', 'amazon_category_and_sub_category', 'price'] as const

/** What the descriptions file adds to a product of the 10k file (joined on uniq_id = product_id). */
export interface PromptCloudDescription {
  longDescription: string | null
  /** Amazon's 10-character product id, read from product_information ("ASINB008PKAAZ2"). */
  asin: string | null
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
 * The Amazon UK link of a product: https://www.amazon.co.uk/dp/<ASIN> when the ASIN is known,
 * else a search for the title, https://www.amazon.co.uk/s?k=<url-encoded title>, which still
 * lands the shopper on the product (docs/decisions/catalog-import.md).
 */
export function amazonProductUrl(asin: string | null, title: string): string {
  return asin ? `https://www.amazon.co.uk/dp/${asin}` : `https://www.amazon.co.uk/s?k=${encodeURIComponent(title)}`
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
      })
    },
  })
  return descriptions
}

/**
 * Maps one record of the PromptCloud Amazon UK toys catalog to a product, or rejects it.
 *
 * Mapping: source "amazon_uk", sourceProductId = uniq_id, awProductId = deriveAwProductId,
 * title = product_name, price = parsePrice(price) in GBP, brand = manufacturer, merchantName
 * "Amazon UK", merchantCategory = the full amazon_category_and_sub_category path, category
 * columns = its first 4 levels (splitCategoryPath), averageRating from "4.9" or "4.9 out of 5
 * stars", reviewCount = number_of_reviews, imageUrl null (the feed has none). With
 * `descriptions`, longDescription and the ASIN come from the descriptions file;
 * affiliateUrl = amazonProductUrl(asin, title).
 *
 * @param line the record's start line, reported in a rejection.
 * @returns {ok: false} with reason "no uniq_id", "no title" or "no usable price" (value = the
 *   raw price) when the row cannot be a product (spec browsing-and-purchase §3: a product has
 *   a title and a price).
 */
export function mapPromptCloudRecord(
  record: CsvRecord,
  line: number,
  descriptions?: ReadonlyMap<string, PromptCloudDescription>,
): MapResult {
  const sourceProductId = cell(record.uniq_id)
  if (!sourceProductId) return { ok: false, rejection: { line, reason: 'no uniq_id' } }
  const title = cell(record.product_name)
  if (!title) return { ok: false, rejection: { line, reason: 'no title' } }
  const price = parsePrice(record.price)
  if (price === null) {
    return { ok: false, rejection: { line, reason: 'no usable price', value: record.price ?? '' } }
  }
  const path = cell(record.amazon_category_and_sub_category)
  const enrichment = descriptions?.get(sourceProductId)
  return {
    ok: true,
    product: {
      awProductId: deriveAwProductId(PROMPTCLOUD_SOURCE, sourceProductId),
      source: PROMPTCLOUD_SOURCE,
      sourceProductId,
      title,
      imageUrl: null,
      price,
      currency: 'GBP',
      ...splitCategoryPath(path),
      brand: cell(record.manufacturer),
      merchantName: PROMPTCLOUD_MERCHANT_NAME,
      merchantId: null,
      merchantCategory: path,
      longDescription: enrichment?.longDescription ?? null,
      affiliateUrl: amazonProductUrl(enrichment?.asin ?? null, title),
      averageRating: parseRating(record.average_rating),
      reviewCount: parseCount(record.number_of_reviews),
      size: null,
      colour: null,
    },
  }
}
