import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { clickThroughs, eq, occasions, people, products } from '@presently/db'
import { setRole } from '@presently/api'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance
type Account = { token: string; userId: number }
let ann: Account
let ben: Account
let sam: Account
let catalog: Awaited<ReturnType<typeof createTestProducts>>
const ids = { annsMum: 0, bensDad: 0, birthday: 0 }

const as = (user: { token: string }) => withSession(user.token)
const product = (i: number) => catalog[i]!

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-likes@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-likes@example.com')
  sam = await signedInUser(app, testDb.db, 'sam-staff@example.com')
  await setRole(testDb.db, { email: 'sam-staff@example.com', role: 'staff', granted: true })
  catalog = await createTestProducts(testDb.db, [
    { title: 'Wooden train', price: 24.99, affiliateUrl: 'https://www.amazon.co.uk/dp/B000TRAIN' },
    { title: 'Kite', price: 9.5, affiliateUrl: 'https://www.amazon.co.uk/dp/B000KITE' },
    { title: 'Puzzle', price: 7, affiliateUrl: 'https://www.amazon.co.uk/dp/B000PUZZLE' },
  ])
  const insertPerson = async (userId: number, name: string) =>
    (await testDb.db.insert(people).values({ userId, name }).returning())[0]!.id
  ids.annsMum = await insertPerson(ann.userId, 'Mum')
  ids.bensDad = await insertPerson(ben.userId, 'Dad')
  ids.birthday = (await testDb.db.select().from(occasions).where(eq(occasions.value, 'birthday')))[0]!.id
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('signed out', () => {
  it('every like, order and staff call answers 401 and does nothing', async () => {
    for (const [method, url] of [
      ['POST', '/api/clickthrough'],
      ['GET', '/api/my-orders'],
      ['GET', '/api/orders/1'],
      ['POST', '/api/products/1/like'],
      ['GET', '/api/get-liked-products'],
      ['GET', '/api/get-liked-products/page'],
      ['GET', '/api/get-liked-products/person/1/occasion/Birthday'],
      ['GET', '/api/product-like-associations/1'],
      ['POST', '/api/product-like-associations/batch'],
      ['POST', '/api/product-like-associations'],
      ['POST', '/api/products/1/toggle-disabled'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
      expect(res.json()).toEqual({ success: false, message: 'Unauthorized' })
    }
  })
})

describe('POST /api/clickthrough and the orders calls', () => {
  it('records the order for the session user whatever userId is sent, then lists and shows it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/clickthrough',
      headers: as(ann),
      payload: { productId: product(0).id, personId: ids.annsMum, occasionId: ids.birthday, userId: ben.userId },
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers['cache-control']).toBe('no-store')
    const { id } = res.json<{ id: number }>()
    expect(res.json()).toEqual({
      success: true,
      id,
      message: 'Click-through recorded',
      product: { id: product(0).id, awProductId: product(0).awProductId, title: 'Wooden train', price: 24.99 },
    })
    const [row] = await testDb.db.select().from(clickThroughs).where(eq(clickThroughs.id, id))
    expect(row!.userId).toBe(ann.userId)

    for (const userId of ['ann', null, { id: 1 }, -5]) {
      const odd = await app.inject({
        method: 'POST',
        url: '/api/clickthrough',
        headers: as(ben),
        payload: { productId: product(1).id, personId: ids.bensDad, occasionId: ids.birthday, userId },
      })
      expect(odd.statusCode).toBe(201)
      const [saved] = await testDb.db
        .select()
        .from(clickThroughs)
        .where(eq(clickThroughs.id, odd.json<{ id: number }>().id))
      expect(saved!.userId).toBe(ben.userId)
    }

    const mine = await app.inject({ url: '/api/my-orders?page=1&itemsPerPage=5', headers: as(ann) })
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toEqual({
      orders: [
        {
          id,
          createdAt: expect.any(String),
          clickthrough: {
            product: {
              id: product(0).id,
              title: 'Wooden train',
              imageUrl: null,
              categoryName: product(0).categoryName,
              awProductId: product(0).awProductId,
              price: 24.99,
              disabled: false,
            },
            person: { id: ids.annsMum, name: 'Mum' },
            occasion: { id: ids.birthday, label: 'Birthday' },
          },
          priceAtClick: 24.99,
          outcome: null,
          pricePaid: null,
        },
      ],
      total: 1,
      page: 1,
      itemsPerPage: 5,
      totalPages: 1,
    })
    const one = await app.inject({ url: `/api/orders/${id}`, headers: as(ann) })
    expect(one.json()).toEqual(mine.json<{ orders: unknown[] }>().orders[0])
    const foreign = await app.inject({ url: `/api/orders/${id}`, headers: as(ben) })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ success: false, message: 'Order not found' })
  })

  it("refuses another user's person (404) and a missing selection (400 with the spec's message)", async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/clickthrough',
      headers: as(ann),
      payload: { productId: product(0).id, personId: ids.bensDad, occasionId: ids.birthday },
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ success: false, message: 'Person not found' })
    const missing = await app.inject({
      method: 'POST',
      url: '/api/clickthrough',
      headers: as(ann),
      payload: { productId: product(0).id, personId: ids.annsMum },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ success: false, message: 'Please select an occasion' })
  })

  it('checks the page parameters', async () => {
    for (const query of ['page=0', 'itemsPerPage=51', 'itemsPerPage=abc', 'page=99999999999']) {
      const res = await app.inject({ url: `/api/my-orders?${query}`, headers: as(ann) })
      expect(res.statusCode, query).toBe(400)
    }
    const defaults = await app.inject({ url: '/api/my-orders', headers: as(ann) })
    expect(defaults.json()).toMatchObject({ page: 1, itemsPerPage: 10 })
  })
})

describe('likes and associations over REST', () => {
  it('toggles by shop id and by affiliate id (type=aw), and lists likes', async () => {
    const liked = await app.inject({ method: 'POST', url: `/api/products/${product(1).id}/like`, headers: as(ann) })
    expect(liked.statusCode).toBe(200)
    expect(liked.json()).toMatchObject({ success: true, liked: true })
    const byAw = await app.inject({
      method: 'POST',
      url: `/api/products/${product(2).awProductId}/like?type=aw`,
      headers: as(ann),
    })
    expect(byAw.json()).toMatchObject({ liked: true })
    const list = await app.inject({ url: '/api/get-liked-products', headers: as(ann) })
    expect(list.headers['cache-control']).toBe('no-store')
    expect(list.json<Array<{ productId: number }>>().map((l) => l.productId)).toEqual([product(2).id, product(1).id])
    const unliked = await app.inject({ method: 'POST', url: `/api/products/${product(2).id}/like`, headers: as(ann) })
    expect(unliked.json()).toEqual({ success: true, liked: false, productLikeId: null, message: 'Product unliked' })
    // A shop id past int4 without type=aw is refused before the database.
    const huge = await app.inject({ method: 'POST', url: '/api/products/99999999999/like', headers: as(ann) })
    expect(huge.statusCode).toBe(400)
  })

  it('saves, copies (201, then 200 for the duplicate) and reads associations, owner-scoped', async () => {
    const likeId = (await app.inject({ url: '/api/get-liked-products', headers: as(ann) })).json<
      Array<{ id: number }>
    >()[0]!.id
    const batch = await app.inject({
      method: 'POST',
      url: '/api/product-like-associations/batch',
      headers: as(ann),
      payload: { productLikeId: likeId, associations: [{ personId: ids.annsMum, occasionId: ids.birthday }] },
    })
    expect(batch.statusCode).toBe(200)
    expect(batch.json()).toEqual([
      { id: expect.any(Number), productLikeId: likeId, personId: ids.annsMum, occasionId: ids.birthday },
    ])
    const otherLike = (
      await app.inject({ method: 'POST', url: `/api/products/${product(0).id}/like`, headers: as(ann) })
    ).json<{ productLikeId: number }>().productLikeId
    const copy = () =>
      app.inject({
        method: 'POST',
        url: '/api/product-like-associations',
        headers: as(ann),
        payload: { productLikeId: otherLike, personId: ids.annsMum, occasionId: ids.birthday },
      })
    const first = await copy()
    expect(first.statusCode).toBe(201)
    const again = await copy()
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ ...first.json<object>(), created: false })
    const read = await app.inject({ url: `/api/product-like-associations/${otherLike}`, headers: as(ann) })
    expect(read.json()).toHaveLength(1)

    const byLabel = await app.inject({
      url: `/api/get-liked-products/person/${ids.annsMum}/occasion/${encodeURIComponent('Birthday')}`,
      headers: as(ann),
    })
    expect(
      byLabel
        .json<Array<{ id: number }>>()
        .map((l) => l.id)
        .sort(),
    ).toEqual([likeId, otherLike].sort())

    // Ben can read or change none of it.
    expect(
      (await app.inject({ url: `/api/product-like-associations/${otherLike}`, headers: as(ben) })).statusCode,
    ).toBe(404)
    const bensCopy = await app.inject({
      method: 'POST',
      url: '/api/product-like-associations',
      headers: as(ben),
      payload: { productLikeId: otherLike, personId: ids.bensDad },
    })
    expect(bensCopy.statusCode).toBe(404)
    const bensLike = (
      await app.inject({ method: 'POST', url: `/api/products/${product(0).id}/like`, headers: as(ben) })
    ).json<{ productLikeId: number }>().productLikeId
    const annsPerson = await app.inject({
      method: 'POST',
      url: '/api/product-like-associations/batch',
      headers: as(ben),
      payload: { productLikeId: bensLike, associations: [{ personId: ids.annsMum }] },
    })
    expect(annsPerson.statusCode).toBe(404)
    expect(annsPerson.json()).toEqual({ success: false, message: 'Person not found' })
    const byAnnsPerson = await app.inject({
      url: `/api/get-liked-products/person/${ids.annsMum}/occasion/Birthday`,
      headers: as(ben),
    })
    expect(byAnnsPerson.statusCode).toBe(404)
  })
})

describe('GET /api/get-liked-products/page (issue 24)', () => {
  it('pages the same likes as the whole list, owner-scoped, and names a bad field', async () => {
    for (const i of [0, 1, 2]) {
      const liked = await app.inject({ method: 'POST', url: `/api/products/${product(i).id}/like`, headers: as(ben) })
      // A like left by an earlier test is toggled off: toggle again so all three are liked.
      if (!liked.json<{ liked: boolean }>().liked) {
        await app.inject({ method: 'POST', url: `/api/products/${product(i).id}/like`, headers: as(ben) })
      }
    }
    const whole = (await app.inject({ url: '/api/get-liked-products', headers: as(ben) })).json<{ id: number }[]>()
    expect(whole).toHaveLength(3)
    const first = await app.inject({ url: '/api/get-liked-products/page?limit=2', headers: as(ben) })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    const page = first.json<{ items: { id: number }[]; total: number; nextCursor: number | null }>()
    expect(page.total).toBe(whole.length)
    expect(page.items).toEqual(whole.slice(0, 2))
    const rest = await app.inject({
      url: `/api/get-liked-products/page?limit=96&cursor=${page.nextCursor}`,
      headers: as(ben),
    })
    expect(rest.json()).toEqual({ items: whole.slice(2), total: whole.length, nextCursor: null })
    // Ben's like as Ann's cursor finds nothing of Ann's and nothing of Ben's.
    const stranger = await app.inject({ url: `/api/get-liked-products/page?cursor=${whole[0]!.id}`, headers: as(ann) })
    expect(stranger.json<{ items: unknown[] }>().items).toEqual([])
    for (const query of ['limit=0', 'limit=97', 'limit=abc', 'cursor=-1']) {
      const bad = await app.inject({ url: `/api/get-liked-products/page?${query}`, headers: as(ben) })
      expect(bad.statusCode, query).toBe(400)
      expect(bad.json<{ message: string }>().message, query).toMatch(query.startsWith('limit') ? /limit/ : /cursor/)
    }
  })
})

describe('POST /api/products/{id}/toggle-disabled', () => {
  it('answers 403 to a shopper, and lets staff disable; the redirect then refuses with a clear message', async () => {
    const url = `/api/products/${product(2).awProductId}/toggle-disabled?type=aw`
    const refused = await app.inject({ method: 'POST', url, headers: as(ann) })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ success: false, message: 'Staff only' })
    expect(
      (
        await testDb.db
          .select()
          .from(products)
          .where(eq(products.id, product(2).id))
      )[0]!.disabled,
    ).toBe(false)

    const before = await app.inject(`/api/redirect/${product(2).id}`)
    expect(before.json()).toEqual({ affiliateUrl: 'https://www.amazon.co.uk/dp/B000PUZZLE' })
    const done = await app.inject({ method: 'POST', url, headers: as(sam) })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ success: true, disabled: true, message: 'Product disabled' })
    const [row] = await testDb.db
      .select()
      .from(products)
      .where(eq(products.id, product(2).id))
    expect(row!.disabledByUserId).toBe(sam.userId)

    const redirect = await app.inject(`/api/redirect/${product(2).id}`)
    expect(redirect.statusCode).toBe(404)
    expect(redirect.json()).toEqual({ success: false, message: 'This product is no longer available' })
    const listing = await app.inject('/api/products?limit=50')
    expect(listing.json<{ products: Array<{ id: number }> }>().products.map((p) => p.id)).not.toContain(product(2).id)
    // Shoppers get 404 for its page; staff get it, never cached, so they can enable it again.
    expect((await app.inject({ url: `/api/products/${product(2).id}`, headers: as(ann) })).statusCode).toBe(404)
    const forStaff = await app.inject({ url: `/api/products/${product(2).id}`, headers: as(sam) })
    expect(forStaff.statusCode).toBe(200)
    expect(forStaff.json()).toMatchObject({ disabled: true })
    expect(forStaff.headers['cache-control']).toBe('private, no-store')

    const again = await app.inject({ method: 'POST', url, headers: as(sam) })
    expect(again.json()).toEqual({ success: true, disabled: false, message: 'Product enabled' })
  })
})

describe('many users at once over HTTP', () => {
  it('each like list and order list is the caller’s own', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const account = await signedInUser(app, testDb.db, `crowd-${i}-rest@example.com`)
        const [person] = await testDb.db
          .insert(people)
          .values({ userId: account.userId, name: `Friend ${i}` })
          .returning()
        return { ...account, personId: person!.id, i }
      }),
    )
    await Promise.all(
      crowd.flatMap((c) => [
        app.inject({ method: 'POST', url: `/api/products/${product(c.i % 3).id}/like`, headers: as(c) }),
        app.inject({
          method: 'POST',
          url: '/api/clickthrough',
          headers: as(c),
          payload: {
            productId: product(c.i % 2).id,
            personId: c.personId,
            occasionId: ids.birthday,
            userId: ann.userId,
          },
        }),
      ]),
    )
    const answers = await Promise.all(
      crowd.map(async (c) => ({
        c,
        likes: (await app.inject({ url: '/api/get-liked-products', headers: as(c) })).json<
          Array<{ productId: number }>
        >(),
        orders: (await app.inject({ url: '/api/my-orders', headers: as(c) })).json<{
          total: number
          orders: Array<{ clickthrough: { person: { id: number } } }>
        }>(),
      })),
    )
    for (const { c, likes, orders } of answers) {
      expect(likes.map((l) => l.productId)).toEqual([product(c.i % 3).id])
      expect(orders.total).toBe(1)
      expect(orders.orders[0]!.clickthrough.person.id).toBe(c.personId)
    }
  })
})
