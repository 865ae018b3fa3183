import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { and, eq, gt, lt, rateLimitCounters, sql, type Db } from '@presently/db'

/**
 * A @fastify/rate-limit store in PostgreSQL, so every instance of the shop counts against the
 * same limits (issue 15; docs/decisions/rate-limits.md). One atomic upsert per hit: the first
 * hit of a key, or the first after its window ended, starts a new window of `timeWindow` ms
 * with count 1; later hits add one. Answers {current, ttl (ms left in the window)}.
 *
 * @param db the shop's database.
 * @returns the constructor @fastify/rate-limit's `store` option takes.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, key, timeWindow).then(
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

/** Counts one hit of `key` in a window of `windowMs`; see postgresRateLimitStore. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`
  const expired = sql`${rateLimitCounters.expiresAt} <= now()`
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, expiresAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        expiresAt: sql`case when ${expired} then now() + ${window} else ${rateLimitCounters.expiresAt} end`,
      },
    })
    .returning({
      current: rateLimitCounters.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.expiresAt} - now())) * 1000))::int`,
    })
  return { current: row!.current, ttl: row!.ttl }
}

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
