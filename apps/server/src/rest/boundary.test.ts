import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { emailLog, eq, promos, sessions, users } from '@presently/db'
import { buildTestApp, sessionCookie, signedInUser, withSession } from '../testing/auth-helpers.ts'

/**
 * The findings of the robustness probe (issue 10), each as it was reproduced: hostile text and
 * out-of-range ids answered 500, spelled paths skipped the Origin check, logout left the
 * session alive, forgot-password worked before answering.
 */

let testDb: TestDatabase
let app: FastifyInstance
let productId: number
let awProductId: number
let promoId: number

beforeAll(async () => {
  testDb = await createTestDatabase()
  const [product] = await createTestProducts(testDb.db, [{ title: 'Hornby Train Set', price: 20 }])
  productId = product!.id
  awProductId = product!.awProductId
  const [promo] = await testDb.db
    .insert(promos)
    .values({ name: 'summer', title: 'Summer', description: 'Sun' })
    .returning()
  promoId = promo!.id
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 10_000 })
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

const get = (url: string) => app.inject({ method: 'GET', url })
const json = { 'content-type': 'application/json' }

describe('text a PostgreSQL column cannot hold answers 400, not 500', () => {
  it.each([
    ['/api/products?search=a%00b', 'search must not contain NUL characters or unpaired surrogates'],
    ['/api/products?category_name=a%00b', 'category_name must not contain NUL'],
    ['/api/products/by-category?category_level1=a%00b', 'category_level1 must not contain NUL'],
    ['/api/products?category_level2=a%00b&category_level3=x', 'category_level2 must not contain NUL'],
    ['/api/products?sort=random&seed=a%00b', 'seed must not contain NUL'],
    ['/api/search/categories-with-counts?q=a%00b', 'q must not contain NUL'],
    ['/api/promos/name/a%00b', 'name must not contain NUL'],
    // A lone surrogate arrives as the UTF-8 bytes of U+D800, which decode to U+FFFD: allowed text.
    [`/api/products?search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
  ])('GET %s', async (url, message) => {
    const res = await get(url)
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
    expect(res.json().message).toContain(message)
  })

  it('refuses a NUL or a lone surrogate in a JSON body (register displayName)', async () => {
    for (const displayName of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'nul@example.com', password: 'secret1', displayName },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        success: false,
        message: 'displayName must not contain NUL characters or unpaired surrogates',
      })
    }
    expect(await testDb.db.select().from(users).where(eq(users.email, 'nul@example.com'))).toEqual([])
  })

  it('refuses a NUL in a tRPC input', async () => {
    const input = encodeURIComponent(JSON.stringify({ q: 'a\u0000b' }))
    const res = await get(`/trpc/categories.searchWithCounts?input=${input}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('q must not contain NUL characters or unpaired surrogates')
  })
})

describe('tRPC words an input problem as REST does', () => {
  it("names the field in zod's own wording, and keeps a schema's own message", async () => {
    const { token } = await signedInUser(app, testDb.db, 'wording@example.com')
    const both = async (rest: string, procedure: string, payload: object) => {
      const viaRest = await app.inject({ method: 'POST', url: rest, headers: withSession(token), payload })
      const viaTrpc = await app.inject({
        method: 'POST',
        url: `/trpc/${procedure}`,
        headers: withSession(token),
        payload,
      })
      expect([viaRest.statusCode, viaTrpc.statusCode]).toEqual([400, 400])
      return [viaRest.json<{ message: string }>().message, viaTrpc.json<{ error: { message: string } }>().error.message]
    }
    expect(await both('/api/lists', 'wishLists.create', {})).toEqual([
      'Invalid name: Invalid input: expected string, received undefined',
      'Invalid name: Invalid input: expected string, received undefined',
    ])
    expect(await both('/api/lists', 'wishLists.create', { name: 'x', note: 7 })).toEqual([
      'Invalid note: Invalid input: expected string, received number',
      'Invalid note: Invalid input: expected string, received number',
    ])
    expect(await both('/api/lists', 'wishLists.create', { name: '' })).toEqual(['name is required', 'name is required'])
  })
})

describe('ids are checked against the column they are looked up in', () => {
  const int4 = 'id must be a whole number from 1 to 2147483647'
  it.each([
    '/api/products/2147483648',
    '/api/redirect/2147483648',
    '/api/variants/product/2147483648/status',
    '/api/variants/product/2147483648/group',
    '/api/promos/2147483648/products',
    '/api/promos/2147483648/products/paginated',
  ])('GET %s answers 400', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message: expect.stringContaining('2147483647') as string })
  })

  it('answers the id message for a shop id past int4, and accepts the largest int4', async () => {
    expect((await get('/api/products/2147483648')).json().message).toBe(int4)
    expect((await get('/api/products/2147483647')).statusCode).toBe(404)
    expect((await get('/api/products/0')).statusCode).toBe(400)
    expect((await get('/api/products/-1')).statusCode).toBe(400)
    expect((await get('/api/products/1.5')).statusCode).toBe(400)
    expect((await get('/api/products/NaN')).statusCode).toBe(400)
    expect((await get('/api/products/Infinity')).statusCode).toBe(400)
  })

  it('takes affiliate ids (a bigint column) up to 2^53-1 and refuses larger ones', async () => {
    expect((await get(`/api/products/${awProductId}?type=aw`)).json().id).toBe(productId)
    expect((await get(`/api/variants/product/${awProductId}/status?awProductId=true`)).statusCode).toBe(200)
    expect((await get('/api/products/9007199254740991?type=aw')).statusCode).toBe(404)
    expect((await get('/api/redirect/9007199254740991?type=aw')).statusCode).toBe(404)
    expect((await get('/api/products/9007199254740991/descriptions/formatted')).statusCode).toBe(404)
    expect((await get('/api/products/9007199254740992?type=aw')).statusCode).toBe(400)
    expect((await get('/api/products/9223372036854775808/descriptions/formatted')).statusCode).toBe(400)
  })

  it('checks tRPC inputs the same way', async () => {
    const call = (path: string, input: unknown) =>
      get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
    for (const [path, input] of [
      ['products.byId', { id: 2_147_483_648 }],
      ['products.affiliateUrl', { id: 2_147_483_648 }],
      ['variants.status', { id: 2_147_483_648 }],
      ['variants.group', { id: 2_147_483_648 }],
      ['products.list', { promoId: 2_147_483_648 }],
      ['promos.products', { promoId: 2_147_483_648 }],
      ['categories.promoWithCounts', { promoId: 2_147_483_648 }],
      ['products.formattedDescription', { awProductId: 9_007_199_254_740_992 }],
    ] as const) {
      const res = await call(path, input)
      expect(res.statusCode, path).toBe(400)
      expect(res.json().error.data.code, path).toBe('BAD_REQUEST')
    }
    expect((await call('products.byId', { id: 9_007_199_254_740_991, type: 'aw' })).statusCode).toBe(404)
    expect((await call('products.list', { promoId: promoId })).statusCode).toBe(200)
  })
})

describe('the Origin check and the session do not depend on how the path is spelled', () => {
  const foreign = { origin: 'http://evil.example', ...json }
  const loginSpellings = [
    '/api/auth/login',
    '/%61pi/auth/login',
    '/%2561pi/auth/login',
    '/api/auth/%6cogin',
    '/API/auth/login',
    '/Api/Auth/Login',
    '/api/auth/login/',
    '/api/auth/login?x=1',
    '//api/auth/login',
    '/api//auth/login',
    '/api/auth/../auth/login',
    '/api/auth/login%2F',
  ]
  const trpcSpellings = [
    '/trpc/auth.login',
    '/%74rpc/auth.login',
    '/%2574rpc/auth.login',
    '/TRPC/auth.login',
    '/Trpc/auth.login',
    '/trpc/auth.login/',
    '/trpc/auth%2Elogin',
    '//trpc/auth.login',
  ]

  beforeAll(async () => {
    await signedInUser(app, testDb.db, 'victim@example.com')
  })

  it.each([...loginSpellings, ...trpcSpellings])(
    'POST %s from another site gets 403 or 404 and never a session',
    async (url) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: foreign,
        payload: JSON.stringify({ email: 'victim@example.com', password: 'secret1' }),
      })
      expect([403, 404]).toContain(res.statusCode)
      expect(sessionCookie(res)).toBeUndefined()
      expect(res.headers['set-cookie']).toBeUndefined()
    },
  )

  it('refuses every write method from another site, whatever the path', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/auth/logout', '/%61pi/auth/logout', '/anything', '/trpc/auth.logout']) {
        const res = await app.inject({ method, url, headers: { origin: 'https://evil.example' } })
        expect(res.statusCode, `${method} ${url}`).toBe(403)
      }
    }
  })

  it('a spelled logout from another site leaves the session alive', async () => {
    const { token, userId } = await signedInUser(app, testDb.db, 'spelled-logout@example.com')
    for (const url of ['/%61pi/auth/logout', '/%74rpc/auth.logout', '/API/auth/logout', '/api/auth/logout/']) {
      const res = await app.inject({ method: 'POST', url, headers: { ...withSession(token), ...foreign } })
      expect([403, 404], url).toContain(res.statusCode)
      expect(res.headers['set-cookie'], url).toBeUndefined()
    }
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1)
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })).statusCode,
    ).toBe(200)
  })

  it('a spelling the router matches still reads the session: logout ends it on the server', async () => {
    for (const url of ['/%61pi/auth/logout', '/%74rpc/auth.logout']) {
      const { token, userId } = await signedInUser(app, testDb.db, `matched-${url.length}-${url[2]}@example.com`)
      const session = await app.inject({ method: 'GET', url: '/%61pi/auth/session', headers: withSession(token) })
      expect(session.json().data.user.id).toBe(userId)
      const res = await app.inject({ method: 'POST', url, headers: { ...withSession(token), ...json }, payload: '{}' })
      expect(res.statusCode).toBe(200)
      expect(sessionCookie(res)?.value).toBe('')
      expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([])
    }
  })
})

describe('forgot-password and resend-confirmation answer before their work', () => {
  it('answers while the account lookup is still blocked, and mails once it is released', async () => {
    await signedInUser(app, testDb.db, 'blocked@example.com')
    // A second connection holds an exclusive lock on users: the lookup behind the answer waits.
    const locker = await testDb.pool.connect()
    try {
      await locker.query('begin')
      await locker.query('lock table users in access exclusive mode')
      for (const url of ['/api/auth/forgot-password', '/api/auth/resend-confirmation']) {
        const res = await app.inject({ method: 'POST', url, payload: { email: 'blocked@example.com' } })
        expect(res.statusCode).toBe(200)
      }
      const during = await locker.query('select count(*)::int as n from email_log where kind = $1', ['reset_password'])
      expect(during.rows[0]).toEqual({ n: 0 })
      await locker.query('commit')
    } finally {
      locker.release()
    }
    await app.afterResponse.idle()
    const mails = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'blocked@example.com'))
    // The reset mail (the account is confirmed, so no new confirmation mail).
    expect(mails.filter((m) => m.kind === 'reset_password')).toHaveLength(1)
  })
})
