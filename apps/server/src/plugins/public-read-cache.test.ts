import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { CATALOG_VERSION_APPLICATION, catalogCacheStats } from '@presently/api'
import { eq, products, sql, users } from '@presently/db'
import { buildTestApp, catalogVersionListening, signedInUser, withSession } from '../testing/auth-helpers.ts'

/**
 * Issue 24: public catalog answers kept as bytes per catalog version (held in memory through
 * LISTEN) and URL. The kept answer must be the answer: same bytes and headers as one made afresh,
 * never stale after this server's own write, soon fresh after anyone else's, never a staff answer.
 */
let testDb: TestDatabase
let app: FastifyInstance
/** The same shop with the byte cache off: every answer made afresh. */
let plain: FastifyInstance
let kiteId: number
let ballId: number

beforeAll(async () => {
  testDb = await createTestDatabase()
  const made = await createTestProducts(testDb.db, [
    { title: 'Byte Cache Kite', price: 12, categoryName: 'Hobbies', categoryLevel1: 'Kites' },
    { title: 'Byte Cache Ball', price: 5, categoryName: 'Hobbies', categoryLevel1: 'Kites' },
  ])
  kiteId = made[0]!.id
  ballId = made[1]!.id
  app = await buildTestApp(testDb.db)
  plain = await buildTestApp(testDb.db, { PUBLIC_READ_CACHE_MB: 0 })
  await Promise.all([catalogVersionListening(app), plain.ready()])
})
afterAll(async () => {
  await app.close()
  await plain.close()
  await testDb.close()
})

const trpcList = (search: string) =>
  `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 12, search }))}`
const titles = (body: { products: { title: string }[] }) => body.products.map((p) => p.title)

describe('public read cache (issue 24)', () => {
  it('keeps a listing once, as bytes, not again as objects in the catalog read cache (issue 44)', async () => {
    const entries = () => catalogCacheStats(testDb.db).entries
    // A first search of the words keeps what every listing of them shares (the search's choice).
    expect((await app.inject('/api/products?search=Byte%20Cache&limit=5')).statusCode).toBe(200)
    const before = entries()
    const kept = await app.inject('/api/products?search=Byte%20Cache&limit=7&sort=price_asc')
    expect(kept.statusCode).toBe(200)
    expect(entries()).toBe(before)
    // The same input by another URL: not in the bytes, read again, the same answer.
    const again = await app.inject('/api/products?sort=price_asc&limit=7&search=Byte%20Cache')
    expect(again.rawPayload.equals(kept.rawPayload)).toBe(true)
    expect(entries()).toBe(before)
    // With the bytes cache off (and for staff, and big answers) the listing is kept as objects.
    const fresh = await plain.inject('/api/products?search=Byte%20Cache&limit=7&sort=price_asc')
    expect(fresh.rawPayload.equals(kept.rawPayload)).toBe(true)
    expect(entries()).toBe(before + 1)
  })

  it('sends a kept answer byte for byte as a fresh one, with the same headers, and a 304 by ETag', async () => {
    for (const url of [
      '/api/products?search=Byte%20Cache&page=1&limit=12',
      `/api/products/${kiteId}`,
      '/api/category-overrides/tree',
      trpcList('Byte Cache'),
      `/trpc/products.byId?input=${encodeURIComponent(JSON.stringify({ id: kiteId }))}`,
    ]) {
      const first = await app.inject(url)
      const hitsBefore = app.publicReadStats().hits
      const kept = await app.inject(url)
      expect(app.publicReadStats().hits, url).toBe(hitsBefore + 1)
      const fresh = await plain.inject(url)
      expect(first.statusCode, url).toBe(200)
      for (const res of [kept, fresh]) {
        expect(res.statusCode, url).toBe(200)
        expect(res.rawPayload.equals(first.rawPayload), url).toBe(true)
        for (const name of [
          'content-type',
          'cache-control',
          'etag',
          'vary',
          'content-security-policy',
          'x-frame-options',
        ]) {
          expect(res.headers[name], `${url} ${name}`).toEqual(first.headers[name])
        }
      }
      expect(String(kept.headers['cache-control'])).toMatch(/^public, max-age=\d+$/)
      const revalidated = await app.inject({ url, headers: { 'if-none-match': String(kept.headers.etag) } })
      expect(revalidated.statusCode, url).toBe(304)
      expect(revalidated.payload).toBe('')
    }
  })

  it("shows this server's own write in the very next read (staff disabling a product)", async () => {
    const staff = await signedInUser(app, testDb.db, 'byte-staff@example.com')
    await testDb.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.userId))
    const listing = '/api/products?search=Byte%20Cache%20Ball&page=1&limit=12'
    const rest = `/api/products/${ballId}`
    expect(titles((await app.inject(listing)).json())).toEqual(['Byte Cache Ball'])
    expect((await app.inject(rest)).statusCode).toBe(200)
    expect(titles((await app.inject(trpcList('Byte Cache Ball'))).json().result.data)).toEqual(['Byte Cache Ball'])

    const toggled = await app.inject({
      method: 'POST',
      url: `/api/products/${ballId}/toggle-disabled`,
      headers: withSession(staff.token),
    })
    expect(toggled.json()).toMatchObject({ success: true, disabled: true })
    // No waiting: the next reads come straight after the write's answer.
    // (The search then falls back to any of the words: the kite, never the ball.)
    expect(titles((await app.inject(listing)).json())).not.toContain('Byte Cache Ball')
    expect((await app.inject(rest)).statusCode).toBe(404)
    expect(titles((await app.inject(trpcList('Byte Cache Ball'))).json().result.data)).not.toContain('Byte Cache Ball')

    // Staff still see the disabled product (never a kept shopper's answer), privately.
    const seen = await app.inject({ url: rest, headers: withSession(staff.token) })
    expect(seen.statusCode).toBe(200)
    expect(seen.headers['cache-control']).toBe('private, no-store')
    // ...and a staff answer is never kept for shoppers.
    expect((await app.inject(rest)).statusCode).toBe(404)

    await app.inject({
      method: 'POST',
      url: `/api/products/${ballId}/toggle-disabled`,
      headers: withSession(staff.token),
    })
    expect(titles((await app.inject(listing)).json())).toEqual(['Byte Cache Ball'])
  })

  it("shows another connection's write once its notification arrives", async () => {
    const listing = '/api/products?search=Byte%20Cache%20Kite&page=1&limit=12'
    expect(titles((await app.inject(listing)).json())).toContain('Byte Cache Kite')
    await testDb.db.execute(sql`update products set title = 'Byte Cache Kite Deluxe' where id = ${kiteId}`)
    await expect
      .poll(async () => titles((await app.inject(listing)).json()), { timeout: 5_000 })
      .toContain('Byte Cache Kite Deluxe')
    expect((await app.inject(`/api/products/${kiteId}`)).json().title).toBe('Byte Cache Kite Deluxe')
  })

  it('keeps answering correctly while its listening connection is lost, and listens again', async () => {
    const listing = '/api/products?search=Byte%20Cache%20Kite&page=1&limit=12'
    await app.inject(listing)
    await testDb.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${CATALOG_VERSION_APPLICATION} and datname = current_database()`,
    )
    await expect.poll(() => app.catalogVersion.current()).toBeUndefined()
    // Nobody hears this write: the reads go to the database and see it at once.
    await testDb.db.update(products).set({ title: 'Byte Cache Kite Unheard' }).where(eq(products.id, kiteId))
    expect(titles((await app.inject(listing)).json())).toContain('Byte Cache Kite Unheard')
    await expect.poll(() => app.catalogVersion.current(), { timeout: 10_000 }).toBeDefined()
    expect(titles((await app.inject(listing)).json())).toContain('Byte Cache Kite Unheard')
  })

  it('answers many shoppers at once, each with the answer of their own URL', async () => {
    const urls = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? `/api/products/${i % 4 === 0 ? kiteId : ballId}`
        : trpcList(i % 3 === 0 ? 'Byte Cache Ball' : 'Nothing Here'),
    )
    const answers = await Promise.all(urls.map((url) => app.inject(url)))
    const again = await Promise.all(urls.map((url) => app.inject(url)))
    const fresh = await Promise.all(urls.map((url) => plain.inject(url)))
    answers.forEach((answer, i) => expect(answer.payload, urls[i]).toBe(fresh[i]!.payload))
    again.forEach((answer, i) => expect(answer.payload, urls[i]).toBe(fresh[i]!.payload))
  })
})
