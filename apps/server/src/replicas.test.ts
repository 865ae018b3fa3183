import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq, parseLsn, sql, users } from '@presently/db'
import {
  createScratchDatabase,
  createTestProducts,
  databaseUrl,
  replicaPairForTests,
  type ReplicaPair,
  type TestDatabase,
} from '@presently/db/testing'
import { buildTestApp, catalogVersionListening, signedInUser, withSession } from './testing/auth-helpers.ts'
import { READ_YOUR_WRITES_COOKIE } from './plugins/replica-reads.ts'

/**
 * Read replicas (issue 42) on a real primary and a real streaming standby: CI's pg_basebackup
 * standby of its PostgreSQL 15 when .ci/run gives one (TEST_REPLICA_URL), else a pair started here
 * from the same binaries the shop embeds. Which server answered a read is observed on each server's
 * own pg_stat_statements, never assumed.
 */

let pair: ReplicaPair
let primary: TestDatabase
let replicaUrl: string
let app: FastifyInstance
let productIds: number[]

/**
 * Calls of reads of products (statements naming the table that are not INSERT, UPDATE or DELETE,
 * whatever their shape: plain SELECTs, CTEs) that a server has run in the test database.
 */
async function productSelects(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select coalesce(sum(calls), 0)::int as n from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query ilike $1 and query not ilike $2 and query !~* $3`,
      ['%"products"%', '%pg_stat_statements%', '\\m(insert|update|delete)\\M'],
    )
    return rows[0]!.n
  } finally {
    await client.end()
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

interface ReadyReplica {
  name: string
  inUse: boolean
  lagSeconds: number | null
  replayLsn: string | null
  reason?: string
}

async function replicaStatus(target: FastifyInstance = app): Promise<ReadyReplica> {
  const res = await target.inject({ method: 'GET', url: '/readyz' })
  return res.json<{ replicas: ReadyReplica[] }>().replicas[0]!
}

/** Waits until the replica is in use and has replayed everything the primary has written so far. */
async function replicaCaughtUp(target: FastifyInstance = app): Promise<void> {
  const { rows } = await primary.db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`)
  const goal = parseLsn(rows[0]!.lsn)!
  await waitFor('the replica to catch up', async () => {
    const status = await replicaStatus(target)
    const replayed = parseLsn(status.replayLsn)
    return status.inUse && replayed !== undefined && replayed >= goal
  })
}

async function onReplica(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: replicaUrl })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

/** A listing page no earlier read asked for (the memo and the byte cache would answer it). */
let page = 0
async function visitorListing(target: FastifyInstance = app, headers: Record<string, string> = {}) {
  page += 1
  return target.inject({ method: 'GET', url: `/api/products?search=replica&limit=1&seed=read${page}`, headers })
}

beforeAll(async () => {
  pair = await replicaPairForTests()
  primary = await createScratchDatabase(pair.primaryUrl, { prefix: 'presently_replica' })
  await primary.db.execute(sql`create extension if not exists pg_stat_statements`)
  const rows = await createTestProducts(
    primary.db,
    Array.from({ length: 24 }, (_, i) => ({ title: `Replica kite ${i + 1}`, price: 5 + i })),
  )
  productIds = rows.map((row) => row.id)
  replicaUrl = databaseUrl(pair.replicaUrl, new URL(primary.url).pathname.slice(1))
  app = await buildTestApp(primary.db, {
    DATABASE_REPLICA_URLS: [replicaUrl],
    // Short, so the paused replica is dropped soon; not so short that a loaded machine's slow
    // replay drops it in the other tests.
    REPLICA_MAX_LAG_SECONDS: 3,
    PUBLIC_READ_CACHE_MB: 0,
  })
  await catalogVersionListening(app)
  await waitFor('the replica in use', async () => (await replicaStatus()).inUse)
}, 180_000)

afterAll(async () => {
  await app?.close()
  await primary?.close()
  await pair?.close()
})

describe('read replicas', () => {
  test('visitors’ catalog reads are answered by the replica, not the primary', async () => {
    await replicaCaughtUp()
    const [replicaBefore, primaryBefore] = [await productSelects(replicaUrl), await productSelects(primary.url)]
    for (let i = 0; i < 5; i += 1) {
      const res = await visitorListing()
      expect(res.statusCode).toBe(200)
      expect(res.json<{ total: number }>().total).toBe(24)
    }
    const product = await app.inject({ method: 'GET', url: `/api/products/${productIds[0]}` })
    expect(product.statusCode).toBe(200)
    await waitFor('the replica to count the reads', async () => (await productSelects(replicaUrl)) >= replicaBefore + 6)
    expect(await productSelects(primary.url)).toBe(primaryBefore)
    // tRPC's public reads too.
    await replicaCaughtUp()
    const before = await productSelects(replicaUrl)
    const trpc = await app.inject({
      method: 'GET',
      url: `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ search: 'replica', limit: 2, page: 3 }))}`,
    })
    expect(trpc.statusCode).toBe(200)
    await waitFor('the replica to count the tRPC read', async () => (await productSelects(replicaUrl)) > before)
    expect((await replicaStatus()).name).toMatch(/^127\.0\.0\.1:\d+\/presently_replica_/)
  })

  test('a staff member’s disable is seen at once by that staff member and by visitors', async () => {
    const { token, userId } = await signedInUser(app, primary.db, 'staff-replica@example.com')
    await primary.db.update(users).set({ isStaff: true }).where(eq(users.id, userId))
    const id = productIds[1]!
    const disable = await app.inject({
      method: 'POST',
      url: `/api/products/${id}/toggle-disabled`,
      headers: { ...withSession(token), origin: 'http://localhost:3000' },
    })
    expect(disable.statusCode).toBe(200)
    expect(disable.json()).toMatchObject({ disabled: true })
    const staffRead = await app.inject({ method: 'GET', url: `/api/products/${id}`, headers: withSession(token) })
    expect(staffRead.json()).toMatchObject({ disabled: true })
    // A visitor's very next read: never the old catalog (the replica must have replayed the
    // version's commit, or the primary answers).
    const visitor = await app.inject({ method: 'GET', url: `/api/products/${id}` })
    expect(visitor.statusCode).toBe(404)
    const listing = await visitorListing()
    expect(listing.json<{ total: number }>().total).toBe(23)
    const enable = await app.inject({
      method: 'POST',
      url: `/api/products/${id}/toggle-disabled`,
      headers: { ...withSession(token), origin: 'http://localhost:3000' },
    })
    expect(enable.json()).toMatchObject({ disabled: false })
    expect((await app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200)
  })

  test('a paused replica is skipped past the lag bound, and used again after it resumes', async () => {
    await onReplica('select pg_wal_replay_pause()')
    try {
      // A catalog write the paused replica cannot see.
      await primary.db.execute(sql`update products set price = price + 1 where id = ${productIds[2]!}`)
      await app.catalogVersion.refresh()
      const fresh = await app.inject({ method: 'GET', url: `/api/products/${productIds[2]}` })
      expect(fresh.json<{ price: number }>().price).toBe(8)
      await waitFor('the replica dropped', async () => !(await replicaStatus()).inUse)
      const status = await replicaStatus()
      expect(status.reason).toMatch(/behind|catching up/)
      const before = await productSelects(replicaUrl)
      for (let i = 0; i < 5; i += 1) expect((await visitorListing()).statusCode).toBe(200)
      // Let any pending statistics of the replica's backends reach the view.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await productSelects(replicaUrl)).toBe(before)
    } finally {
      await onReplica('select pg_wal_replay_resume()')
    }
    await waitFor('the replica in use again', async () => (await replicaStatus()).inUse)
    const before = await productSelects(replicaUrl)
    expect((await visitorListing()).statusCode).toBe(200)
    await waitFor('reads on the replica again', async () => (await productSelects(replicaUrl)) > before)
  })

  test('a replica stopped under load costs no failed request, and is used again once back', async () => {
    const statuses: number[] = []
    let stopping: Promise<void> | undefined
    for (let round = 0; round < 12; round += 1) {
      if (round === 3) stopping = pair.stopReplica()
      const answers = await Promise.all(Array.from({ length: 8 }, () => visitorListing()))
      statuses.push(...answers.map((res) => res.statusCode))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await stopping
    for (let i = 0; i < 8; i += 1) statuses.push((await visitorListing()).statusCode)
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    await waitFor('the stopped replica dropped', async () => !(await replicaStatus()).inUse)
    expect((await replicaStatus()).reason).toMatch(/does not answer/)
    await pair.startReplica()
    await waitFor('the replica in use again', async () => (await replicaStatus()).inUse, 60_000)
    const before = await productSelects(replicaUrl)
    expect((await visitorListing()).statusCode).toBe(200)
    await waitFor('reads on the replica again', async () => (await productSelects(replicaUrl)) > before)
  })

  test('a caller’s reads after its own write wait for a replica that has replayed it (read-your-writes)', async () => {
    // A long lag bound, so the paused replica stays in use and only the cookie keeps reads off it.
    const patient = await buildTestApp(primary.db, {
      DATABASE_REPLICA_URLS: [replicaUrl],
      REPLICA_MAX_LAG_SECONDS: 120,
      PUBLIC_READ_CACHE_MB: 0,
    })
    try {
      await catalogVersionListening(patient)
      await waitFor('the replica in use', async () => (await replicaStatus(patient)).inUse)
      const { token } = await signedInUser(patient, primary.db, 'writer-replica@example.com')
      await onReplica('select pg_wal_replay_pause()')
      try {
        const like = await patient.inject({
          method: 'POST',
          url: `/api/products/${productIds[3]}/like`,
          headers: { ...withSession(token), origin: 'http://localhost:3000' },
        })
        expect(like.statusCode).toBe(200)
        const cookie = like.cookies.find((c) => c.name === READ_YOUR_WRITES_COOKIE)
        expect(cookie?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/)
        expect(cookie?.httpOnly).toBe(true)
        const headers = { cookie: `${READ_YOUR_WRITES_COOKIE}=${cookie!.value}` }
        const before = await productSelects(replicaUrl)
        for (let i = 0; i < 3; i += 1) expect((await visitorListing(patient, headers)).statusCode).toBe(200)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(await productSelects(replicaUrl)).toBe(before)
        // Another visitor, without the cookie, still reads the (paused, in-bound) replica.
        expect((await visitorListing(patient)).statusCode).toBe(200)
        await waitFor('a read on the replica', async () => (await productSelects(replicaUrl)) > before)
      } finally {
        await onReplica('select pg_wal_replay_resume()')
      }
    } finally {
      await patient.close()
    }
  })
})
