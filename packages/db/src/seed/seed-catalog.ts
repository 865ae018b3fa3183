import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../client.ts'
import { importCatalog, type ImportSummary } from '../import/import-catalog.ts'
import { products } from '../schema/index.ts'

/** packages/db/seed: the shipped catalog (CC BY-SA 4.0, see seed/NOTICE.md). */
export const seedFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed')
/** The shipped PromptCloud Amazon UK toys catalog, 10,000 rows (8,565 with a price). */
export const seedCatalogFile = path.join(seedFolder, 'amazon_uk_toys_promptcloud_10k.csv.gz')
/** Descriptions and ASINs for 863 of those rows. */
export const seedDescriptionsFile = path.join(seedFolder, 'amazon_uk_toys_promptcloud_863_with_descriptions.csv.gz')

/**
 * Seeds an empty shop (issue "Seed"): when the products table has no row at all, imports the
 * shipped catalog packages/db/seed/amazon_uk_toys_promptcloud_10k.csv.gz joined with its
 * descriptions file, through importCatalog (so the rules of spec browsing-and-purchase §3
 * apply: rows without a usable price are skipped). Safe to run concurrently or twice: the
 * import is an upsert on (source, source_product_id).
 *
 * @param log optional sink for one-line progress messages (e.g. console.log).
 * @returns the import summary, or null when the table already had products (nothing done).
 * @throws whatever importCatalog throws (e.g. the seed files are missing from the package).
 */
export async function seedCatalogIfEmpty(db: Db, log?: (message: string) => void): Promise<ImportSummary | null> {
  const existing = await db.select({ id: products.id }).from(products).limit(1)
  if (existing.length > 0) return null
  log?.('products table is empty: importing the shipped Amazon UK toys catalog (PromptCloud, CC BY-SA 4.0)')
  const summary = await importCatalog(db, { file: seedCatalogFile, descriptionsFile: seedDescriptionsFile })
  log?.(
    `seeded catalog: ${summary.imported} imported, ${summary.updated} updated, ${summary.skipped} skipped of ${summary.read} rows in ${summary.durationMs} ms`,
  )
  return summary
}
