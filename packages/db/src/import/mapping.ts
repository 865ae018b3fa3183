import { readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The shop's fields a feed column can be mapped onto (issue 14 "Column mapping"):
 * - id: the feed's own key of the row (any text: a SKU such as "G02-006-01-S" or a number)
 * - affiliateId: the affiliate network's numeric product id (5+ digits, spec §5), when the feed has one
 * - title, description, price, currency (ISO code), imageUrl, productUrl (the affiliate/deep link)
 * - categoryPath ("A > B > C"), category (one category name, used when there is no path)
 * - brand, merchant (name), merchantId, itemGroupId (variants of one product share it)
 * - rating (0..5), reviewCount, salesRank, size, colour
 * - inStock: what the feed says of stock (Awin's in_stock, a number available); empty is unknown
 * - recommendedPrice: a recommended or "was" price (Awin's rrp_price, else product_price_old;
 *   not base_price, Awin's price per unit of measure) kept when above the price (issue 39)
 */
export const SHOP_FIELDS = [
  'id',
  'affiliateId',
  'title',
  'description',
  'price',
  'currency',
  'imageUrl',
  'productUrl',
  'categoryPath',
  'category',
  'brand',
  'merchant',
  'merchantId',
  'itemGroupId',
  'rating',
  'reviewCount',
  'salesRank',
  'size',
  'colour',
  'inStock',
  'recommendedPrice',
] as const
export type ShopField = (typeof SHOP_FIELDS)[number]

/** Fields every mapping must fill. */
export const REQUIRED_FIELDS: readonly ShopField[] = ['id', 'title', 'price']

/** For each shop field, the feed columns that fill it, first non-empty wins. */
export type ColumnMap = Partial<Record<ShopField, readonly string[]>>

/** A named mapping shipped with the importer, recognised from a feed's header. */
export interface Preset {
  name: 'promptcloud' | 'awin'
  columns: ColumnMap
  /** Whether a header is this feed format (all its key columns present). */
  matches: (header: readonly string[]) => boolean
}

/** PromptCloud "Toy products on Amazon" (amazon.co.uk): uniq_id, product_name, ..., price. */
export const PROMPTCLOUD_PRESET: Preset = {
  name: 'promptcloud',
  columns: {
    id: ['uniq_id'],
    title: ['product_name'],
    price: ['price'],
    categoryPath: ['amazon_category_and_sub_category'],
    brand: ['manufacturer'],
    rating: ['average_rating'],
    reviewCount: ['number_of_reviews'],
    description: ['product_description'],
    inStock: ['number_available_in_stock'],
  },
  matches: (header) => ['uniq_id', 'product_name', 'price'].every((c) => header.includes(c)),
}

/** An Awin publisher datafeed: aw_product_id, product_name, search_price and Awin's other columns. */
export const AWIN_PRESET: Preset = {
  name: 'awin',
  columns: {
    id: ['aw_product_id'],
    affiliateId: ['aw_product_id'],
    title: ['product_name'],
    description: ['description', 'product_short_description'],
    price: ['search_price'],
    currency: ['currency'],
    imageUrl: ['image_url', 'merchant_image_url', 'aw_image_url', 'large_image'],
    productUrl: ['aw_deep_link'],
    categoryPath: ['merchant_category'],
    category: ['category_name'],
    brand: ['brand_name'],
    merchant: ['merchant_name'],
    merchantId: ['merchant_id'],
    itemGroupId: ['item_group_id', 'parent_product_id'],
    rating: ['average_rating', 'rating'],
    reviewCount: ['reviews', 'number_of_reviews'],
    size: ['Fashion:size', 'size'],
    colour: ['colour', 'color'],
    inStock: ['in_stock', 'stock_status', 'availability'],
    recommendedPrice: ['rrp_price', 'product_price_old'],
  },
  matches: (header) => ['aw_product_id', 'product_name', 'search_price'].every((c) => header.includes(c)),
}

export const PRESETS: readonly Preset[] = [AWIN_PRESET, PROMPTCLOUD_PRESET]

/** What a mapping file (JSON) or the command line says about a feed. All optional. */
export interface FeedMapping {
  /** Start from this preset ("promptcloud", "awin") instead of detecting one from the header. */
  preset?: 'promptcloud' | 'awin'
  /** feed column -> shop field, e.g. {"sku": "id", "name": "title"}; adds to / overrides the preset. */
  columns?: Record<string, string>
  /** products.source: the feed's name, part of each row's identity (e.g. "lookfantastic"). */
  source?: string
  /** The merchant's name for rows without a merchant column (e.g. "LookFantastic"). */
  merchant?: string
  /** Currency of rows that have no currency column or symbol (ISO code, e.g. "GBP"). */
  currency?: string
  /** GBP per unit of each other currency, e.g. {"USD": 0.79}. */
  rates?: Record<string, number>
  encoding?: string
  delimiter?: string
  /** Skipped rows allowed before the import fails: "10%" or a row count. */
  maxSkip?: string | number
  /** PromptCloud descriptions file, relative to the mapping file. */
  descriptions?: string
  /** The feed file, relative to the mapping file (CATALOG_FEEDS entries that are mapping files). */
  file?: string
  /**
   * Where each row's id comes from when the feed has no id column (issue 25): "productUrl"
   * derives a stable id from the product URL (urlId). Without it a mapping that names no id but
   * maps productUrl derives it all the same, and the summary says so.
   */
  idFrom?: 'productUrl'
  /**
   * A row whose price cell is empty: "not-for-sale" leaves it out without counting it as skipped
   * (the PromptCloud preset's default: 14% of its catalog has no price), "skip" counts it against
   * --max-skip like any other bad row (every other feed's default).
   */
  missingPrice?: MissingPrice
  /**
   * A scheduled refresh of this CATALOG_FEEDS entry (issue 39): a 5-field cron expression, run in
   * Europe/London by the shop's scheduler and shown on the staff Tools page.
   */
  schedule?: string
  /** An https URL the feed is downloaded from before each refresh (instead of `file`; issue 39). */
  url?: string
  /** The name staff see on the Tools page (default: the feed's file name, or the URL's last part). */
  name?: string
}

/** What an empty price cell means (FeedMapping.missingPrice). */
export type MissingPrice = 'not-for-sale' | 'skip'
export const MISSING_PRICE_CHOICES: readonly MissingPrice[] = ['not-for-sale', 'skip']

/** Why a mapping cannot be used. */
export class MappingError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MappingError'
  }
}

function isShopField(value: string): value is ShopField {
  return (SHOP_FIELDS as readonly string[]).includes(value)
}

/**
 * Parses `--map source=target,...` ("sku=id,name=title,cost=price"): feed column -> shop field.
 * A column name may itself hold "=" only if quoted ... it may not: split at the last "=".
 *
 * @throws MappingError for an entry without "=" or a target that is not a shop field.
 */
export function parseMapArgument(text: string): Record<string, string> {
  const columns: Record<string, string> = {}
  for (const entry of text.split(',')) {
    const trimmed = entry.trim()
    if (!trimmed) continue
    const at = trimmed.lastIndexOf('=')
    if (at <= 0 || at === trimmed.length - 1) {
      throw new MappingError(`--map entry "${trimmed}" is not column=field`)
    }
    columns[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim()
  }
  validateColumns(columns)
  return columns
}

function validateColumns(columns: Record<string, string>): void {
  for (const [column, field] of Object.entries(columns)) {
    if (!isShopField(field)) {
      throw new MappingError(
        `"${column}" is mapped to "${field}", which is not a shop field (${SHOP_FIELDS.join(', ')})`,
      )
    }
  }
}

/**
 * Reads a mapping file (JSON, see FeedMapping). Relative `file` and `descriptions` resolve
 * against the mapping file's folder.
 *
 * @throws MappingError when the file cannot be read or is not a valid mapping.
 */
export async function loadMappingFile(file: string): Promise<FeedMapping> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new MappingError(`cannot read mapping file ${file}: ${(error as Error).message}`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new MappingError(`mapping file ${file} is not a JSON object`)
  }
  const mapping = parsed as FeedMapping
  if (mapping.preset !== undefined && !PRESETS.some((p) => p.name === mapping.preset)) {
    throw new MappingError(`mapping file ${file}: unknown preset "${String(mapping.preset)}" (promptcloud, awin)`)
  }
  if (mapping.columns !== undefined) {
    if (typeof mapping.columns !== 'object' || mapping.columns === null) {
      throw new MappingError(`mapping file ${file}: "columns" must map feed columns to shop fields`)
    }
    validateColumns(mapping.columns)
  }
  if (mapping.rates !== undefined) {
    for (const [code, rate] of Object.entries(mapping.rates)) {
      if (!/^[A-Z]{3}$/.test(code) || typeof rate !== 'number' || !(rate > 0)) {
        throw new MappingError(
          `mapping file ${file}: rate ${code}=${String(rate)} must be a positive number for a 3-letter code`,
        )
      }
    }
  }
  if (mapping.idFrom !== undefined && mapping.idFrom !== 'productUrl') {
    throw new MappingError(`mapping file ${file}: "idFrom" can only be "productUrl"`)
  }
  if (mapping.missingPrice !== undefined && !MISSING_PRICE_CHOICES.includes(mapping.missingPrice)) {
    throw new MappingError(`mapping file ${file}: "missingPrice" is "not-for-sale" or "skip"`)
  }
  if (mapping.schedule !== undefined && typeof mapping.schedule !== 'string') {
    throw new MappingError(`mapping file ${file}: "schedule" must be a cron expression ("0 6 * * *")`)
  }
  if (mapping.url !== undefined) {
    let url: URL | null = null
    try {
      url = new URL(String(mapping.url))
    } catch {
      url = null
    }
    if (url?.protocol !== 'https:') throw new MappingError(`mapping file ${file}: "url" must be an https URL`)
  }
  const dir = path.dirname(file)
  return {
    ...mapping,
    ...(mapping.file ? { file: path.resolve(dir, mapping.file) } : {}),
    ...(mapping.descriptions ? { descriptions: path.resolve(dir, mapping.descriptions) } : {}),
  }
}

/** A mapping applied to a header: which columns fill which fields, and the feed's identity. */
export interface ResolvedMapping {
  /** The preset used ("promptcloud", "awin"), or "mapping" when the columns were mapped by hand only. */
  format: 'promptcloud' | 'awin' | 'mapping'
  /** Columns of each field, only those present in the header. */
  columns: ColumnMap
  source: string
  /** Merchant of rows without a merchant cell. */
  merchant: string | null
  /** Currency of rows without a currency cell or symbol, or null (such rows are refused). */
  currency: string | null
  /** The amazon.co.uk catalog: links are /dp/<ASIN> or a title search. */
  amazon: boolean
  /** "column": the id column's value; "productUrl": derived from the product URL (urlId). */
  idFrom: 'column' | 'productUrl'
  /** What an empty price cell means (FeedMapping.missingPrice). */
  missingPrice: MissingPrice
}

const fold = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '')

/**
 * Columns named like the shop's fields, whatever the case and separators ("id", "Title",
 * "image_url", "Item Group ID"): a feed in the shop's own terms needs no mapping.
 */
function columnsNamedAsFields(header: readonly string[]): ColumnMap {
  const columns: Partial<Record<ShopField, string[]>> = {}
  for (const field of SHOP_FIELDS) {
    const column = header.find((name) => fold(name) === fold(field))
    if (column !== undefined) columns[field] = [column]
  }
  return columns
}

/** "LookFantastic UK" -> "lookfantastic_uk". */
export function sourceSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/**
 * Applies a mapping to a feed's header (issue 14): the preset named by the mapping, else the one
 * the header matches (PromptCloud, Awin), else the columns named like shop fields ("id",
 * "title", "price", "image_url"...); then the mapping's own columns on top.
 *
 * Merchant and source are the feed's data, not the preset's: with `merchant` given the source is
 * its slug and no Amazon links are made. Only a genuine PromptCloud Amazon file (its header has
 * amazon_category_and_sub_category) with no merchant or source given is "Amazon UK" (source
 * "amazon_uk", prices in GBP, amazon.co.uk links). An Awin feed's source is "awin", its merchant
 * per row.
 *
 * @throws MappingError when the header matches no preset and nothing is mapped, when a mapped
 *   column is not in the header, when id, title or price has no column, or when the source is
 *   unknown (a mapped feed needs --source or --merchant).
 */
export function resolveMapping(header: readonly string[], mapping: FeedMapping, file: string): ResolvedMapping {
  const preset = mapping.preset
    ? PRESETS.find((p) => p.name === mapping.preset)
    : PRESETS.find((p) => p.matches(header))
  const own = mapping.columns ?? {}
  const named = preset ? {} : columnsNamedAsFields(header)
  const coversRequired = REQUIRED_FIELDS.every((field) => named[field])
  if (!preset && Object.keys(own).length === 0 && !coversRequired) {
    throw new MappingError(
      `unknown feed format in ${file}: it is neither a PromptCloud Amazon catalog (uniq_id, product_name, price) nor an Awin datafeed (aw_product_id, product_name, search_price). Map its columns with --map column=field,... or --mapping <file.json> (fields: ${SHOP_FIELDS.join(', ')}); header was: ${header.slice(0, 12).join(', ')}`,
    )
  }
  const missing = Object.keys(own).filter((column) => !header.includes(column))
  if (missing.length) {
    throw new MappingError(
      `mapped column${missing.length > 1 ? 's' : ''} not in the header of ${file}: ${missing.join(', ')}`,
    )
  }
  const columns: Partial<Record<ShopField, string[]>> = {}
  for (const [field, list] of Object.entries(preset?.columns ?? named) as [ShopField, readonly string[]][]) {
    const present = list.filter((column) => header.includes(column))
    if (present.length) columns[field] = present
  }
  // A hand-mapped field replaces the preset's columns for it; several columns onto one field
  // are fallbacks in the order given.
  const ownFields = new Map<ShopField, string[]>()
  for (const [column, field] of Object.entries(own) as [string, ShopField][]) {
    ownFields.set(field, [...(ownFields.get(field) ?? []), column])
  }
  for (const [field, list] of ownFields) columns[field] = list
  // No id column but a product URL: the id is derived from the URL (issue 25), asked for with
  // --id-from productUrl or implied when nothing is mapped to id.
  const idFrom =
    mapping.idFrom === 'productUrl' || (!columns.id?.length && columns.productUrl?.length) ? 'productUrl' : 'column'
  if (idFrom === 'productUrl' && !columns.productUrl?.length) {
    throw new MappingError(
      `--id-from productUrl: no column of ${file} is mapped to productUrl (add e.g. --map <column>=productUrl)`,
    )
  }
  if (idFrom === 'productUrl') delete columns.id
  const unmapped = REQUIRED_FIELDS.filter(
    (field) => !(field === 'id' && idFrom === 'productUrl') && !columns[field]?.length,
  )
  if (unmapped.length) {
    throw new MappingError(
      `no column of ${file} is mapped to ${unmapped.join(', ')}: add e.g. --map <column>=${unmapped[0]}${unmapped.includes('id') ? ', or map a column to productUrl to derive the ids from it (--id-from productUrl)' : ''}`,
    )
  }

  const amazonFile = preset?.name === 'promptcloud' && header.includes('amazon_category_and_sub_category')
  const amazon = amazonFile && !mapping.merchant && !mapping.source && !columns.merchant
  const source =
    mapping.source ??
    (mapping.merchant ? sourceSlug(mapping.merchant) : undefined) ??
    (amazon ? 'amazon_uk' : preset?.name === 'awin' ? 'awin' : undefined)
  if (!source) {
    throw new MappingError(
      `which feed is ${file}? give --source <name> or --merchant <name> (its products are stored under it)`,
    )
  }
  return {
    format: preset?.name ?? 'mapping',
    columns,
    source: sourceSlug(source) || source,
    merchant: mapping.merchant ?? (amazon ? 'Amazon UK' : null),
    currency: mapping.currency?.toUpperCase() ?? (amazon ? 'GBP' : null),
    amazon,
    idFrom,
    // The PromptCloud catalog lists products without a price (not on sale): its preset knows.
    missingPrice: mapping.missingPrice ?? (preset?.name === 'promptcloud' ? 'not-for-sale' : 'skip'),
  }
}
