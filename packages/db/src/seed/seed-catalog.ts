import { access } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../client.ts'
import { importCatalog, type CatalogImportRunner, type ImportSummary } from '../import/import-catalog.ts'
import { loadMappingFile, type FeedMapping } from '../import/mapping.ts'
import { products } from '../schema/index.ts'

/** packages/db/seed: the shipped catalog (CC BY-SA 4.0, see seed/NOTICE.md). */
export const seedFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed')
/** The shipped PromptCloud Amazon UK toys catalog, 10,000 rows (8,565 with a price). */
export const seedCatalogFile = path.join(seedFolder, 'amazon_uk_toys_promptcloud_10k.csv.gz')
/** Descriptions, ASINs and sales ranks for 863 of those rows. */
export const seedDescriptionsFile = path.join(seedFolder, 'amazon_uk_toys_promptcloud_863_with_descriptions.csv.gz')
/**
 * The shipped catalog skips its 1,435 rows without a price (14%): expected, so the seed allows
 * up to 20% before it warns.
 */
const SEED_MAX_SKIP = '20%'

/** A feed to import and its mapping (file and settings). */
export interface FeedEntry {
  file: string
  mapping: FeedMapping
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

/**
 * One CATALOG_FEEDS entry (issue 14): a mapping file (*.json naming its feed in "file"), or a
 * feed file with its mapping beside it ("feed.csv.gz" -> "feed.mapping.json") when there is
 * one, else the preset its header matches.
 *
 * @throws MappingError for an unreadable mapping file or one without "file".
 */
export async function resolveFeedEntry(entry: string): Promise<FeedEntry> {
  const file = path.resolve(entry)
  if (/\.json$/i.test(file)) {
    const mapping = await loadMappingFile(file)
    if (!mapping.file && !mapping.url) {
      throw new Error(`mapping file ${file} names no feed: add "file": "<feed.csv>" or "url": "https://..."`)
    }
    // A downloaded feed (issue 39) has no file until its first refresh: the refresh names it.
    if (!mapping.file) return { file: '', mapping }
    return { file: mapping.file, mapping }
  }
  const sibling = file.replace(/(\.(csv|tsv|txt))?(\.gz)?$/i, '') + '.mapping.json'
  return { file, mapping: (await exists(sibling)) ? await loadMappingFile(sibling) : {} }
}

/**
 * Seeds an empty shop (issue "Seed", issue 14): when the products table has no row at all,
 * imports the deployment's own feeds (`feeds`, from CATALOG_FEEDS, each with its mapping: see
 * resolveFeedEntry) or else the shipped catalog packages/db/seed/amazon_uk_toys_promptcloud_10k
 * .csv.gz joined with its descriptions file, through importCatalog (so the rules of spec
 * browsing-and-purchase §3 apply: rows without a usable price are skipped). Safe to run twice:
 * the import is an upsert on (source, source_product_id).
 *
 * A feed that skips more rows than its max-skip allows is logged as a warning (what it wrote
 * stays); a feed that cannot be read at all throws.
 *
 * @param log optional sink for one-line progress messages (e.g. console.log).
 * @param options.runImport runs each import (default importCatalog on `db`, in this process; the
 *   shop's server runs them in a child process: docs/decisions/catalog-jobs-process.md).
 * @returns the import summaries, or null when the table already had products (nothing done).
 * @throws whatever importCatalog throws (e.g. a missing feed file).
 */
export async function seedCatalogIfEmpty(
  db: Db,
  log?: (message: string) => void,
  feeds?: readonly string[],
  options: { runImport?: CatalogImportRunner } = {},
): Promise<ImportSummary[] | null> {
  const runImport: CatalogImportRunner = options.runImport ?? ((job) => importCatalog(db, job))
  const existing = await db.select({ id: products.id }).from(products).limit(1)
  if (existing.length > 0) return null
  // A feed downloaded from a URL (issue 39) is imported by its first scheduled or staff refresh.
  const entries: (FeedEntry & { descriptionsFile?: string; maxSkip?: string })[] = feeds?.length
    ? (await Promise.all(feeds.map(resolveFeedEntry))).filter((entry) => entry.file !== '')
    : [{ file: seedCatalogFile, mapping: {}, descriptionsFile: seedDescriptionsFile, maxSkip: SEED_MAX_SKIP }]
  log?.(
    feeds?.length
      ? `products table is empty: importing CATALOG_FEEDS (${entries.map((e) => path.basename(e.file)).join(', ')})`
      : 'products table is empty: importing the shipped Amazon UK toys catalog (PromptCloud, CC BY-SA 4.0)',
  )
  const summaries: ImportSummary[] = []
  for (const entry of entries) {
    const summary = await runImport({
      file: entry.file,
      mapping: entry.mapping,
      ...(entry.descriptionsFile ? { descriptionsFile: entry.descriptionsFile } : {}),
      ...(entry.maxSkip ? { maxSkip: entry.maxSkip } : {}),
    })
    summaries.push(summary)
    const reasons = summary.skipReasons.map((r) => `${r.count} ${r.reason}`).join(', ')
    log?.(
      `seeded ${path.basename(entry.file)}: ${summary.imported} imported, ${summary.updated} updated, ${summary.skipped} skipped${reasons ? ` (${reasons})` : ''}${summary.notForSale ? `, ${summary.notForSale} not for sale` : ''} of ${summary.read} rows in ${summary.durationMs} ms`,
    )
    if (summary.tooManySkipped) {
      log?.(`warning: ${path.basename(entry.file)} skipped more rows than its max-skip (${summary.maxSkipped}) allows`)
    }
  }
  return summaries
}
