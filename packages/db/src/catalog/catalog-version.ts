import { sql } from 'drizzle-orm'

/** What can run a statement: the pool (Db) or a transaction. */
interface Executor {
  execute: (query: ReturnType<typeof sql>) => PromiseLike<unknown>
}

/**
 * Defers the catalog version's bump for the rest of the transaction `tx` (migration
 * issue39_prices_sql: bump_catalog_version skips while presently.catalog_version_deferred is on;
 * SET LOCAL, so it ends with the transaction). A feed refresh (issue 39) writes many short
 * transactions, then its derived data (overrides, variants, promos), and moves the version once at
 * its end: every bump makes every cached catalog answer cold, and at a million products a cold
 * search costs seconds under load (docs/decisions/feed-refresh.md).
 */
export async function deferCatalogVersionBump(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('presently.catalog_version_deferred', 'on', true)`)
}
