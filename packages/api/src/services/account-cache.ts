import { LRUCache } from 'lru-cache'
import type { Db } from '@presently/db'
import type { DataVersions } from './auth/session.ts'

/** Bytes of answers kept per database (estimated as their JSON length), and their longest life. */
const MAX_BYTES = 32 * 1024 * 1024
const TTL_MS = 10 * 60_000

const caches = new WeakMap<Db, LRUCache<string, { value: unknown; bytes: number }>>()
/** Lookups per database since start (issue 44: the hit rates). */
const counts = new WeakMap<Db, { hits: number; misses: number }>()

/**
 * The tRPC account read cache of `db`: lookups answered from an entry (`hits`), answers made and
 * kept (`misses`), entries and their estimated bytes now (issue 44).
 */
export function userReadCacheStats(db: Db): { hits: number; misses: number; entries: number; bytes: number } {
  const { hits, misses } = counts.get(db) ?? { hits: 0, misses: 0 }
  const cache = caches.get(db)
  return { hits, misses, entries: cache?.size ?? 0, bytes: cache?.calculatedSize ?? 0 }
}

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Which read an answer is and what besides the user's data it depends on (as the REST cache). */
export interface UserRead {
  /** A stable name of the call, e.g. 'people.list'. */
  call: string
  /** The call's parsed input; part of the key as JSON. */
  input?: unknown
  /** Shows catalog data (titles, prices, disabled): keyed by the catalog version too. */
  catalog?: boolean
  /** Depends on today's date in London. */
  today?: boolean
}

/**
 * Memoises one signed-in read of the tRPC procedures the web app calls (issue 24) per user,
 * call, input and versions (ctx.versions: users.data_version, moved by triggers on every write
 * to the user's account data, and the catalog version; both read with the session), as the
 * REST routes' account cache does for bytes (apps/server plugins/account-cache.ts,
 * docs/decisions/user-data-version.md). tRPC serialises the answer itself, so the validated
 * object is kept; callers must not change it. Without versions (a caller made in a test) it
 * just reads.
 */
export async function cachedUserRead<T>(
  ctx: { db: Db; user: { id: number }; versions?: DataVersions | null },
  read: UserRead,
  make: () => Promise<T>,
): Promise<T> {
  const versions = ctx.versions
  if (!versions) return make()
  let cache = caches.get(ctx.db)
  if (!cache) {
    cache = new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (entry) => entry.bytes, ttl: TTL_MS })
    caches.set(ctx.db, cache)
  }
  const key = [
    ctx.user.id,
    read.call,
    read.input === undefined ? '' : JSON.stringify(read.input),
    versions.user,
    read.catalog ? versions.catalog : '',
    read.today ? londonDate.format(new Date()) : '',
  ].join('\u0000')
  let count = counts.get(ctx.db)
  if (!count) counts.set(ctx.db, (count = { hits: 0, misses: 0 }))
  const hit = cache.get(key)
  if (hit) {
    count.hits += 1
    return hit.value as T
  }
  count.misses += 1
  const value = await make()
  // Objects in memory take a few times their JSON; JSON length is the measure kept here.
  cache.set(key, { value, bytes: JSON.stringify(value).length * 2 + key.length * 2 })
  return value
}
