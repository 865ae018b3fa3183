import { AsyncLocalStorage } from 'node:async_hooks'
import { LRUCache } from 'lru-cache'
import { hasReplayed, primaryOf, type Db } from '@presently/db'
import { catalogVersionOf, catalogVersionWatcherOf } from './catalog-version.ts'

/**
 * Entries kept per database, and how long one lives even if the catalog never changes. A listing
 * entry is ~17 KB of objects for 24 products; since issue 44 one whose bytes the public read cache
 * keeps is dropped again at once (AnswerBytesScope: 1 hit in ~1,500 lookups came from it, and it
 * held ~34 MB at 2,000), so what stays is mostly small: search choices and corrections, trees,
 * the max price, and the listings the bytes cache does not keep (staff, answers over 32 KB, the
 * bytes cache off). docs/decisions/memory.md.
 */
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
 * One request whose answer the server may keep as bytes per URL (its public read cache): the
 * entries its whole-answer reads (listings) added here, dropped when the bytes are kept
 * (answerKept), so one listing is not held twice, as bytes and as ~17 KB of objects, nor churned
 * through the old generation on every miss (issue 44, docs/decisions/memory.md). When the bytes
 * are not kept (an answer too big, compressed, or not a 200), the entries stay.
 */
export class AnswerBytesScope {
  readonly #drops: (() => void)[] = []

  /** Records how to drop an entry this request added. */
  added(drop: () => void): void {
    this.#drops.push(drop)
  }

  /** The answer's bytes are kept: drops the entries this request added (those still unchanged). */
  answerKept(): void {
    for (const drop of this.#drops.splice(0)) drop()
  }
}

const answerScope = new AsyncLocalStorage<AnswerBytesScope>()

/** Runs `work` (a request's handling) in `scope`: see AnswerBytesScope. */
export function keepingAnswerBytes<T>(scope: AnswerBytesScope, work: () => T): T {
  return answerScope.run(scope, work)
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
 * @param options.wholeAnswer the read is all of its route's answer (a listing): its entry is
 *   dropped again if the server keeps the answer's bytes (AnswerBytesScope).
 */
export async function cachedCatalogRead<T>(
  db: Db,
  key: string,
  read: (db: Db) => Promise<T>,
  options: { wholeAnswer?: boolean } = {},
): Promise<T> {
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
  const entry = { value }
  cache.set(fullKey, entry)
  const scope = options.wholeAnswer ? answerScope.getStore() : undefined
  if (scope) {
    const kept = cache
    scope.added(() => {
      if (kept.peek(fullKey) === entry) kept.delete(fullKey)
    })
  }
  return value
}
