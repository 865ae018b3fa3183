import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { applyCategoryOverrides } from '../catalog/category-overrides.ts'
import { refreshPromoProducts } from '../catalog/promos.ts'
import { refreshSearchWords } from '../catalog/search-words.ts'
import { groupVariants } from '../catalog/variants.ts'
import { catalogImports } from '../schema/index.ts'
import {
  analyzeProducts,
  BulkLoad,
  countProductsUpTo,
  shouldBulkLoad,
  estimateFeedRows,
  BULK_MIN_GROWTH,
  type SqlExecutor,
} from './bulk-load.ts'
import { FeedReadError, isGzipFile, streamCsv, toRecord } from './csv-stream.ts'
import { SHOP_CURRENCY, toShopPrice, type Rates } from './currency.ts'
import { loadPromptCloudDescriptions, type PromptCloudDescription } from './formats/promptcloud.ts'
import { mapRecord, NOT_FOR_SALE } from './map-record.ts'
import { MappingError, resolveMapping, type FeedMapping, type ResolvedMapping } from './mapping.ts'
import { COLUMNS, UPDATE_SQL, feedHash, feedRawHash, rawHashContext } from './product-columns.ts'
import { cell } from './fields.ts'
import { loadFeedIndex, sourceHasProducts, type FeedIndex } from './feed-index.ts'
import {
  applyRefreshChanges,
  bumpCatalogVersion,
  deferCatalogVersion,
  emptyRefreshChanges,
  noteChanges,
  noteInserted,
  withdrawMissing,
} from './refresh.ts'
import { LineByNumber, LineByString } from './seen-keys.ts'
import type { ProductInput, Rejection } from './types.ts'

/** Rows per INSERT when the caller does not say. */
export const DEFAULT_BATCH_SIZE = 2000
const MAX_BATCH_SIZE = 20_000
/** Skipped rows allowed by default: 10% of the rows read (issue 14). */
export const DEFAULT_MAX_SKIP = '10%'
/** Rejections kept in the summary (the counts cover all of them). */
export const MAX_KEPT_REJECTIONS = 1000
/** Line numbers kept per skip reason in the summary. */
const LINES_PER_REASON = 5

/** Progress of a running import, reported after every batch and once at the end. */
export interface ImportProgress {
  /** Bytes of the file read so far (compressed bytes for a .gz file). */
  bytesRead: number
  /** Size of the file in bytes. */
  totalBytes: number
  /** Data records read so far (header excluded). */
  read: number
  imported: number
  updated: number
  skipped: number
  /** Rows of a refresh identical to what is stored (not written; issue 39). */
  unchanged: number
}

export interface ImportCatalogOptions {
  /** CSV/TSV file to import, plain or gzip; absolute or relative to process.cwd(). */
  file: string
  /** Column mapping, source, merchant, default currency, rates, encoding... (mapping file or CLI). */
  mapping?: FeedMapping
  /**
   * PromptCloud descriptions file (*_with_descriptions.csv[.gz]) to join on uniq_id. Undefined:
   * the mapping's, else a sibling of `file` named like that. false: none. PromptCloud only.
   */
  descriptionsFile?: string | false
  /** GBP per unit of other currencies, on top of the mapping's rates ({USD: 0.79}). */
  rates?: Rates
  /** Skipped rows allowed: "10%" (of rows read) or a row count (default: the mapping's, else 10%). */
  maxSkip?: string | number
  /** Read and check the whole file, write nothing (no database needed). */
  dryRun?: boolean
  onProgress?: (progress: ImportProgress) => void
  /** Rows per INSERT ... ON CONFLICT statement, 1..20000 (default 2000). */
  batchSize?: number
  /**
   * The bulk path: the whole load in one transaction with the secondary indexes of products
   * dropped and rebuilt after the rows (all or nothing; products locked meanwhile). "auto"
   * (default): for a long feed into a small table (shouldBulkLoad); true / false force it.
   */
  bulk?: boolean | 'auto'
  /**
   * Told the wall time of each phase as it ends, in milliseconds (for bench:import's breakdown):
   * "rows" (read, map and write every row), on the bulk path "indexes" (rebuild, ANALYZE,
   * COMMIT), then "overrides", "variants", "promos", "searchWords", "analyze".
   */
  onPhase?: (phase: string, ms: number) => void
  /**
   * A re-import of a source that already has products is a refresh (issue 39, default true):
   * rows identical to the stored ones (feedHash) are not written, changed ones are updated in
   * place in short transactions, products of the source the feed no longer carries are marked
   * withdrawn ("no longer sold"), and the catalog version moves once at the end. false: every
   * row is upserted and nothing is withdrawn, as before issue 39. Never on the bulk path.
   */
  refresh?: boolean
}

/** Count and first lines of one skip reason. */
export interface SkipReason {
  reason: string
  count: number
  /** The first few rows' lines, "11" or "3-5" for a record over several lines. */
  lines: string[]
}

export interface ImportSummary {
  file: string
  /** The preset used, or "mapping". */
  format: ResolvedMapping['format']
  source: string
  merchant: string | null
  /** The column mapping used: shop field -> feed columns. */
  columns: ResolvedMapping['columns']
  encoding: string
  encodingDetected: boolean
  delimiter: string
  /** The descriptions file that was joined, or null. */
  descriptionsFile: string | null
  /** Rates applied (only the currencies that occurred). */
  rates: Record<string, number>
  /** Rows per feed currency among those written. */
  currencies: Record<string, number>
  /** Data records read (header excluded, malformed records included). */
  read: number
  /** Products that did not exist before. In a dry run: rows that would be written. */
  imported: number
  /** Existing products overwritten with the feed's values (0 in a dry run); a refresh's "changed". */
  updated: number
  /** Whether this import was a refresh of a source that had products (issue 39). */
  refresh: boolean
  /** A refresh's rows identical to the stored product: not written (0 otherwise). */
  unchanged: number
  /**
   * Products of the source that a refresh's feed no longer carries, marked "no longer sold" by
   * it (not counting those withdrawn before). 0 otherwise, and 0 when more rows were skipped
   * than `maxSkip` allows (a broken feed withdraws nothing).
   */
  withdrawn: number
  /** Records not imported, not-for-sale rows aside. */
  skipped: number
  /**
   * Rows without a price left out as not for sale (the PromptCloud preset, or missingPrice
   * "not-for-sale"): neither imported nor counted as skipped (issue 25).
   */
  notForSale: number
  /** Where the ids came from: the id column, or derived from the product URL (issue 25). */
  idFrom: ResolvedMapping['idFrom']
  /** Skip reasons, most frequent first. */
  skipReasons: SkipReason[]
  /** The first MAX_KEPT_REJECTIONS rejections, by line. */
  rejections: Rejection[]
  /** Rows allowed to be skipped (of the rows read that are for sale), and whether more were. */
  maxSkipped: number
  tooManySkipped: boolean
  dryRun: boolean
  /** Whether the rows were loaded by the bulk path (one transaction, indexes rebuilt after). */
  bulk: boolean
  /** catalog_imports.id of this run (null in a dry run). */
  importId: number | null
  durationMs: number
  /** read / seconds, rounded. */
  rowsPerSecond: number
}

export type CatalogImportErrorCode =
  | 'FILE_NOT_FOUND'
  | 'NOT_A_FILE'
  | 'EMPTY_FILE'
  | 'NO_ROWS'
  | 'UNKNOWN_FORMAT'
  | 'BAD_MAPPING'
  | 'BAD_DESCRIPTIONS'
  | 'BAD_GZIP'
  | 'BAD_ENCODING'

/** The options of an import that can cross a process boundary (no callbacks, no dry run). */
export type ImportJobOptions = Omit<ImportCatalogOptions, 'onProgress' | 'onPhase' | 'dryRun'>

/**
 * Runs one import and resolves to its summary: importCatalog on the caller's own database, or
 * the same in another process (apps/server runs the shop's imports in a child process with its
 * own heap: docs/decisions/catalog-jobs-process.md). Rejects as importCatalog does
 * (CatalogImportError with its code, database errors).
 */
export type CatalogImportRunner = (options: ImportJobOptions) => Promise<ImportSummary>

/** Why importCatalog could not import a file (as opposed to skipping some rows). */
export class CatalogImportError extends Error {
  constructor(
    readonly code: CatalogImportErrorCode,
    message: string,
    /** Rows written before the failure (they stay; 0 for a bulk-path import, which rolls back). */
    readonly committed = 0,
  ) {
    super(message)
    this.name = 'CatalogImportError'
  }
}

/**
 * One INSERT ... SELECT FROM unnest(<one array per column>) ON CONFLICT DO UPDATE: 25
 * parameters whatever the batch size, so a batch is not bound by PostgreSQL's 65,535
 * parameters and the statement is parsed once. true per row = inserted; the written rows' ids
 * are pushed onto `written` when given.
 */
async function upsert(db: SqlExecutor, rows: ProductInput[], written?: number[]): Promise<boolean[]> {
  return (await upsertReturningIds(db, rows, written)).map((row) => row.inserted)
}

/** upsert, each row's product id beside whether it was inserted. */
async function upsertReturningIds(
  db: SqlExecutor,
  rows: ProductInput[],
  written?: number[],
): Promise<{ inserted: boolean; id: number }[]> {
  const arrays = COLUMNS.map(([, type, get]) => sql`${sql.param(rows.map(get))}::${sql.raw(type)}[]`)
  const result = await db.execute<{ inserted: boolean; id: number }>(
    sql`insert into products (${sql.raw(COLUMNS.map(([name]) => name).join(', '))}) select * from unnest(${sql.join(arrays, sql`, `)}) ${sql.raw(UPDATE_SQL)}`,
  )
  if (written) for (const row of result.rows) written.push(Number(row.id))
  return result.rows.map((row) => ({ inserted: row.inserted, id: Number(row.id) }))
}

/**
 * For each row, whether its affiliate id (aw_product_id, unique) belongs to another product of
 * the table (another source or feed id): the rows an upsert would refuse as an affiliate id
 * collision (issue 39).
 */
async function affiliateIdsTaken(db: SqlExecutor, rows: readonly ProductInput[]): Promise<boolean[]> {
  const result = await db.execute<{ aw_product_id: string; source: string; source_product_id: string }>(
    sql`select aw_product_id, source, source_product_id from products
        where aw_product_id = any(${sql.param(rows.map((r) => r.awProductId))}::bigint[])`,
  )
  const holder = new Map(result.rows.map((r) => [Number(r.aw_product_id), `${r.source}\u0000${r.source_product_id}`]))
  return rows.map((r) => {
    const key = holder.get(r.awProductId)
    return key !== undefined && key !== `${r.source}\u0000${r.sourceProductId}`
  })
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/**
 * Finds the PromptCloud descriptions file next to `file`: a sibling whose name ends in
 * "_with_descriptions.csv" or "_with_descriptions.csv.gz" (the one sharing the longest name
 * prefix with `file` when there are several).
 *
 * @returns its path, or null when there is none or `file` is itself such a file.
 */
export async function findDescriptionsSibling(file: string): Promise<string | null> {
  const pattern = /_with_descriptions\.csv(\.gz)?$/i
  const base = path.basename(file)
  if (pattern.test(base)) return null
  let names: string[]
  try {
    names = await readdir(path.dirname(file))
  } catch {
    return null
  }
  const commonPrefix = (name: string) => {
    let n = 0
    while (n < name.length && n < base.length && name[n] === base[n]) n++
    return n
  }
  const candidates = names
    .filter((name) => pattern.test(name))
    .sort((a, b) => commonPrefix(b) - commonPrefix(a) || a.localeCompare(b))
  return candidates[0] ? path.join(path.dirname(file), candidates[0]) : null
}

/**
 * How many skipped rows `maxSkip` allows out of `read`: "10%" -> 10% of read (rounded down),
 * "25" -> 25 rows.
 *
 * @throws Error for anything else.
 */
export function allowedSkips(maxSkip: string | number, read: number): number {
  const text = String(maxSkip).trim()
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(text)
  if (percent?.[1] !== undefined) {
    const value = Number(percent[1])
    if (value > 100) throw new Error(`--max-skip ${text} is more than 100%`)
    return Math.floor((read * value) / 100)
  }
  if (/^\d+$/.test(text)) return Number(text)
  throw new Error(`--max-skip "${text}" is not a percentage ("10%") or a row count ("25")`)
}

/** "11" or "3-5". */
function lineLabel(rejection: Rejection): string {
  return rejection.endLine !== undefined && rejection.endLine > rejection.line
    ? `${rejection.line}-${rejection.endLine}`
    : String(rejection.line)
}

/**
 * Imports a catalog feed into the products table (issue 14 "The importer"; spec
 * browsing-and-purchase §3 for the product rules).
 *
 * The file (CSV or TSV, plain or gzip, any text encoding) is streamed, never read whole. Its
 * columns are mapped onto the shop's fields by `mapping` (a mapping file or --map), or by the
 * PromptCloud or Awin preset its header matches (resolveMapping). Each record becomes a product
 * (mapRecord) or is skipped with a reason and its line range, without stopping the import.
 * Prices not in GBP are converted at `rates` (recorded with the import in catalog_imports), or
 * the row is skipped: "price in USD and no --rate USD given". Also skipped: a feed id already
 * seen in the file ("duplicate row id") and an affiliate id of another product ("affiliate id
 * collision").
 *
 * Products are written in batches (one INSERT ... SELECT FROM unnest ... ON CONFLICT (source,
 * source_product_id) DO UPDATE each), each committing on its own, so re-importing updates
 * instead of duplicating (updated_at moves only when a value changed; disabled and the variant
 * columns, managed by the shop, are left alone) and an interrupted import keeps what it wrote.
 * A long feed into a small table (shouldBulkLoad, or `bulk: true`) takes the bulk path instead:
 * one transaction that locks products, drops its secondary indexes, COPYs each batch into a
 * temporary table and upserts it from there, then rebuilds the indexes (BulkLoad): all or
 * nothing, `committed` 0 on failure (docs/decisions/catalog-import.md "Writes").
 * Afterwards category overrides, variant groups (by item-group id, then by title) and promos
 * are recomputed. With `dryRun` the whole file is read and checked and nothing is written.
 *
 * @returns the summary: counts, skip reasons with counts and first lines, and whether more
 *   rows were skipped than `maxSkip` allows (the CLI then exits non-zero).
 * @throws CatalogImportError FILE_NOT_FOUND, NOT_A_FILE (a directory), EMPTY_FILE (no header),
 *   NO_ROWS (a header and no rows), UNKNOWN_FORMAT / BAD_MAPPING, BAD_DESCRIPTIONS, BAD_GZIP
 *   (a truncated or fake .gz; `committed` rows stay, 0 on the bulk path), BAD_ENCODING
 *   (invalid UTF-8); database errors other than unique violations (on the bulk path any
 *   database error, after which nothing of the import stays).
 */
export async function importCatalog(db: Db | null, options: ImportCatalogOptions): Promise<ImportSummary> {
  const started = performance.now()
  const file = path.resolve(options.file)
  const dryRun = options.dryRun ?? false
  if (!db && !dryRun) throw new Error('importCatalog needs a database unless dryRun')
  const mappingOptions: FeedMapping = options.mapping ?? {}
  const rates: Record<string, number> = { ...mappingOptions.rates, ...options.rates }
  const maxSkip = options.maxSkip ?? mappingOptions.maxSkip ?? DEFAULT_MAX_SKIP
  allowedSkips(maxSkip, 0)
  const batchSize = Math.min(MAX_BATCH_SIZE, Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE)))

  let totalBytes: number
  try {
    const info = await stat(file)
    if (info.isDirectory()) throw new CatalogImportError('NOT_A_FILE', `${file} is a directory, not a file`)
    if (!info.isFile()) throw new CatalogImportError('NOT_A_FILE', `${file} is not a file`)
    totalBytes = info.size
  } catch (error) {
    if (error instanceof CatalogImportError) throw error
    throw new CatalogImportError('FILE_NOT_FOUND', `catalog file not found: ${file}`)
  }

  // Set by the header row inside the stream callback (the casts keep TS from narrowing to null).
  let mapping = null as ResolvedMapping | null
  let header = null as string[] | null
  let format = { encoding: 'utf8', encodingDetected: true, delimiter: ',' }
  let descriptions: ReadonlyMap<string, PromptCloudDescription> | undefined
  let descriptionsFile: string | null = null
  let bytesRead = 0
  let read = 0
  let imported = 0
  let updated = 0
  let skipped = 0
  let notForSale = 0
  let unchanged = 0
  let withdrawn = 0
  // A refresh (issue 39): the source's products as stored, filled once the header names the source.
  let refresh = false as boolean
  let feedIndex = null as FeedIndex | null
  // feedRawHash's prefix (header, mapping, rates) and the header positions of the id columns.
  let rawContext = ''
  let idIndexes: number[] = []
  const changes = emptyRefreshChanges()
  const rejections: Rejection[] = []
  const reasons = new Map<string, SkipReason>()
  const currencies: Record<string, number> = {}
  const usedRates: Record<string, number> = {}
  // Typed-array tables, not Maps: a million ids in a few tens of MB (issue 24).
  let firstLineById = new LineByString()
  let firstLineByAwId = new LineByNumber()
  let batch: { product: ProductInput; line: number; productId?: number }[] = []
  let importId: number | null = null
  // Where the rows go: the pool, or the bulk path's COPY; null in a dry run.
  const writer: SqlExecutor | null = dryRun ? null : db
  let bulk = false
  let bulkLoad: BulkLoad | null = null
  let inFlight: Promise<void> = Promise.resolve()
  let stopped = false

  const reject = (rejection: Rejection) => {
    if (rejection.notForSale) {
      notForSale++
      return
    }
    skipped++
    if (rejections.length < MAX_KEPT_REJECTIONS) rejections.push(rejection)
    const entry = reasons.get(rejection.reason) ?? { reason: rejection.reason, count: 0, lines: [] }
    entry.count++
    if (entry.lines.length < LINES_PER_REASON) entry.lines.push(lineLabel(rejection))
    reasons.set(rejection.reason, entry)
  }
  const progress = () => options.onProgress?.({ bytesRead, totalBytes, read, imported, updated, skipped, unchanged })

  const flush = async () => {
    if (batch.length === 0) return
    const items = batch
    batch = []
    if (!writer) {
      imported += items.length
      progress()
      return
    }
    if (bulkLoad) {
      const written = await bulkLoad.writeBatch(items)
      imported += written.inserted
      updated += written.updated
      // Skipped as the row-by-row retry below would skip them.
      for (const { line, awProductId } of written.taken) {
        reject({ line, reason: 'affiliate id collision', value: String(awProductId) })
      }
      progress()
      return
    }
    if (refresh) {
      // Short transactions, the catalog version deferred to the end of the refresh (issue 39).
      const write = (rows: typeof items) =>
        (db as Db).transaction(async (tx) => {
          await deferCatalogVersion(tx)
          await noteChanges(tx, rows, changes)
          return upsertReturningIds(
            tx,
            rows.map((item) => item.product),
            changes.writtenIds,
          )
        })
      try {
        for (const { inserted, id } of await write(items)) {
          if (inserted) {
            imported++
            noteInserted(changes, id)
          } else updated++
        }
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        // Refuse the rows whose affiliate id another product holds and write the rest as one
        // batch: a row at a time would be a transaction (a commit) per row, 14 of the 24 s of a
        // 200,000-row refresh whose last batch held one such row (issue 39).
        const taken = await affiliateIdsTaken(
          db as Db,
          items.map((item) => item.product),
        )
        const rest = items.filter((item, i) => {
          if (!taken[i]) return true
          reject({ line: item.line, reason: 'affiliate id collision', value: String(item.product.awProductId) })
          return false
        })
        let written: Awaited<ReturnType<typeof write>> | null = null
        try {
          written = rest.length ? await write(rest) : []
        } catch (restError) {
          if (!isUniqueViolation(restError)) throw restError
        }
        if (written) {
          for (const { inserted, id } of written) {
            if (inserted) {
              imported++
              noteInserted(changes, id)
            } else updated++
          }
          progress()
          return
        }
        // Still refused (another unique key, or a product written meanwhile): a row at a time.
        for (const item of rest) {
          try {
            const [row] = await write([item])
            if (row?.inserted) {
              imported++
              noteInserted(changes, row.id)
            } else updated++
          } catch (rowError) {
            if (!isUniqueViolation(rowError)) throw rowError
            reject({ line: item.line, reason: 'affiliate id collision', value: String(item.product.awProductId) })
          }
        }
      }
      progress()
      return
    }
    const target = writer
    try {
      for (const inserted of await upsert(
        target,
        items.map((item) => item.product),
      )) {
        if (inserted) imported++
        else updated++
      }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // An awProductId of this batch belongs to another product already in the table: write
      // the rows one by one to find and skip it, keeping the others.
      for (const item of items) {
        try {
          const [inserted] = await upsert(target, [item.product])
          if (inserted) imported++
          else updated++
        } catch (rowError) {
          if (!isUniqueViolation(rowError)) throw rowError
          reject({ line: item.line, reason: 'affiliate id collision', value: String(item.product.awProductId) })
        }
      }
    }
    progress()
  }

  const accept = (product: ProductInput, line: number, endLine: number) => {
    // Allocated only for a skipped row (a million rows go through here).
    const at = () => (endLine > line ? { line, endLine } : { line })
    const gbp = toShopPrice(product.feedPrice, product.currency, rates)
    if (gbp === null) {
      reject({ ...at(), reason: `price in ${product.currency} and no --rate ${product.currency} given` })
      return
    }
    if (gbp <= 0) {
      reject({ ...at(), reason: 'no usable price', value: `${product.feedPrice} ${product.currency}` })
      return
    }
    if (product.recommendedPrice != null) {
      // A "was" price is kept in GBP, and only above the price (else it says nothing).
      const recommended = toShopPrice(product.recommendedPrice, product.currency, rates)
      product.recommendedPrice = recommended !== null && recommended > gbp ? recommended : null
    }
    // The shop price first: the hash covers every value written.
    product.price = gbp
    product.feedHash = feedHash(product)
    let productId: number | undefined
    if (feedIndex) {
      const entry = feedIndex.find(product.sourceProductId)
      if (entry >= 0) {
        const seenOn = feedIndex.line(entry)
        if (seenOn !== 0) {
          reject({ ...at(), reason: 'duplicate row id', value: `${product.sourceProductId} (first on line ${seenOn})` })
          return
        }
        feedIndex.setLine(entry, line)
        if (feedIndex.unchanged(entry, product.feedHash)) {
          unchanged++
          if (product.currency !== SHOP_CURRENCY) usedRates[product.currency] = rates[product.currency] as number
          currencies[product.currency] = (currencies[product.currency] ?? 0) + 1
          return
        }
        productId = feedIndex.productId(entry)
      }
    }
    const firstLine = productId === undefined ? firstLineById.get(product.sourceProductId) : undefined
    if (firstLine !== undefined) {
      reject({ ...at(), reason: 'duplicate row id', value: `${product.sourceProductId} (first on line ${firstLine})` })
      return
    }
    if (productId === undefined) firstLineById.set(product.sourceProductId, line)
    const awFirstLine = firstLineByAwId.get(product.awProductId)
    if (awFirstLine !== undefined) {
      reject({ ...at(), reason: 'affiliate id collision', value: `${product.awProductId} (also line ${awFirstLine})` })
      return
    }
    firstLineByAwId.set(product.awProductId, line)
    if (product.currency !== SHOP_CURRENCY) usedRates[product.currency] = rates[product.currency] as number
    currencies[product.currency] = (currencies[product.currency] ?? 0) + 1
    batch.push({ product, line, ...(productId !== undefined ? { productId } : {}) })
  }

  /**
   * A refresh's record whose feedRawHash is the stored one of its product (issue 39): counted
   * unchanged as accept would count it (duplicate id checked, the line noted, its currency
   * counted), without mapRecord or feedHash. False when it must go the usual way: an unknown or
   * withdrawn product, another raw hash, an id derived from the URL.
   */
  const acceptUnchangedRecord = (
    index: FeedIndex,
    fields: readonly string[],
    rawHash: number,
    line: number,
    endLine: number,
  ): boolean => {
    let id: string | null = null
    for (const at of idIndexes) {
      id = cell(fields[at])
      if (id !== null) break
    }
    if (id === null) return false
    const entry = index.find(id)
    if (entry < 0 || !index.rawUnchanged(entry, rawHash)) return false
    const seenOn = index.line(entry)
    if (seenOn !== 0) {
      reject({
        ...(endLine > line ? { line, endLine } : { line }),
        reason: 'duplicate row id',
        value: `${id} (first on line ${seenOn})`,
      })
      return true
    }
    index.setLine(entry, line)
    unchanged++
    const currency = index.currency(entry)
    if (currency !== SHOP_CURRENCY) usedRates[currency] = rates[currency] as number
    currencies[currency] = (currencies[currency] ?? 0) + 1
    return true
  }

  const finish = async (status: 'completed' | 'failed', error?: string) => {
    if (!db || importId === null) return
    await db
      .update(catalogImports)
      .set({
        status,
        read,
        imported,
        updated,
        skipped,
        unchanged,
        withdrawn,
        refresh,
        rates: usedRates,
        skipReasons: {
          ...Object.fromEntries([...reasons.values()].map((r) => [r.reason, { count: r.count, lines: r.lines }])),
          // Not a skip: recorded beside them so the run's history shows it.
          ...(notForSale ? { [NOT_FOR_SALE]: { count: notForSale, lines: [] } } : {}),
        },
        error: error ?? null,
        finishedAt: new Date(),
        ...(mapping
          ? {
              format: mapping.format,
              source: mapping.source,
              merchantName: mapping.merchant,
              mapping: flatColumns(mapping),
            }
          : {}),
        encoding: format.encoding,
      })
      .where(eq(catalogImports.id, importId))
  }

  if (db && !dryRun) {
    const [row] = await db
      .insert(catalogImports)
      .values({ file, format: 'unknown', source: mappingOptions.source ?? 'unknown', encoding: 'unknown', rates })
      .returning({ id: catalogImports.id })
    importId = row?.id ?? null
  }
  if (db && writer) {
    const mode = options.bulk ?? 'auto'
    if (mode === 'auto') {
      const estimatedRows = estimateFeedRows(totalBytes, await isGzipFile(file))
      const existingProducts = await countProductsUpTo(db, Math.ceil(estimatedRows / BULK_MIN_GROWTH) + 1)
      bulk = shouldBulkLoad({ estimatedRows, existingProducts })
    } else bulk = mode
  }

  const load = async () => {
    await streamCsv(file, {
      encoding: mappingOptions.encoding,
      delimiter: mappingOptions.delimiter,
      onFormat: (f) => {
        format = f
      },
      onBytes: (bytes) => {
        bytesRead = bytes
      },
      onMalformed: (rejection) => {
        // The header itself is never "malformed" (csv-parse takes its column count from it).
        read++
        reject(rejection)
      },
      onRow: async ({ fields, line, endLine }) => {
        if (!header) {
          header = fields.map((name) => name.trim())
          try {
            mapping = resolveMapping(header, mappingOptions, file)
          } catch (error) {
            if (error instanceof MappingError) {
              const unknown = error.message.startsWith('unknown feed format')
              throw new CatalogImportError(unknown ? 'UNKNOWN_FORMAT' : 'BAD_MAPPING', error.message)
            }
            throw error
          }
          rawContext = rawHashContext(header, mapping, rates)
          idIndexes =
            mapping.idFrom === 'productUrl'
              ? []
              : (mapping.columns.id ?? [])
                  .map((column) => (header as string[]).lastIndexOf(column))
                  .filter((i) => i >= 0)
          if (db && writer && !bulk && options.refresh !== false && (await sourceHasProducts(db, mapping.source))) {
            refresh = true
            feedIndex = await loadFeedIndex(db, mapping.source)
            phase('index')
          }
          const wanted = options.descriptionsFile ?? mappingOptions.descriptions
          if (mapping.format === 'promptcloud' && wanted !== false) {
            descriptionsFile = wanted ? path.resolve(wanted) : await findDescriptionsSibling(file)
            if (descriptionsFile) {
              try {
                descriptions = await loadPromptCloudDescriptions(descriptionsFile)
              } catch (error) {
                throw new CatalogImportError(
                  'BAD_DESCRIPTIONS',
                  `cannot read descriptions file ${descriptionsFile}: ${(error as Error).message}`,
                )
              }
            }
          }
          return
        }
        read++
        const idColumn = mapping?.columns.id?.[0]
        const idAt = idColumn === undefined ? -1 : header.lastIndexOf(idColumn)
        const id = idAt >= 0 ? fields[idAt]?.trim() : undefined
        const enrichment = id ? descriptions?.get(id) : undefined
        const rawHash = writer ? feedRawHash(rawContext, fields, enrichment) : undefined
        // A refresh: a record hashing as the one that wrote its product is unchanged, unmapped.
        if (!(feedIndex && rawHash !== undefined && acceptUnchangedRecord(feedIndex, fields, rawHash, line, endLine))) {
          const result = mapRecord(toRecord(header, fields), line, mapping as ResolvedMapping, enrichment, endLine)
          if (result.ok) {
            if (rawHash !== undefined) result.product.feedRawHash = rawHash
            accept(result.product, line, endLine)
          } else reject(result.rejection)
        }
        if (batch.length >= batchSize) {
          // One batch on its way to the database while the next is parsed: the database's
          // work and ours overlap. The previous batch must have landed first (order, counts).
          await inFlight
          // The read failed meanwhile: the error handler writes what is left.
          if (stopped) return
          inFlight = flush()
          // Handled when awaited next; this only keeps a failure from counting as unhandled.
          inFlight.catch(() => undefined)
        }
      },
    })
    if (!header) throw new CatalogImportError('EMPTY_FILE', `catalog file is empty: ${file}`)
    if (read === 0) throw new CatalogImportError('NO_ROWS', `${file} has a header and no rows`)
    await inFlight
    await flush()
  }

  let phaseStarted = performance.now()
  const phase = (name: string) => {
    const now = performance.now()
    options.onPhase?.(name, now - phaseStarted)
    phaseStarted = now
  }
  try {
    if (bulk && db) {
      // One transaction: indexes dropped, batches copied in and upserted, indexes rebuilt. Any
      // failure (or a killed process) rolls all of it back, indexes included.
      bulkLoad = await BulkLoad.start(db)
      await load()
      phase('rows')
      await bulkLoad.commit()
      phase('indexes')
    } else {
      await load()
      phase('rows')
    }
  } catch (error) {
    stopped = true
    let failure = error
    if (bulkLoad) {
      // No statement may still be running on the load's connection when it rolls back.
      await inFlight.catch(() => undefined)
      await bulkLoad.abort(error as Error)
      // Rolled back: nothing of this import stays.
      imported = 0
      updated = 0
    }
    if (error instanceof FeedReadError) {
      // The rows read before the damage are good: keep them, and say how many stay. The
      // pipeline fails at once, while a batch may still be on its way to the database.
      if (!bulk) {
        await inFlight.catch(() => undefined)
        await flush().catch(() => undefined)
      }
      const committed = imported + updated
      const what = dryRun
        ? 'nothing written (dry run)'
        : bulk
          ? '0 rows committed (a bulk import is all or nothing)'
          : `${committed.toLocaleString('en-GB')} rows already committed`
      failure = new CatalogImportError(
        error.code,
        `${error.message}; ${read.toLocaleString('en-GB')} rows read before it, ${what}`,
        committed,
      )
    }
    // A refresh's committed batches deferred the catalog version: readers see them now.
    if (refresh && db) await bumpCatalogVersion(db).catch(() => undefined)
    await finish('failed', (failure as Error).message).catch(() => undefined)
    throw failure
  }
  // Every row is in: the duplicate checks' tables go before variants read the catalog.
  firstLineById = new LineByString()
  firstLineByAwId = new LineByNumber()
  bytesRead = totalBytes
  progress()
  if (db && refresh && feedIndex) {
    // A broken feed (more skips than allowed) withdraws nothing: its missing rows may be there.
    if (skipped <= allowedSkips(maxSkip, read - notForSale)) {
      withdrawn = await withdrawMissing(db, feedIndex.missing(), changes)
    }
    feedIndex = null
    phase('withdraw')
    await applyRefreshChanges(db, changes, { inserted: imported, withdrawn }, phase)
  } else if (db && !dryRun) {
    // The upserts wrote feed categories; the shop's tree position comes from the overrides.
    await applyCategoryOverrides(db)
    phase('overrides')
    await groupVariants(db)
    phase('variants')
    await refreshPromoProducts(db)
    phase('promos')
    await refreshSearchWords(db)
    phase('searchWords')
    // Fresh statistics so the planner sees the new rows (autovacuum may not have run yet).
    await analyzeProducts(db)
    phase('analyze')
  }
  await finish('completed')

  const maxSkipped = allowedSkips(maxSkip, read - notForSale)
  const durationMs = Math.round(performance.now() - started)
  rejections.sort((a, b) => a.line - b.line)
  const resolved = mapping
  return {
    file,
    format: resolved?.format ?? 'mapping',
    source: resolved?.source ?? '',
    merchant: resolved?.merchant ?? null,
    columns: resolved?.columns ?? {},
    encoding: format.encoding,
    encodingDetected: format.encodingDetected,
    delimiter: format.delimiter,
    descriptionsFile,
    rates: usedRates,
    currencies,
    read,
    imported,
    updated,
    skipped,
    refresh,
    unchanged,
    withdrawn,
    notForSale,
    idFrom: resolved?.idFrom ?? 'column',
    skipReasons: [...reasons.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    rejections,
    maxSkipped,
    tooManySkipped: skipped > maxSkipped,
    dryRun,
    bulk,
    importId,
    durationMs,
    rowsPerSecond: durationMs > 0 ? Math.round(read / (durationMs / 1000)) : read,
  }
}

/** field -> "col" or "col1|col2" (for catalog_imports.mapping). */
function flatColumns(mapping: ResolvedMapping): Record<string, string> {
  return Object.fromEntries(Object.entries(mapping.columns).map(([field, list]) => [field, list.join('|')]))
}
