import { LRUCache } from 'lru-cache'
import { hasReplayed, primaryOf, type Db } from '@presently/db'
import { catalogVersionOf, catalogVersionWatcherOf } from './catalog-version.ts'

/** Entries kept per database, and how long one lives even if the catalog never changes. */
const MAX_ENTRIES = 2000
const TTL_MS = 5 * 60_000

const caches = new WeakMap<Db, LRUCache<string, { value: unknown }>>()

/**
 * Memoises a public catalog read (listings, trees, counts, max price) per database.
 *
 * Keys carry the catalog version (table catalog_state, bumped by statement triggers on
 * products, promos, promo_products, category_overrides and variant_groups; migration 0005), so
 * any write, by this process, the import CLI or anyone else, makes older entries unreachable at
 * once. The version comes from memory where the server keeps it (watchCatalogVersion: LISTEN for
 * the triggers' notifications, issue 24), else from one primary-key lookup. Entries are shared by every
 * shopper: only cache reads that depend on nothing but `key`.
 *
 * A replica's client (issue 42) shares its primary's entries and version, and reads on a miss only
 * when the replica has replayed the version's commit (the watcher's lsnOf); otherwise the read is
 * the primary's. So no entry is older than the version it is kept under.
 *
 * @param key a stable description of the read, e.g. JSON of its normalised input.
 * @param read the read, given the database to run it on (`db`, or its primary: use no other).
 */
export async function cachedCatalogRead<T>(db: Db, key: string, read: (db: Db) => Promise<T>): Promise<T> {
  const version = await catalogVersionOf(db)
  const primary = primaryOf(db)
  let cache = caches.get(primary)
  if (!cache) {
    cache = new LRUCache({ max: MAX_ENTRIES, ttl: TTL_MS })
    caches.set(primary, cache)
  }
  const fullKey = `${version}\u0000${key}`
  const hit = cache.get(fullKey)
  if (hit) return hit.value as T
  const reader = db === primary || hasReplayed(db, catalogVersionWatcherOf(primary)?.lsnOf(version)) ? db : primary
  const value = await read(reader)
  cache.set(fullKey, { value })
  return value
}
