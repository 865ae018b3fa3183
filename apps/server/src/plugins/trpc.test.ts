import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { resolveResponse } from '@trpc/server/http'
import { appRouter } from '@presently/api'
import { buildTestApp, signedInUser, TEST_APP_URL, withSession } from '../testing/auth-helpers.ts'
import { eq, users } from '@presently/db'
import { PUBLIC_TRPC_READS } from './trpc-cache.ts'

let testDb: TestDatabase
let app: FastifyInstance
let productId: number
let categoryName: string

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })
const one = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
const batch = (procedures: string[], inputs: Record<number, unknown> = {}) =>
  `/trpc/${procedures.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`

beforeAll(async () => {
  testDb = await createTestDatabase()
  await importCatalog(testDb.db, { file: seedCatalogFile })
  app = await buildTestApp(testDb.db)
  const page = (await get('/api/products?limit=1&page=2')).json<{ products: { id: number; categoryName: string }[] }>()
  productId = page.products[0]!.id
  categoryName = page.products[0]!.categoryName
}, 120_000)
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('public catalog reads over tRPC: the same answer and HTTP caching as REST', () => {
  it.each([
    [
      'a listing',
      () => one('products.list', { page: 1, limit: 12, categoryName }),
      () => `/api/products/by-category?category_name=${encodeURIComponent(categoryName)}&page=1&limit=12`,
    ],
    [
      'a search',
      () => one('products.list', { page: 1, limit: 12, search: 'train set' }),
      () => '/api/products?search=train%20set&page=1&limit=12',
    ],
    ['a product', () => one('products.byId', { id: productId }), () => `/api/products/${productId}`],
  ])(
    '%s: data equal to REST, public max-age=300, an ETag and a 304 on revalidation',
    async (_name, trpcUrl, restUrl) => {
      const [trpc, rest] = await Promise.all([get(trpcUrl()), get(restUrl())])
      expect(trpc.statusCode).toBe(200)
      expect(trpc.body).toBe(JSON.stringify({ result: { data: rest.json() } }))
      expect(trpc.headers['content-type']).toMatch(/^application\/json/)
      expect(trpc.headers['cache-control']).toBe('public, max-age=300')
      expect(rest.headers['cache-control']).toBe('public, max-age=300')
      const etag = trpc.headers.etag as string
      expect(etag).toMatch(/^"/)
      expect(trpc.headers['content-length']).toBe(String(Buffer.byteLength(trpc.body)))
      const again = await get(trpcUrl(), { 'if-none-match': etag })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
    },
  )

  it('gives the max price and the category tree an hour, as REST does', async () => {
    expect((await get(one('products.maxPrice'))).headers['cache-control']).toBe('public, max-age=3600')
    expect((await get(one('categories.tree'))).headers['cache-control']).toBe('public, max-age=3600')
    expect((await get('/api/category-overrides/tree')).headers['cache-control']).toBe('public, max-age=3600')
  })

  it('makes a promo looked up by name revalidate (no-cache), as REST does', async () => {
    const res = await get(one('promos.byName', { name: 'no-such-promo-at-all' }))
    // A miss is an error, and errors are never stored.
    expect(res.statusCode).toBe(404)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('answers a batch of public reads with every result and the smallest max-age', async () => {
    const res = await get(
      batch(['categories.tree', 'products.list', 'products.byId'], { 1: { limit: 2 }, 2: { id: productId } }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    const body = res.json<{ result: { data: unknown } }[]>()
    expect(body).toHaveLength(3)
    const product = (await get(`/api/products/${productId}`)).json<unknown>()
    expect(body[2]).toEqual({ result: { data: product } })
    expect((body[1]!.result.data as { products: unknown[] }).products).toHaveLength(2)
  })

  it('answers errors as tRPC does, never cached: unknown product 404, bad input 400, a failing call in a batch', async () => {
    const missing = await get(one('products.byId', { id: 2_000_000_000 }))
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-store')
    expect(missing.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND', httpStatus: 404 } } })

    const bad = await get(one('products.list', { page: 'first' }))
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['cache-control']).toBe('no-store')
    expect(bad.json()).toMatchObject({ error: { data: { code: 'BAD_REQUEST' } } })

    const unparsable = await get('/trpc/products.list?input=%7Bnot-json')
    expect(unparsable.statusCode).toBe(400)
    expect(unparsable.headers['cache-control']).toBe('no-store')

    const mixed = await get(batch(['products.maxPrice', 'products.byId'], { 1: { id: 2_000_000_000 } }))
    expect(mixed.statusCode).toBe(207)
    expect(mixed.headers['cache-control']).toBe('no-store')
    const [ok, failed] = mixed.json<[{ result: unknown }, { error: { data: { code: string } } }]>()
    expect(ok.result).toBeDefined()
    expect(failed.error.data.code).toBe('NOT_FOUND')
  })

  it("answers byte for byte what tRPC's own HTTP handler (resolveResponse) answers", async () => {
    const urls = [
      one('products.list', { page: 2, limit: 5, sort: 'price_desc' }),
      one('products.byId', { id: productId }),
      one('products.maxPrice'),
      batch(['products.list', 'categories.tree'], { 0: { search: 'doll', limit: 3 } }),
      batch(['products.maxPrice']),
    ]
    for (const url of urls) {
      const path = decodeURIComponent(new URL(url, TEST_APP_URL).pathname.slice('/trpc/'.length))
      const reference = await resolveResponse({
        router: appRouter,
        req: new Request(new URL(url, TEST_APP_URL)),
        path,
        error: null,
        createContext: () => Promise.resolve({ db: testDb.db, user: null }),
      })
      const res = await get(url)
      expect(res.statusCode, url).toBe(reference.status)
      expect(res.body, url).toBe(await reference.text())
    }
  })

  it('lists only queries that exist on the router', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>
    for (const path of Object.keys(PUBLIC_TRPC_READS)) expect(procedures[path]?._def.type, path).toBe('query')
  })
})

describe('staff answers are never shared and always revalidate', () => {
  it('gives staff private, no-cache on public reads, so a product they disable leaves their listing at once', async () => {
    const { token, userId } = await signedInUser(app, testDb.db, 'trpc-cache-staff@example.com')
    await testDb.db.update(users).set({ isStaff: true }).where(eq(users.id, userId))
    const staff = withSession(token)
    const listing = one('products.list', { page: 1, limit: 100, categoryName })
    const before = await get(listing, staff)
    expect(before.headers['cache-control']).toBe('private, no-cache')
    const etag = before.headers.etag as string
    expect((await get(listing, { ...staff, 'if-none-match': etag })).statusCode).toBe(304)

    const product = before.json<{ result: { data: { products: { id: number }[] } } }>().result.data.products[0]!
    const toggle = await app.inject({
      method: 'POST',
      url: '/trpc/products.toggleDisabled',
      headers: { ...staff, 'content-type': 'application/json', origin: TEST_APP_URL },
      payload: JSON.stringify({ id: product.id }),
    })
    expect(toggle.statusCode).toBe(200)
    try {
      const after = await get(listing, { ...staff, 'if-none-match': etag })
      expect(after.statusCode).toBe(200)
      const ids = after.json<{ result: { data: { products: { id: number }[] } } }>().result.data.products
      expect(ids.map((p) => p.id)).not.toContain(product.id)
      // The disabled product itself, which only staff can read, is not shared either.
      const disabled = await get(one('products.byId', { id: product.id }), staff)
      expect(disabled.statusCode).toBe(200)
      expect(disabled.headers['cache-control']).toBe('private, no-cache')
      // Everyone else still gets the shared, cacheable answer (and a 404 for the disabled one).
      expect((await get(listing)).headers['cache-control']).toBe('public, max-age=300')
      expect((await get(one('products.byId', { id: product.id }))).statusCode).toBe(404)
    } finally {
      await app.inject({
        method: 'POST',
        url: '/trpc/products.toggleDisabled',
        headers: { ...staff, 'content-type': 'application/json', origin: TEST_APP_URL },
        payload: JSON.stringify({ id: product.id }),
      })
    }
  })
})

describe('per-user tRPC answers are never stored (issue 10 finding 4)', () => {
  it('auth.session, signed out and signed in, is no-store', async () => {
    expect((await get(one('auth.session'))).headers['cache-control']).toBe('no-store')
    const { token } = await signedInUser(app, testDb.db, 'trpc-cache-session@example.com')
    const res = await get(one('auth.session'), withSession(token))
    expect(res.json()).toMatchObject({ result: { data: { user: { email: 'trpc-cache-session@example.com' } } } })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('protected and staff procedures, answered or refused, are no-store', async () => {
    expect((await get(one('account.recentEmails'))).headers['cache-control']).toBe('no-store')
    const { token } = await signedInUser(app, testDb.db, 'trpc-cache-account@example.com')
    const refused = await get(one('account.recentEmails'), withSession(token))
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['cache-control']).toBe('no-store')
    const mutation = await app.inject({
      method: 'POST',
      url: '/trpc/account.updateUnsubscribed',
      headers: { ...withSession(token), origin: TEST_APP_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({ unsubscribed: true }),
    })
    expect(mutation.statusCode).toBe(200)
    expect(mutation.headers['cache-control']).toBe('no-store')
  })

  it('a batch mixing public and per-user calls is no-store, and each of many users gets their own answer', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signedInUser(app, testDb.db, `trpc-cache-batch-${i}@example.com`)),
    )
    const url = batch(['products.maxPrice', 'auth.session'])
    const answers = await Promise.all(users.map(({ token }) => get(url, withSession(token))))
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const [, session] = res.json<[unknown, { result: { data: { user: { email: string } } } }]>()
      expect(session.result.data.user.email).toBe(`trpc-cache-batch-${i}@example.com`)
    })
    // Signed out, the same batch still holds a per-user call.
    expect((await get(url)).headers['cache-control']).toBe('no-store')
  })

  it('anything not listed as a public read is no-store, even a harmless public query', async () => {
    expect((await get(one('auth.providers'))).headers['cache-control']).toBe('no-store')
    expect((await get(one('no.such.procedure'))).headers['cache-control']).toBe('no-store')
  })
})
