import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { and, countHit, eq, gt, lt, rateLimitCounters, sql, type Db } from '@presently/db'

/**
 * A @fastify/rate-limit store in PostgreSQL, so every instance of the shop counts against the
 * same limits (issue 15; docs/decisions/rate-limits.md). One atomic upsert per hit: the first
 * hit of a key, or the first after its window ended, starts a new window of `timeWindow` ms
 * with count 1; later hits add one. Answers {current, ttl (ms left in the window)}.
 *
 * Hits of one key that arrive while its upsert is in flight are counted together by the next
 * upsert (`countHits`), each answered the count it would have had counted alone.
 *
 * @param db the shop's database.
 * @returns the constructor @fastify/rate-limit's `store` option takes.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const count = countHits(db)
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    /** Keys already name their limit and action ("ip:login:..."), so children share the table. */
    child(): FastifyRateLimitStore {
      return this
    }
  }
  return PostgresRateLimitStore
}

interface Waiter {
  resolve: (result: { current: number; ttl: number }) => void
  reject: (error: unknown) => void
}

/**
 * Counts hits of a key one upsert at a time (issue 36): the first hit of a key goes to the
 * database at once; hits that arrive while it is in flight wait and go together in the next
 * upsert (`countHit` with `hits` = how many), and the i-th of a batch is answered
 * `current - hits + i` (1-based i), exactly the count it would have got from its own upsert in
 * that order. Calls from one address at once (32 connections of the participant page's bench,
 * a family behind one router) made one row's upserts queue on its lock, one commit each; now
 * they make one upsert per round trip. Every instance still counts in the one table.
 * @returns count(key, windowMs), resolving to {current, ttl} or rejecting with the database's error
 *   (every waiter of a failed batch gets it).
 */
export function countHits(db: Db): (key: string, windowMs: number) => Promise<{ current: number; ttl: number }> {
  const queued = new Map<string, { key: string; windowMs: number; waiters: Waiter[] }>()
  const inFlight = new Set<string>()
  const flush = (id: string) => {
    const batch = queued.get(id)
    if (!batch) return
    queued.delete(id)
    inFlight.add(id)
    const hits = batch.waiters.length
    countHit(db, batch.key, batch.windowMs, hits)
      .then(
        ({ current, ttl }) => batch.waiters.forEach((w, i) => w.resolve({ current: current - hits + i + 1, ttl })),
        (error: unknown) => batch.waiters.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        inFlight.delete(id)
        flush(id)
      })
  }
  return (key, windowMs) =>
    new Promise((resolve, reject) => {
      const id = `${windowMs}\u0000${key}`
      let batch = queued.get(id)
      if (!batch) {
        batch = { key, windowMs, waiters: [] }
        queued.set(id, batch)
      }
      batch.waiters.push({ resolve, reject })
      if (!inFlight.has(id)) flush(id)
    })
}

/** Counts one hit of `key` in a window of `windowMs` (moved to @presently/db for the link-preview limits, issue 38). */
export { countHit }

/** Deletes counters whose window ended: they would start afresh anyway. */
export async function sweepRateLimitCounters(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return removed.length
}

/** `key`'s count in its current window, 0 when it has none or it ended. Counts nothing. */
export async function currentCount(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.expiresAt, sql`now()`)))
  return row?.count ?? 0
}

/** Forgets `key`'s count (a correct password clears its (IP, email) failures). */
export async function clearCount(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key))
}
