import type { FastifyInstance } from 'fastify'
import underPressure from '@fastify/under-pressure'
import { appliedMigrationCount, shippedMigrationCount, sql, type Db, type ReplicaSet } from '@presently/db'
import { SERVICE_MESSAGES } from '@presently/domain'
import { catalogCacheStats, userReadCacheStats } from '@presently/api'

const BUSY_MESSAGE = SERVICE_MESSAGES.busy

export interface HealthOptions {
  db: Db
  /** Read replicas (issue 42): /readyz lists each, in use or not and why. */
  replicas?: ReplicaSet
  /** Event-loop delay (ms) past which new requests get 503 (default 1000). */
  maxEventLoopDelayMs?: number
  /** Requests waiting for a database connection past which new requests get 503 (default 5 x pool size). */
  maxPoolQueue?: number
  /** How often the event loop is sampled, ms (default 1000; tests use less). */
  sampleIntervalMs?: number
}

/**
 * Health and load shedding (issue 15):
 * - GET /healthz: liveness. 200 while the process serves HTTP; it does not touch the database,
 *   so a proxy does not restart a healthy process because PostgreSQL is restarting.
 * - GET /readyz: readiness. 200 when the database answers and every migration this build ships
 *   is applied; 503 otherwise (a proxy sends no traffic to it meanwhile). With read replicas it
 *   lists each one (in use, lag, replay position, why not in use): a replica out of use does not
 *   make the server unready, since its reads go to the primary. `caches` gives each in-process
 *   cache's hits, misses, entries and bytes since start (issue 44, docs/decisions/memory.md):
 *   counts only, nothing of a user.
 * - Overload: when the event loop lags (@fastify/under-pressure) or requests queue for a database
 *   connection, new requests get 503 with Retry-After at once instead of waiting into a timeout.
 */
export async function registerHealth(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const { db } = options
  const pool = db.$client
  const shipped = shippedMigrationCount()

  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs ?? 1000,
    sampleInterval: options.sampleIntervalMs ?? 1000,
    retryAfter: 5,
    exposeStatusRoute: false,
    pressureHandler: (_request, reply, type, value) => {
      void reply
        .status(503)
        .header('retry-after', '5')
        .header('cache-control', 'no-store')
        .send({ success: false, message: BUSY_MESSAGE })
      app.log.warn({ type, value }, 'under pressure: request refused')
    },
  })

  const maxQueue = options.maxPoolQueue ?? Math.max(20, pool.options.max * 5)
  app.addHook('onRequest', async (request, reply) => {
    if (pool.waitingCount < maxQueue || request.url === '/healthz') return
    request.log.warn({ waiting: pool.waitingCount }, 'database pool queue full: request refused')
    return reply
      .status(503)
      .header('retry-after', '1')
      .header('cache-control', 'no-store')
      .send({ success: false, message: BUSY_MESSAGE })
  })

  app.get('/healthz', { config: {} }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store')
    try {
      await db.execute(sql`select 1`)
      const applied = await appliedMigrationCount(db)
      const ready = applied >= shipped
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'migrating',
        database: 'ok',
        migrations: { applied, shipped },
        ...(options.replicas?.configured ? { replicas: options.replicas.status() } : {}),
        caches: cacheStats(app, db),
      })
    } catch (err) {
      app.log.warn({ err }, 'readiness: database unreachable')
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' })
    }
  })
}

/**
 * Hits, misses, entries and bytes (where bounded by bytes) of each in-process cache since start
 * (issue 44: the hit rates that size them; docs/decisions/memory.md). A cache whose plugin is not
 * registered is left out.
 */
function cacheStats(
  app: FastifyInstance,
  db: Db,
): Record<string, { hits: number; misses: number; entries: number; bytes?: number }> {
  return {
    ...(app.hasDecorator('publicReadStats') ? { publicReads: app.publicReadStats() } : {}),
    ...(app.hasDecorator('accountCache') ? { accountAnswers: app.accountCache.stats() } : {}),
    catalogReads: catalogCacheStats(db),
    userReads: userReadCacheStats(db),
  }
}
