import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { people } from '@presently/db'
import { buildTestApp, logInto, signedInUser, withSession, type TestAccount } from '../testing/auth-helpers.ts'
import { redactUrl } from '@presently/api'

let testDb: TestDatabase
let app: FastifyInstance
let owner: TestAccount
let visitor: TestAccount
let stranger: TestAccount
let catalog: Awaited<ReturnType<typeof createTestProducts>>
const logLines: string[] = []
const as = (user: { token: string }) => withSession(user.token)

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(
    testDb.db,
    { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000, SHARED_LIST_RATE_LIMIT_PER_MINUTE: 40 },
    logInto(logLines),
  )
  owner = await signedInUser(app, testDb.db, 'owner-rest-lists@example.com')
  visitor = await signedInUser(app, testDb.db, 'visitor-rest-lists@example.com')
  stranger = await signedInUser(app, testDb.db, 'stranger-rest-lists@example.com')
  catalog = await createTestProducts(testDb.db, [{ title: 'Wooden train', price: 24.99 }])
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

async function sharedList() {
  const created = await app.inject({ method: 'POST', url: '/api/lists', headers: as(owner), payload: { name: 'Xmas' } })
  expect(created.statusCode).toBe(201)
  const id = created.json<{ id: number }>().id
  const added = await app.inject({
    method: 'POST',
    url: `/api/lists/${id}/items`,
    headers: as(owner),
    payload: { productId: catalog[0]!.id },
  })
  expect(added.statusCode).toBe(201)
  const shared = await app.inject({ method: 'POST', url: `/api/lists/${id}/share`, headers: as(owner) })
  expect(shared.statusCode).toBe(200)
  const url = shared.json<{ url: string }>().url
  return { id, itemId: added.json<{ id: number }>().id, url, token: url.split('/lists/shared/')[1]! }
}

describe('/api/lists and /api/shared-lists (issue 23)', () => {
  it('creates, shares and claims over REST; the link is absolute', async () => {
    const { url, token, itemId } = await sharedList()
    expect(url).toMatch(/^http:\/\/localhost:3000\/lists\/shared\/[A-Za-z0-9_-]{22}$/)
    const claim = await app.inject({
      method: 'POST',
      url: `/api/shared-lists/${token}/items/${itemId}/claim`,
      headers: as(visitor),
      payload: {},
    })
    expect(claim.statusCode).toBe(200)
    expect(claim.json()).toMatchObject({ success: true, item: { claimedQuantity: 1 } })
    const again = await app.inject({
      method: 'POST',
      url: `/api/shared-lists/${token}/items/${itemId}/claim`,
      headers: as(stranger),
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, message: 'Someone has just claimed this' })
    const claims = await app.inject({ method: 'GET', url: '/api/my-account/claims', headers: as(visitor) })
    expect(claims.json<unknown[]>()).toHaveLength(1)
  })

  it("answers 404 for another user's list on every /api/lists route, and 401 signed out", async () => {
    const { id, itemId } = await sharedList()
    const calls: [string, string, object?][] = [
      ['GET', `/api/lists/${id}`],
      ['PATCH', `/api/lists/${id}`, { name: 'x' }],
      ['DELETE', `/api/lists/${id}`],
      ['POST', `/api/lists/${id}/items`, { title: 'x' }],
      ['PATCH', `/api/lists/${id}/items/${itemId}`, { note: 'x' }],
      ['DELETE', `/api/lists/${id}/items/${itemId}`],
      ['POST', `/api/lists/${id}/share`],
      ['DELETE', `/api/lists/${id}/share`],
    ]
    for (const [method, url, payload] of calls) {
      const res = await app.inject({ method: method as 'GET', url, headers: as(stranger), payload })
      expect([url, res.statusCode, res.json<{ message: string }>().message]).toEqual([url, 404, 'Wish list not found'])
      const signedOut = await app.inject({ method: method as 'GET', url, payload })
      expect(signedOut.statusCode).toBe(401)
    }
    const people404 = await app.inject({
      method: 'POST',
      url: `/api/shared-lists/${(await sharedList()).token}/link`,
      headers: as(visitor),
      payload: {
        personId: (
          await testDb.db.insert(people).values({ userId: stranger.userId, name: 'Not yours' }).returning()
        )[0]!.id,
      },
    })
    expect(people404.statusCode).toBe(404)
  })

  it('answers 400 naming the field for bad prices, quantities, links and lengths', async () => {
    const { id } = await sharedList()
    const bad = async (payload: object) =>
      (await app.inject({ method: 'POST', url: `/api/lists/${id}/items`, headers: as(owner), payload })).json<{
        message: string
      }>()
    expect((await bad({ title: 'x', price: 'ten' })).message).toMatch(/^price must be/)
    expect((await bad({ title: 'x', quantity: 100 })).message).toMatch(/^quantity must be/)
    expect((await bad({ title: 'x', link: 'ftp://example.com/a' })).message).toMatch(/^link must be/)
    expect((await bad({ title: 'x', note: 'n'.repeat(501) })).message).toBe('note must be at most 500 characters')
  })

  it('refuses true, [n], {} and blank as amounts, quantities and prices (400), and records nothing', async () => {
    const { id, token, itemId } = await sharedList()
    const group = await app.inject({
      method: 'POST',
      url: `/api/lists/${id}/items`,
      headers: as(owner),
      payload: { title: 'Bike', groupGift: true },
    })
    const groupId = group.json<{ id: number }>().id
    const from = { remoteAddress: '198.51.100.77' }
    for (const bad of [true, [5], {}, '', ' 5', '0x5', '5e0']) {
      const pledge = await app.inject({
        method: 'POST',
        url: `/api/shared-lists/${token}/items/${groupId}/pledges`,
        headers: as(visitor),
        payload: { amount: bad },
        ...from,
      })
      expect([JSON.stringify(bad), pledge.statusCode, pledge.json<{ message: string }>().message]).toEqual([
        JSON.stringify(bad),
        400,
        'amount must be an amount in pounds from £0.01 to £100,000, with at most two decimals',
      ])
      const claim = await app.inject({
        method: 'POST',
        url: `/api/shared-lists/${token}/items/${itemId}/claim`,
        headers: as(visitor),
        payload: { quantity: bad },
        ...from,
      })
      expect([JSON.stringify(bad), claim.statusCode]).toEqual([JSON.stringify(bad), 400])
      const price = await app.inject({
        method: 'POST',
        url: `/api/lists/${id}/items`,
        headers: as(owner),
        payload: { title: 'Kite', price: bad },
      })
      expect([JSON.stringify(bad), price.statusCode, price.json<{ message: string }>().message]).toEqual([
        JSON.stringify(bad),
        400,
        'price must be an amount in pounds from £0 to £100,000, with at most two decimals',
      ])
    }
    const page = await app.inject({ method: 'GET', url: `/api/shared-lists/${token}`, headers: as(visitor), ...from })
    expect(page.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ id: itemId, claimedQuantity: 0, claims: [] }),
      expect.objectContaining({ id: groupId, pledges: { total: 0, pledgers: [] } }),
    ])
    // Decimal text is still a number: "12.50" pounds, "1" unit.
    const pledged = await app.inject({
      method: 'POST',
      url: `/api/shared-lists/${token}/items/${groupId}/pledges`,
      headers: as(visitor),
      payload: { amount: '12.50' },
      ...from,
    })
    expect(pledged.json()).toMatchObject({ item: { pledges: { total: 12.5 } } })
  })

  it('sends no-referrer and noindex on the shared page and its calls, and keeps the token out of the log', async () => {
    const { token } = await sharedList()
    const api = await app.inject({ method: 'GET', url: `/api/shared-lists/${token}` })
    expect(api.statusCode).toBe(200)
    expect(api.json()).toMatchObject({ view: 'anonymous' })
    for (const res of [api, await app.inject({ method: 'GET', url: `/lists/shared/${token}` })]) {
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
    }
    const trpc = await app.inject({
      method: 'GET',
      url: `/trpc/sharedLists.byToken?input=${encodeURIComponent(JSON.stringify({ token }))}`,
    })
    expect(trpc.statusCode).toBe(200)
    expect(trpc.headers['referrer-policy']).toBe('no-referrer')
    const log = logLines.join('')
    expect(log).toContain('/api/shared-lists/[redacted]')
    expect(log).not.toContain(token)
    expect(redactUrl(`/api/shared-lists/${token}/items/3/claim?x=1`)).toBe(
      '/api/shared-lists/[redacted]/items/3/claim?x=1',
    )
    expect(redactUrl(`/lists/shared/${token}`)).toBe('/lists/shared/[redacted]')
    expect(redactUrl('/api/lists/3')).toBe('/api/lists/3')
  })

  it('limits shared-list calls per IP, answering 429 past the limit (counters in PostgreSQL)', async () => {
    const { token } = await sharedList()
    const statuses: number[] = []
    for (let i = 0; i < 45; i++) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/shared-lists/${token}`,
        remoteAddress: '198.51.100.23',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(40)
    expect(statuses.at(-1)).toBe(429)
    const other = await app.inject({ method: 'GET', url: `/api/shared-lists/${token}`, remoteAddress: '198.51.100.24' })
    expect(other.statusCode).toBe(200)
  })
})
