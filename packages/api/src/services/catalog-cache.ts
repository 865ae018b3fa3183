import { LRUCache } from 'lru-cache'
import { hasReplayed, primaryOf, type Db } from '@presently/db'
import { catalogVersionOf, catalogVersionWatcherOf } from './catalog-version.ts'

/** Entries kept per database, and how long one lives even if the catalog never changes. */
const MAX_ENTRIES = 2000
const TTL_MS = 5 * 60_000

const caches = new WeakMap<Db, LRUCache<string, { value: unknown }>>()
/** Lookups per database since start: answered from an entry, or read (issue 44: the hit rates). */
const counts = new WeakMap<Db, { hits: number; misses: number }>()

/**
 * The catalog read cache of `db` (its primary's): lookups answered from an entry (`hits`), reads
 * made (`misses`) and entries kept now (issue 44: the hit rates behind its size).
 */
export function catalogCacheStats(db: Db): { hits: number; misses: number; entries: number } {
  const primary = primaryOf(db)
  const { hits, misses } = counts.get(primary) ?? { hits: 0, misses: 0 }
  return { hits, misses, entries: caches.get(primary)?.size ?? 0 }
}

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
  let count = counts.get(primary)
  if (!count) counts.set(primary, (count = { hits: 0, misses: 0 }))
  const fullKey = `${version}\u0000${key}`
  const hit = cache.get(fullKey)
  if (hit) {
    count.hits += 1
    return hit.value as T
  }
  count.misses += 1
  const reader = db === primary || hasReplayed(db, catalogVersionWatcherOf(primary)?.lsnOf(version)) ? db : primary
  const value = await read(reader)
  cache.set(fullKey, { value })
  return value
}
