/**
 * Catalog importer (issue "Catalog importer" + "Seed"): feed parsing rules, the streaming
 * upsert runner and the seed of an empty shop. See docs/decisions/catalog-import.md.
 */
export { parsePrice, MAX_PRICE } from './parse-price.ts'
export { splitCategoryPath, MAX_CATEGORY_DEPTH, type CategoryColumns } from './category-path.ts'
export { deriveAwProductId, parseAffiliateNetworkId } from './aw-product-id.ts'
export { cell, parseCount, parseRating } from './fields.ts'
export { streamCsv, isGzipFile, toRecord, type CsvRow, type CsvHandlers } from './csv-stream.ts'
export { detectFormat, type CatalogFormat } from './formats/index.ts'
export {
  PROMPTCLOUD_SOURCE,
  PROMPTCLOUD_MERCHANT_NAME,
  isPromptCloudHeader,
  isPromptCloudDescriptionsHeader,
  extractAsin,
  amazonProductUrl,
  loadPromptCloudDescriptions,
  mapPromptCloudRecord,
  type PromptCloudDescription,
} from './formats/promptcloud.ts'
export { AWIN_SOURCE, isAwinHeader, mapAwinRecord } from './formats/awin.ts'
export {
  importCatalog,
  findDescriptionsSibling,
  CatalogImportError,
  DEFAULT_BATCH_SIZE,
  type ImportCatalogOptions,
  type ImportProgress,
  type ImportSummary,
} from './import-catalog.ts'
export type { ProductInput, Rejection, MapResult, CsvRecord } from './types.ts'
export { seedCatalogIfEmpty, seedCatalogFile, seedDescriptionsFile, seedFolder } from '../seed/seed-catalog.ts'
