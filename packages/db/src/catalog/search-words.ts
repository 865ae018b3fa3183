import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'

/**
 * Rebuilds the catalog's vocabulary (materialized view catalog_words, migrations 0018 and 0032: the words
 * of visible products' titles with their title counts) that search suggestions read (issue 26
 * item 6). CONCURRENTLY, so searches keep reading the old list while it is rebuilt. Called by
 * importCatalog after every import; a product disabled since then keeps its words until the next.
 */
export async function refreshSearchWords(db: Db): Promise<void> {
  await db.execute(sql`refresh materialized view concurrently catalog_words`)
}
