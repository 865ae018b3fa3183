import type { LookupFunction } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { LINK_PREVIEW_MESSAGES, type LinkPreview, type OwnerItemOutput } from '@presently/domain'
import { createOutsideFetcher, testOnlyAllowList } from '@presently/outside-fetch'
import { startFixtureShop, type FixtureShop } from '@presently/outside-fetch/testing'
import { awaitHostTurn } from '../../../../packages/api/src/services/link-previews/limits.ts'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'

/** Test DNS: evil.test is 10.0.0.1 (refused by the guard before any packet leaves). */
const testLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  if (hostname !== 'evil.test') return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }))
  return options.all ? callback(null, [{ address: '10.0.0.1', family: 4 }]) : callback(null, '10.0.0.1', 4)
}) as unknown as LookupFunction

let testDb: TestDatabase
let shop: FixtureShop
let app: FastifyInstance
/** A second instance on the same database: limits and cache are shared. */
let other: FastifyInstance
/** The production shape: no allow-list. */
let guardedApp: FastifyInstance
type Account = { token: string; userId: number }
let ann: Account
let bob: Account
let cat: Account

beforeAll(async () => {
  testDb = await createTestDatabase()
  shop = await startFixtureShop()
  const fetcher = createOutsideFetcher({
    userAgent: 'PresentlyBot/1.0 (+http://localhost:3000/; link previews)',
    testAllowList: testOnlyAllowList([shop.origin]),
    lookup: testLookup,
    defaults: { timeoutMs: 1500 },
  })
  const env = { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000, LINK_PREVIEW_PER_USER_PER_MINUTE: 200 }
  app = await buildTestApp(testDb.db, env, { outsideFetcher: fetcher })
  other = await buildTestApp(testDb.db, { ...env, LINK_PREVIEW_PER_USER_PER_MINUTE: 4 }, { outsideFetcher: fetcher })
  guardedApp = await buildTestApp(testDb.db, env)
  // Building three apps blocks the event loop for a while; under-pressure (health.ts) would
  // answer the first requests 503 until its next sample sees the loop free again.
  await new Promise((resolve) => setTimeout(resolve, 2500))
  ann = await signedInUser(app, testDb.db, 'ann-previews@example.com')
  bob = await signedInUser(app, testDb.db, 'bob-previews@example.com')
  cat = await signedInUser(app, testDb.db, 'cat-previews@example.com')
})
afterAll(async () => {
  await Promise.all([app.close(), other.close(), guardedApp.close()])
  await shop.close()
  await testDb.close()
})

async function preview(path: string, who: Account = ann, on: FastifyInstance = app): Promise<LinkPreview> {
  const url = path.startsWith('http') ? path : shop.url(path)
  const res = await on.inject({
    method: 'POST',
    url: '/api/link-previews',
    headers: withSession(who.token),
    payload: { url },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<LinkPreview>()
}

describe('POST /api/link-previews on the fixture shop (issue 38)', () => {
  it('JSON-LD @graph page: title, £ price, shop name, and a picture served by the shop as WebP 480 px', async () => {
    const got = await preview('/products/hemsby-oak-bookcase')
    expect(got).toMatchObject({
      status: 'product',
      message: null,
      title: 'Hemsby Oak Bookcase',
      price: 1299.99,
      otherPrice: null,
      availability: 'in_stock',
      shopName: 'Hartley & Co',
      catalogProduct: null,
    })
    expect(got.image).toMatch(/^\/api\/link-previews\/images\/[0-9a-f]{32}$/)
    expect(got.readAt).not.toBeNull()
    const picture = await app.inject({ method: 'GET', url: got.image! })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/webp')
    expect(picture.headers['cache-control']).toContain('immutable')
    const meta = await sharp(picture.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 360 })
  })

  it.each([
    [
      '/products/space-shuttle',
      { title: 'Space Shuttle Building Set', price: 49.99, shopName: 'Bricks & Blocks' },
      true,
    ],
    ['/products/stoneware-teapot', { title: 'Stoneware Teapot, Sage', price: 24.5, shopName: '127.0.0.1' }, true],
    ['/products/mystery-box', { status: 'product', title: 'Mystery Gift Box', price: null }, true],
    ['/products/cafe-creme-scarf', { title: 'Café Crème Wool Scarf', price: 35, shopName: 'Maison Laine' }, false],
    ['/products/mug', { status: 'page', title: 'Hand-thrown Mug', price: null }, false],
    ['/products/felt-bunting', { title: 'Felt Bunting', price: 12 }, false],
    ['/products/paper-lantern', { title: 'Paper Lantern', price: 8 }, false],
    ['/products/sneaky-lamp', { title: 'Sneaky Lamp', price: 30 }, false],
    ['/products/giant-poster', { status: 'page', title: 'Giant Poster' }, false],
  ] as const)('%s', async (path, expected, hasPicture) => {
    const got = await preview(path)
    expect(got).toMatchObject({ message: null, ...expected })
    // An SVG with a script, HTML posing as a JPEG, a picture over 5 MB or on 169.254.169.254: no picture.
    expect(got.image !== null).toBe(hasPicture)
  })

  it('another currency is kept as it is, never converted', async () => {
    expect(await preview('/products/trail-runner')).toMatchObject({
      status: 'product',
      price: null,
      otherPrice: { amount: 89, currency: 'USD' },
    })
  })

  it.each([
    ['a 503 robot check', '/dp/B0BOTWALL1', LINK_PREVIEW_MESSAGES.botWall],
    ['a 200 robot check', '/gp/product/B0BOTWALL2', LINK_PREVIEW_MESSAGES.botWall],
    ['a PDF', '/document.pdf', LINK_PREVIEW_MESSAGES.notAPage],
    ['a drip-fed body', '/drip', LINK_PREVIEW_MESSAGES.timeout],
    ['a 50 MB body', '/huge', LINK_PREVIEW_MESSAGES.unreadable],
    ['a gzip bomb', '/bomb', LINK_PREVIEW_MESSAGES.unreadable],
    [
      'a redirect to 127.0.0.1',
      `/redirect?to=${encodeURIComponent('http://127.0.0.1/')}`,
      LINK_PREVIEW_MESSAGES.blocked,
    ],
    [
      'a redirect to 169.254.169.254',
      `/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      LINK_PREVIEW_MESSAGES.blocked,
    ],
    ['a redirect to [::1]', `/redirect?to=${encodeURIComponent('http://[::1]/')}`, LINK_PREVIEW_MESSAGES.blocked],
    ['a redirect to 0.0.0.0', `/redirect?to=${encodeURIComponent('http://0.0.0.0/')}`, LINK_PREVIEW_MESSAGES.blocked],
    ['a name resolving to 10.0.0.1', 'http://evil.test/product', LINK_PREVIEW_MESSAGES.blocked],
    ['127.0.0.1 in decimal', 'http://2130706433/', LINK_PREVIEW_MESSAGES.blocked],
    ['127.0.0.1 in hex', 'http://0x7f.1/', LINK_PREVIEW_MESSAGES.blocked],
    ['a page with no product', '/status/404', LINK_PREVIEW_MESSAGES.unreadable],
  ])('%s: unreadable with a plain message', async (_name, path, message) => {
    expect(await preview(path)).toMatchObject({ status: 'unreadable', message, title: null, image: null, price: null })
  })

  it('without the test allow-list the fixture shop on 127.0.0.1 is refused as a private address', async () => {
    // A URL nobody previewed yet (a reading already kept would be answered from the cache).
    const got = await preview('/products/hemsby-oak-bookcase?unlisted=1', bob, guardedApp)
    expect(got).toMatchObject({ status: 'unreadable', message: LINK_PREVIEW_MESSAGES.blocked })
    expect(await preview('http://127.0.0.1/', bob, guardedApp)).toMatchObject({
      message: LINK_PREVIEW_MESSAGES.blocked,
    })
  })

  it('a second preview of a URL within 24 hours is answered from PostgreSQL, on another instance too', async () => {
    const first = await preview('/products/space-shuttle?colour=white', cat)
    const fetches = shop.seen.filter((r) => r.path === '/products/space-shuttle?colour=white').length
    const again = await preview('/products/space-shuttle?colour=white', bob, other)
    expect(again).toEqual(first)
    expect(shop.seen.filter((r) => r.path === '/products/space-shuttle?colour=white').length).toBe(fetches)
  })

  it('the catalog’s own product is offered for its Amazon link (by ASIN) without fetching anything', async () => {
    const [product] = await createTestProducts(testDb.db, [
      { title: 'Hornby Catalogue', price: 3.42, affiliateUrl: 'https://www.amazon.co.uk/dp/B00OG9OXF4' },
    ])
    const got = await preview('https://www.amazon.co.uk/Hornby-2014-Catalogue/dp/B00OG9OXF4/ref=sr_1_1?keywords=hornby')
    expect(got).toMatchObject({
      status: 'catalog',
      title: 'Hornby Catalogue',
      price: 3.42,
      catalogProduct: { productId: product!.id, awProductId: product!.awProductId, price: 3.42 },
    })
  })

  it('answers 401 signed out, 400 naming the field for a bad url', async () => {
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/link-previews',
      payload: { url: shop.url('/products/mug') },
    })
    expect(signedOut.statusCode).toBe(401)
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', 42, null, 'x'.repeat(3000)]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/link-previews',
        headers: withSession(ann.token),
        payload: { url },
      })
      expect(res.statusCode, String(url)).toBe(400)
      expect(res.json<{ message: string }>().message).toMatch(/^url must be/)
    }
    const missing = await app.inject({ method: 'GET', url: `/api/link-previews/images/${'0'.repeat(32)}` })
    expect(missing.statusCode).toBe(404)
    const malformed = await app.inject({ method: 'GET', url: '/api/link-previews/images/..%2F..%2Fetc' })
    expect(malformed.statusCode).toBe(400)
  })

  it('30 a minute per user (here 4), counted across instances; another user is not held', async () => {
    const dave = await signedInUser(app, testDb.db, 'dave-previews@example.com')
    const link = shop.url('/products/mug')
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const on = i % 2 === 0 ? other : app
      const res = await on.inject({
        method: 'POST',
        url: '/api/link-previews',
        headers: withSession(dave.token),
        payload: { url: link },
      })
      statuses.push(res.statusCode)
    }
    // app allows 200 a minute, other 4: the fifth call, on other, sees 5 counted by both.
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const refused = await other.inject({
      method: 'POST',
      url: '/api/link-previews',
      headers: withSession(dave.token),
      payload: { url: link },
    })
    expect(refused.json<{ message: string }>().message).toBe(LINK_PREVIEW_MESSAGES.tooMany)
    const eve = await signedInUser(app, testDb.db, 'eve-previews@example.com')
    const fine = await other.inject({
      method: 'POST',
      url: '/api/link-previews',
      headers: withSession(eve.token),
      payload: { url: link },
    })
    expect(fine.statusCode).toBe(200)
  })

  it('per-host politeness: two fetches a second from one shop, a third waits for the next second', async () => {
    const turns = [
      await awaitHostTurn(testDb.db, 'polite.example', 0),
      await awaitHostTurn(testDb.db, 'polite.example', 0),
      await awaitHostTurn(testDb.db, 'polite.example', 0),
    ]
    expect(turns).toEqual([true, true, false])
    expect(await awaitHostTurn(testDb.db, 'other-shop.example', 0)).toBe(true)
    expect(await awaitHostTurn(testDb.db, 'polite.example', 3000)).toBe(true)
  })

  it('many users at once each get their own answer', async () => {
    const users = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => signedInUser(app, testDb.db, `crowd${i}-previews@example.com`)),
    )
    const paths = ['/products/stoneware-teapot', '/products/trail-runner', '/products/mug']
    const answers = await Promise.all(users.map((u, i) => preview(paths[i % 3]!, u)))
    answers.forEach((a, i) => expect(a.url).toBe(shop.url(paths[i % 3]!)))
  })
})

describe('saving a previewed item (issue 38)', () => {
  async function newList(who: Account) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/lists',
      headers: withSession(who.token),
      payload: { name: 'Birthday' },
    })
    return res.json<{ id: number }>().id
  }
  async function addItem(who: Account, listId: number, payload: object) {
    return app.inject({ method: 'POST', url: `/api/lists/${listId}/items`, headers: withSession(who.token), payload })
  }

  it('keeps the picture, the price and the date it was read; an edited price has no reading date', async () => {
    const got = await preview('/products/hemsby-oak-bookcase', bob)
    const listId = await newList(bob)
    const link = shop.url('/products/hemsby-oak-bookcase')
    const kept = await addItem(bob, listId, { title: got.title, link, price: got.price, imageId: got.imageId })
    expect(kept.statusCode, kept.body).toBe(201)
    const item = kept.json<OwnerItemOutput>()
    expect(item).toMatchObject({ title: 'Hemsby Oak Bookcase', price: 1299.99, image: got.image, otherPrice: null })
    expect(item.priceReadAt).not.toBeNull()
    const edited = await addItem(bob, listId, { title: 'Bookcase', link, price: 1100, imageId: got.imageId })
    expect(edited.json<OwnerItemOutput>()).toMatchObject({ price: 1100, priceReadAt: null })
    // The shared list shows the shop's own copy of the picture to visitors.
    const shared = await app.inject({
      method: 'POST',
      url: `/api/lists/${listId}/share`,
      headers: withSession(bob.token),
    })
    const token = shared.json<{ url: string }>().url.split('/lists/shared/')[1]!
    const page = await app.inject({ method: 'GET', url: `/api/shared-lists/${token}` })
    expect(page.json<{ items: OwnerItemOutput[] }>().items[0]!.image).toBe(got.image)
  })

  it('keeps a price in another currency with its currency', async () => {
    const got = await preview('/products/trail-runner', bob)
    const listId = await newList(bob)
    const res = await addItem(bob, listId, {
      title: got.title,
      link: shop.url('/products/trail-runner'),
      otherPrice: got.otherPrice,
      imageId: got.imageId,
    })
    expect(res.statusCode, res.body).toBe(201)
    const item = res.json<OwnerItemOutput>()
    expect(item).toMatchObject({ price: null, otherPrice: { amount: 89, currency: 'USD' } })
    expect(item.priceReadAt).not.toBeNull()
    // A price in pounds replaces it.
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/lists/${listId}/items/${item.id}`,
      headers: withSession(bob.token),
      payload: { price: 70 },
    })
    expect(changed.json<OwnerItemOutput>()).toMatchObject({ price: 70, otherPrice: null, priceReadAt: null })
  })

  it('refuses an unknown picture, two currencies, a GBP otherPrice and preview fields on catalog items (400)', async () => {
    const listId = await newList(bob)
    const cases = [
      [{ title: 'X', imageId: 'f'.repeat(32) }, /imageId/],
      [{ title: 'X', imageId: '../etc' }, /imageId/],
      [{ title: 'X', price: 5, otherPrice: { amount: 5, currency: 'USD' } }, /not both/],
      [{ title: 'X', otherPrice: { amount: 5, currency: 'GBP' } }, /pounds goes in price/],
      [{ title: 'X', otherPrice: { amount: 5, currency: 'dollars' } }, /three-letter/],
      [{ title: 'X', otherPrice: { amount: -5, currency: 'USD' } }, /otherPrice.amount/],
    ] as const
    for (const [payload, message] of cases) {
      const res = await addItem(bob, listId, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json<{ message: string }>().message).toMatch(message)
    }
  })
})
