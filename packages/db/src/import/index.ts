/**
 * Catalog importer (issue "Catalog importer", "Seed" and issue 14): feed parsing rules, column
 * mappings and presets, the streaming upsert runner and the seed of an empty shop. See
 * docs/decisions/catalog-import.md.
 */
export { parsePrice, MAX_PRICE } from './parse-price.ts'
export { splitCategoryPath, MAX_CATEGORY_DEPTH, type CategoryColumns } from './category-path.ts'
export { deriveAwProductId, parseAffiliateNetworkId } from './aw-product-id.ts'
export { cell, parseCount, parseRating } from './fields.ts'
export {
  streamCsv,
  isGzipFile,
  detectDelimiter,
  toRecord,
  FeedReadError,
  type CsvRow,
  type CsvHandlers,
} from './csv-stream.ts'
export { detectEncoding, normalizeEncoding } from './encoding.ts'
export { parseRates, currencyOfPrice, toShopPrice, SHOP_CURRENCY, RateError, type Rates } from './currency.ts'
export {
  SHOP_FIELDS,
  REQUIRED_FIELDS,
  PRESETS,
  AWIN_PRESET,
  PROMPTCLOUD_PRESET,
  MappingError,
  parseMapArgument,
  loadMappingFile,
  resolveMapping,
  sourceSlug,
  type ShopField,
  type FeedMapping,
  type ResolvedMapping,
  type Preset,
} from './mapping.ts'
export { mapRecord, amazonProductUrl, type Enrichment } from './map-record.ts'
export { detectFormat, type CatalogFormat } from './formats/index.ts'
export {
  PROMPTCLOUD_SOURCE,
  PROMPTCLOUD_MERCHANT_NAME,
  isPromptCloudHeader,
  isPromptCloudDescriptionsHeader,
  extractAsin,
  extractSalesRank,
  loadPromptCloudDescriptions,
  mapPromptCloudRecord,
  type PromptCloudDescription,
} from './formats/promptcloud.ts'
export { AWIN_SOURCE, isAwinHeader, mapAwinRecord } from './formats/awin.ts'
export {
  importCatalog,
  findDescriptionsSibling,
  allowedSkips,
  CatalogImportError,
  type CatalogImportErrorCode,
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_SKIP,
  type ImportCatalogOptions,
  type ImportJobOptions,
  type CatalogImportRunner,
  type ImportProgress,
  type ImportSummary,
  type SkipReason,
} from './import-catalog.ts'
export { formatSummary, ProgressLines } from './summary.ts'
export type { ProductInput, Rejection, MapResult, CsvRecord } from './types.ts'
export {
  seedCatalogIfEmpty,
  seedCatalogFile,
  seedDescriptionsFile,
  seedFolder,
  resolveFeedEntry,
} from '../seed/seed-catalog.ts'
