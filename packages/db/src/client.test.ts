import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'
import { people } from './schema/index.ts'

/**
 * A connection the database drops between checkout and BEGIN (a restart) must go back to the
 * pool, not stay checked out for good: drizzle-orm 0.45 leaks it (issues 6023/6241), which
 * shrank the pool by one per outage and made `pool.end()` hang in the restart drill.
 */
let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 1 })
})

afterAll(async () => {
  await t?.close()
})

/** Cuts the socket of the next client the pool hands out, as a server going away would. */
function dropNextCheckout(pool: pg.Pool) {
  pool.once('acquire', (client: pg.PoolClient) => {
    ;(client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy()
  })
}

it('gives the connection back when BEGIN fails on a dropped connection, and the pool serves again', async () => {
  await t.db.execute(sql`select 1`) // the pool's one client exists and sits idle
  dropNextCheckout(t.pool)
  await expect(t.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow()
  expect(t.pool.totalCount - t.pool.idleCount).toBe(0) // nothing left checked out
  // With max 1, a leaked client would make this wait for a connection that never comes.
  const rows = await t.db.transaction(async (tx) => tx.select({ id: people.id }).from(people).limit(1))
  expect(Array.isArray(rows)).toBe(true)
})

it('rolls back and releases on an error inside the transaction, keeping the connection', async () => {
  await expect(
    t.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table scratch (n int)`)
      throw new Error('changed my mind')
    }),
  ).rejects.toThrow('changed my mind')
  expect(t.pool.totalCount - t.pool.idleCount).toBe(0)
  const [row] = (
    await t.db.execute<{ exists: boolean }>(sql`select to_regclass('pg_temp.scratch') is not null as exists`)
  ).rows
  expect(row!.exists).toBe(false)
})

it('commits, and nested transactions use savepoints on the same connection', async () => {
  const result = await t.db.transaction(async (tx) => {
    const outer = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)
    const inner = await tx.transaction(async (nested) =>
      nested.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`),
    )
    return [outer.rows[0]!.pid, inner.rows[0]!.pid]
  })
  expect(result[0]).toBe(result[1])
  expect(t.pool.totalCount - t.pool.idleCount).toBe(0)
})
