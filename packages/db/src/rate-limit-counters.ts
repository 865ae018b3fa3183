import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { perDatabase } from './per-database.ts'
import { rateLimitCounters } from './schema/rate-limits.ts'

/**
 * Counts one hit of `key` in a window of `windowMs` ms in `rate_limit_counters`, shared by every
 * instance (docs/decisions/rate-limits.md): the first hit, or the first after the window ended,
 * starts a window with count 1; later hits add one. One atomic upsert. `hits` counts that many at
 * once (as many single hits in a row would: the store's batches of concurrent calls).
 * @returns the count so far in the window and the ms left in it. Used by the sign-in limits
 * (apps/server rate-limit-store.ts) and the link-preview limits (issue 38).
 *
 * The upsert commits asynchronously (`synchronous_commit` off for its own transaction only, set
 * by the statement itself, so still one round trip): it does not wait for its WAL to reach the
 * disk. Every call from one address updates one row, and a synchronous commit held that row's
 * lock through the flush, so the calls of one address queued one flush at a time (issue 36's
 * participant page at 32 connections: docs/decisions/rate-limits.md "Asynchronous commit"). A
 * crash of PostgreSQL can lose the last fraction of a second of counts, which only lets a few
 * more attempts through once.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  hits = 1,
): Promise<{ current: number; ttl: number }> {
  const [row] = await upsertOf(db).execute({ key, seconds: windowMs / 1000, hits })
  return { current: row!.current, ttl: row!.ttl }
}

/**
 * The upsert, built once per database handle and prepared (named) on each connection: a
 * rate-limited call spent ~0.3 ms of Node CPU building its SQL text (profile of issue 36's bench).
 */
function prepareUpsert(db: Db) {
  const window = sql`make_interval(secs => ${sql.placeholder('seconds')})`
  const hits = sql.placeholder('hits')
  const expired = sql`${rateLimitCounters.expiresAt} <= now()`
  return db
    .insert(rateLimitCounters)
    .values({ key: sql.placeholder('key'), count: sql`${hits}::int`, expiresAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then ${hits}::int else ${rateLimitCounters.count} + ${hits}::int end`,
        expiresAt: sql`case when ${expired} then now() + ${window} else ${rateLimitCounters.expiresAt} end`,
      },
    })
    .returning({
      current: rateLimitCounters.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.expiresAt} - now())) * 1000))::int`,
      // Evaluated before the statement's own transaction commits; is_local: that transaction only.
      asynchronous: sql<string>`set_config('synchronous_commit', 'off', true)`,
    })
    .prepare('presently_rate_limit_hit')
}
const upsertOf = perDatabase(prepareUpsert)
