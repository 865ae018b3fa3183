import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { eq, products, sql } from '@presently/db'
import { productListInput } from '@presently/domain'
import {
  CATALOG_VERSION_APPLICATION,
  catalogVersionOf,
  catalogVersionWatcherOf,
  watchCatalogVersion,
  type CatalogVersionWatcher,
} from './catalog-version.ts'
import { listProducts } from './products/list-products.ts'

let testDb: TestDatabase

beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  await testDb?.close()
})

const stored = async () =>
  (await testDb.db.execute<{ version: string }>(sql`select version::text as version from catalog_state`)).rows[0]!
    .version

/** Waits until the watcher answers a version (it connects in the background). */
async function listening(watcher: CatalogVersionWatcher): Promise<string> {
  await expect.poll(() => watcher.current(), { timeout: 10_000 }).toBeDefined()
  return watcher.current()!
}

describe('watchCatalogVersion (issue 24)', () => {
  it('holds the stored version, follows writes from any connection, and stops on close', async () => {
    const watcher = watchCatalogVersion(testDb.db)
    try {
      expect(await listening(watcher)).toBe(await stored())
      expect(catalogVersionWatcherOf(testDb.db)?.current()).toBe(watcher.current())
      // A write through the pool (any other connection): the trigger's notification moves it on.
      const [kite] = await createTestProducts(testDb.db, [{ title: 'Version Kite', price: 9 }])
      const afterInsert = await stored()
      await expect.poll(() => watcher.current()).toBe(afterInsert)
      await testDb.db.update(products).set({ disabled: true }).where(eq(products.id, kite!.id))
      const afterDisable = await stored()
      expect(BigInt(afterDisable)).toBeGreaterThan(BigInt(afterInsert))
      await expect.poll(() => watcher.current()).toBe(afterDisable)
      expect(await catalogVersionOf(testDb.db)).toBe(afterDisable)
    } finally {
      await watcher.close()
    }
    expect(watcher.current()).toBeUndefined()
    expect(catalogVersionWatcherOf(testDb.db)).toBeUndefined()
    // Without a watcher the version is read from the table.
    expect(await catalogVersionOf(testDb.db)).toBe(await stored())
  })

  it('is one watcher per database: a refresh by one holder moves every holder, and it ends with the last', async () => {
    const a = watchCatalogVersion(testDb.db)
    const b = watchCatalogVersion(testDb.db)
    try {
      await listening(a)
      expect(b.current()).toBe(a.current())
      const { rows } = await testDb.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${CATALOG_VERSION_APPLICATION} and datname = current_database()`,
      )
      expect(rows[0]!.n).toBe(1)
      // A write, then one holder's refresh (as after its own request): both see it, no waiting.
      await createTestProducts(testDb.db, [{ title: 'Shared Watcher Top', price: 6 }])
      await a.refresh()
      expect(b.current()).toBe(await stored())
      expect(await catalogVersionOf(testDb.db)).toBe(await stored())
      await a.close()
      expect(a.current()).toBeUndefined()
      expect(b.current()).toBe(await stored())
    } finally {
      await a.close()
      await b.close()
    }
    expect(catalogVersionWatcherOf(testDb.db)).toBeUndefined()
  })

  it('refresh() reads the table at once and never moves the version back', async () => {
    const watcher = watchCatalogVersion(testDb.db)
    try {
      await listening(watcher)
      await createTestProducts(testDb.db, [{ title: 'Refresh Yo-yo', price: 4 }])
      expect(await watcher.refresh()).toBe(await stored())
      expect(watcher.current()).toBe(await stored())
      // A notification of an older version (out of order) changes nothing.
      await testDb.db.execute(sql`select pg_notify('presently_catalog_version', '1')`)
      await testDb.db.execute(sql`select pg_notify('presently_catalog_version', 'not a number')`)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(watcher.current()).toBe(await stored())
    } finally {
      await watcher.close()
    }
  })

  it('answers undefined while its connection is lost (callers read the table), and listens again', async () => {
    const watcher = watchCatalogVersion(testDb.db)
    try {
      await listening(watcher)
      const { rows } = await testDb.db.execute<{ ended: boolean }>(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${CATALOG_VERSION_APPLICATION} and datname = current_database()`,
      )
      expect(rows.map((r) => r.ended)).toEqual([true])
      await expect.poll(() => watcher.current()).toBeUndefined()
      // A write while nobody listens is still seen by readers: they read the table.
      const [ball] = await createTestProducts(testDb.db, [{ title: 'Unheard Ball', price: 3 }])
      expect(await catalogVersionOf(testDb.db)).toBe(await stored())
      const listed = await listProducts(
        testDb.db,
        productListInput.parse({ page: 1, limit: 12, search: 'Unheard Ball' }),
      )
      expect(listed.products.map((p) => p.id)).toEqual([ball!.id])
      // Reconnected after a second: the version it answers includes that write.
      expect(await listening(watcher)).toBe(await stored())
    } finally {
      await watcher.close()
    }
  })
})
