import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { applyCategoryOverrides, CATEGORY_PATH_SEPARATOR } from '../catalog/category-overrides.ts'
import { refreshPromoProducts } from '../catalog/promos.ts'
import { groupVariants } from '../catalog/variants.ts'
import { products } from '../schema/index.ts'
import { streamCsv, toRecord } from './csv-stream.ts'
import { mapAwinRecord } from './formats/awin.ts'
import { detectFormat, type CatalogFormat } from './formats/index.ts'
import {
  loadPromptCloudDescriptions,
  mapPromptCloudRecord,
  type PromptCloudDescription,
} from './formats/promptcloud.ts'
import type { MapResult, ProductInput, Rejection } from './types.ts'

/** Rows per INSERT when the caller does not say. */
export const DEFAULT_BATCH_SIZE = 500
/** Postgres allows 65,535 bind parameters per statement; a product row uses 20. */
const MAX_BATCH_SIZE = 3000

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
}

export interface ImportCatalogOptions {
  /** CSV file to import, plain or gzip (.csv.gz); absolute or relative to process.cwd(). */
  file: string
  /**
   * PromptCloud descriptions file (*_with_descriptions.csv[.gz]) to join on uniq_id. Undefined:
   * use a sibling of `file` named like that when there is one. false: no descriptions.
   * Ignored for formats other than PromptCloud.
   */
  descriptionsFile?: string | false
  onProgress?: (progress: ImportProgress) => void
  /** Rows per INSERT ... ON CONFLICT statement, 1..3000 (default 500). */
  batchSize?: number
}

export interface ImportSummary {
  file: string
  format: CatalogFormat
  /** The descriptions file that was joined, or null. */
  descriptionsFile: string | null
  /** Data records read (header excluded, malformed records included). */
  read: number
  /** Products that did not exist before (new (source, sourceProductId)). */
  imported: number
  /** Existing products overwritten with the feed's values. */
  updated: number
  /** Records not imported; equals rejections.length. */
  skipped: number
  /** Why each skipped record was skipped, ordered by line. */
  rejections: Rejection[]
  durationMs: number
  /** read / seconds, rounded. */
  rowsPerSecond: number
}

/** Why importCatalog could not import a file at all (as opposed to skipping some rows). */
export class CatalogImportError extends Error {
  constructor(
    readonly code: 'FILE_NOT_FOUND' | 'EMPTY_FILE' | 'UNKNOWN_FORMAT' | 'BAD_DESCRIPTIONS',
    message: string,
  ) {
    super(message)
    this.name = 'CatalogImportError'
  }
}

/** Columns an import writes on conflict: every feed column but the conflict key. */
const UPDATED_COLUMNS: Record<Exclude<keyof ProductInput, 'source' | 'sourceProductId'>, string> = {
  awProductId: 'aw_product_id',
  title: 'title',
  imageUrl: 'image_url',
  price: 'price',
  currency: 'currency',
  categoryName: 'category_name',
  categoryLevel1: 'category_level1',
  categoryLevel2: 'category_level2',
  categoryLevel3: 'category_level3',
  brand: 'brand',
  merchantName: 'merchant_name',
  merchantId: 'merchant_id',
  merchantCategory: 'merchant_category',
  longDescription: 'long_description',
  affiliateUrl: 'affiliate_url',
  averageRating: 'average_rating',
  reviewCount: 'review_count',
  size: 'size',
  colour: 'colour',
}

const updateSet: Record<string, SQL> = {}
for (const [key, column] of Object.entries(UPDATED_COLUMNS)) {
  updateSet[key] = sql`excluded.${sql.identifier(column)}`
}
updateSet.feedCategoryPath = sql`excluded.feed_category_path`
// The category columns are the shop's (overrides applied afterwards); the feed's own category
// is compared through feed_category_path.
const SHOP_CATEGORY_COLUMNS = new Set(['category_name', 'category_level1', 'category_level2', 'category_level3'])
const columnList = [
  ...Object.values(UPDATED_COLUMNS).filter((c) => !SHOP_CATEGORY_COLUMNS.has(c)),
  'feed_category_path',
]
// updated_at moves only when a feed value really changed, so it tells when a product last changed.
updateSet.updatedAt = sql`case when (${sql.join(
  columnList.map((column) => sql`${sql.identifier('products')}.${sql.identifier(column)}`),
  sql`, `,
)}) is distinct from (${sql.join(
  columnList.map((column) => sql`excluded.${sql.identifier(column)}`),
  sql`, `,
)}) then now() else ${sql.identifier('products')}.${sql.identifier('updated_at')} end`

/** One INSERT ... ON CONFLICT (source, source_product_id) DO UPDATE; true per row = inserted. */
async function upsert(db: Db, rows: ProductInput[]): Promise<boolean[]> {
  const result = await db
    .insert(products)
    .values(rows.map((row) => ({ ...row, feedCategoryPath: feedCategoryPath(row) })))
    .onConflictDoUpdate({ target: [products.source, products.sourceProductId], set: updateSet })
    // xmax is 0 for a freshly inserted row version, the locking transaction's id for an update.
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  return result.map((row) => row.inserted)
}

/** The feed's category levels joined by "::" (the input of applyCategoryOverrides). */
function feedCategoryPath(row: ProductInput): string | null {
  const levels = [row.categoryName, row.categoryLevel1, row.categoryLevel2, row.categoryLevel3].filter(Boolean)
  return levels.length ? levels.join(CATEGORY_PATH_SEPARATOR) : null
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
 * Imports a catalog CSV into the products table (issue "Catalog importer").
 *
 * The file (PromptCloud Amazon UK catalog or Awin datafeed, recognised from its header; plain
 * or gzip) is streamed from disk with csv-parse, never read whole. Each record is mapped by its
 * format (mapPromptCloudRecord / mapAwinRecord); records that cannot be products are skipped
 * and reported as {line, reason, value} without stopping the import (line = the record's first
 * line in the file, header = line 1). Products are written in batches of `batchSize` with one
 * INSERT ... ON CONFLICT (source, source_product_id) DO UPDATE each, so re-importing a file
 * never duplicates a product: it updates it (updated_at moves only when a value changed;
 * disabled and variant columns, managed by the shop, are left alone). Each batch commits on
 * its own, so an interrupted import keeps the batches written so far.
 *
 * Also skipped: a record whose feed id already appeared earlier in the file ("duplicate row
 * id"), and a record whose affiliate id (awProductId) belongs to another product ("affiliate
 * id collision").
 *
 * @returns counts (imported = new products, updated = existing ones), the rejections, the
 *   duration in ms and the throughput in records per second.
 * @throws CatalogImportError FILE_NOT_FOUND, EMPTY_FILE, UNKNOWN_FORMAT (header matches no
 *   format), BAD_DESCRIPTIONS (the descriptions file is missing or has the wrong columns);
 *   database errors other than unique violations.
 */
export async function importCatalog(db: Db, options: ImportCatalogOptions): Promise<ImportSummary> {
  const started = performance.now()
  const file = path.resolve(options.file)
  const batchSize = Math.min(MAX_BATCH_SIZE, Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE)))

  let totalBytes: number
  try {
    const info = await stat(file)
    if (!info.isFile()) throw new Error('not a file')
    totalBytes = info.size
  } catch {
    throw new CatalogImportError('FILE_NOT_FOUND', `catalog file not found: ${file}`)
  }

  // Set by the header row inside the stream callback (the casts keep TS from narrowing to null).
  let format = null as CatalogFormat | null
  let header = null as string[] | null
  let descriptions: ReadonlyMap<string, PromptCloudDescription> | undefined
  let descriptionsFile: string | null = null
  let bytesRead = 0
  let read = 0
  let imported = 0
  let updated = 0
  const rejections: Rejection[] = []
  const firstLineById = new Map<string, number>()
  const firstLineByAwId = new Map<number, number>()
  let batch: { product: ProductInput; line: number }[] = []

  const progress = () =>
    options.onProgress?.({ bytesRead, totalBytes, read, imported, updated, skipped: rejections.length })

  const flush = async () => {
    if (batch.length === 0) return
    const items = batch
    batch = []
    try {
      for (const inserted of await upsert(
        db,
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
          const [inserted] = await upsert(db, [item.product])
          if (inserted) imported++
          else updated++
        } catch (rowError) {
          if (!isUniqueViolation(rowError)) throw rowError
          rejections.push({
            line: item.line,
            reason: 'affiliate id collision',
            value: String(item.product.awProductId),
          })
        }
      }
    }
    progress()
  }

  const accept = (result: MapResult, line: number) => {
    if (!result.ok) {
      rejections.push(result.rejection)
      return
    }
    const { product } = result
    const firstLine = firstLineById.get(product.sourceProductId)
    if (firstLine !== undefined) {
      rejections.push({
        line,
        reason: 'duplicate row id',
        value: `${product.sourceProductId} (first on line ${firstLine})`,
      })
      return
    }
    firstLineById.set(product.sourceProductId, line)
    const awFirstLine = firstLineByAwId.get(product.awProductId)
    if (awFirstLine !== undefined) {
      rejections.push({
        line,
        reason: 'affiliate id collision',
        value: `${product.awProductId} (also line ${awFirstLine})`,
      })
      return
    }
    firstLineByAwId.set(product.awProductId, line)
    batch.push({ product, line })
  }

  await streamCsv(file, {
    onBytes: (bytes) => {
      bytesRead = bytes
    },
    onMalformed: (rejection) => {
      // Called while parsing, possibly ahead of onRow; the header itself is never "malformed".
      read++
      rejections.push(rejection)
    },
    onRow: async ({ fields, line }) => {
      if (!header) {
        header = fields.map((name) => name.trim())
        format = detectFormat(header)
        if (!format) {
          throw new CatalogImportError(
            'UNKNOWN_FORMAT',
            `unknown catalog format in ${file}: expected a PromptCloud Amazon catalog (uniq_id, product_name, amazon_category_and_sub_category, price) or an Awin datafeed (aw_product_id, product_name, search_price); header was: ${header.slice(0, 12).join(', ')}`,
          )
        }
        if (format === 'promptcloud' && options.descriptionsFile !== false) {
          descriptionsFile = options.descriptionsFile
            ? path.resolve(options.descriptionsFile)
            : await findDescriptionsSibling(file)
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
      const record = toRecord(header, fields)
      accept(format === 'awin' ? mapAwinRecord(record, line) : mapPromptCloudRecord(record, line, descriptions), line)
      if (batch.length >= batchSize) await flush()
    },
  })
  if (!header || !format) throw new CatalogImportError('EMPTY_FILE', `catalog file is empty: ${file}`)
  await flush()
  bytesRead = totalBytes
  progress()
  // The upserts wrote feed categories; the shop's tree position comes from the overrides.
  await applyCategoryOverrides(db)
  await groupVariants(db)
  await refreshPromoProducts(db)
  // Fresh statistics so the planner sees the new rows (autovacuum may not have run yet).
  await db.execute(sql`analyze products`)

  const durationMs = Math.round(performance.now() - started)
  rejections.sort((a, b) => a.line - b.line)
  return {
    file,
    format,
    descriptionsFile,
    read,
    imported,
    updated,
    skipped: rejections.length,
    rejections,
    durationMs,
    rowsPerSecond: durationMs > 0 ? Math.round(read / (durationMs / 1000)) : read,
  }
}
