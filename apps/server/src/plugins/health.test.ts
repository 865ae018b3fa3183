import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { createDb, sql, type Db } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { SERVICE_MESSAGES } from '@presently/domain'
import { buildTestApp } from '../testing/auth-helpers.ts'
import { registerErrorHandler } from './errors.ts'
import { registerHealth } from './health.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => testDb.close())

describe('/healthz and /readyz', () => {
  it('are both fine on a migrated, reachable database', async () => {
    const app = await buildTestApp(testDb.db)
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok', migrations: { applied: expect.any(Number) } })
    const { applied, shipped } = ready.json<{ migrations: { applied: number; shipped: number } }>().migrations
    expect(applied).toBe(shipped)
    await app.close()
  })

  it('/readyz counts each cache: a public catalog read missed, then answered from the cache (issue 44)', async () => {
    const app = await buildTestApp(testDb.db)
    type Stats = { hits: number; misses: number; entries: number; bytes?: number }
    const caches = async () => (await app.inject('/readyz')).json<{ caches: Record<string, Stats> }>().caches
    const before = await caches()
    expect(Object.keys(before).sort()).toEqual(['accountAnswers', 'catalogReads', 'publicReads', 'userReads'])
    // The tRPC read misses the catalog read cache, then (its URL changed) is answered from it.
    expect((await app.inject('/trpc/products.maxPrice')).statusCode).toBe(200)
    const once = await caches()
    expect(once.catalogReads!.misses + once.catalogReads!.hits).toBeGreaterThan(
      before.catalogReads!.misses + before.catalogReads!.hits,
    )
    expect(once.catalogReads!.entries).toBeGreaterThan(0)
    expect((await app.inject('/trpc/products.maxPrice?input=%7B%7D')).statusCode).toBe(200)
    expect((await caches()).catalogReads!.hits).toBeGreaterThan(once.catalogReads!.hits)
    await app.close()
  })

  it('keep liveness up but readiness down, and answer 503 (not 500) while the database is unreachable', async () => {
    // Nothing listens on port 9 of loopback: every connection is refused.
    const down = createDb('postgres://postgres@127.0.0.1:9/postgres', { max: 2 })
    const app = await buildTestApp(down.db)
    expect((await app.inject('/healthz')).statusCode).toBe(200)
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' })
    const rest = await app.inject('/api/products')
    expect(rest.statusCode).toBe(503)
    expect(rest.headers['retry-after']).toBe('5')
    expect(rest.json()).toEqual({ success: false, message: SERVICE_MESSAGES.databaseDown })
    const trpc = await app.inject('/trpc/products.list?input=%7B%7D')
    expect(trpc.statusCode).toBe(503)
    expect(trpc.body).toContain(SERVICE_MESSAGES.databaseDown)
    await app.close()
    await down.pool.end()
  })
})

describe('load shedding', () => {
  async function bareApp(db: Db, options: Parameters<typeof registerHealth>[1] extends infer O ? Partial<O> : never) {
    const app = Fastify({ logger: false })
    registerErrorHandler(app)
    await registerHealth(app, { db, ...options })
    app.get('/slow', async () => {
      await db.execute(sql`select pg_sleep(0.5)`)
      return { ok: true }
    })
    return app
  }

  it('refuses new requests with 503 and Retry-After while requests queue for a database connection', async () => {
    const small = createDb(testDb.url, { max: 1 })
    const app: FastifyInstance = await bareApp(small.db, { maxPoolQueue: 2 })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    // One request holds the only connection, two wait for it: the queue is full.
    const busy = [fetch(`${base}/slow`), fetch(`${base}/slow`), fetch(`${base}/slow`)]
    while (small.pool.waitingCount < 2) await new Promise((resolve) => setTimeout(resolve, 10))
    const refused = await fetch(`${base}/slow`)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.json()).toEqual({ success: false, message: SERVICE_MESSAGES.busy })
    // Those already waiting are served.
    expect((await Promise.all(busy)).map((r) => r.status)).toEqual([200, 200, 200])
    await app.close()
    await small.pool.end()
  })

  it('refuses new requests with 503 and Retry-After while the event loop lags', async () => {
    const app = await bareApp(testDb.db, { maxEventLoopDelayMs: 50, sampleIntervalMs: 50 })
    await app.ready()
    expect((await app.inject('/healthz')).statusCode).toBe(200)
    // Block the event loop for 400 ms, then ask while under-pressure's next samples see the lag.
    // Which comes first after the block, its sample or the delay histogram's, is up to libuv,
    // and the lag shows for one sample interval (50 ms): ask every few ms, block again if missed.
    // (under-pressure also reads a window in which the delay histogram took no sample as lag.)
    let refused: Awaited<ReturnType<typeof app.inject>> | undefined
    for (let block = 0; block < 3 && !refused; block++) {
      const until = Date.now() + 400
      while (Date.now() < until) {
        // busy
      }
      for (let ask = 0; ask < 40 && !refused; ask++) {
        await new Promise((resolve) => setTimeout(resolve, 3))
        const res = await app.inject('/healthz')
        if (res.statusCode !== 200) refused = res
      }
    }
    await app.close()
    expect(refused?.statusCode).toBe(503)
    expect(refused?.headers['retry-after']).toBe('5')
    expect(refused?.json()).toEqual({ success: false, message: SERVICE_MESSAGES.busy })
  })
})
