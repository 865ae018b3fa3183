import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { clickThroughs, eq, eventPeople, events, occasions, people } from '@presently/db'
import { givenProductIds, remainingBudget } from '@presently/api'
import { occasionAnchor, occasionYear, ukToday } from '@presently/domain'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'

/**
 * Issue 22 over REST: gift history, order outcomes, budgets and the occasion plan; hostile
 * input (400 naming the field), another user's ids (404), many users at once.
 */
let testDb: TestDatabase
let app: FastifyInstance
type Account = { token: string; userId: number }
let ann: Account
let ben: Account
let catalog: Awaited<ReturnType<typeof createTestProducts>>
const ids = { christmas: 0, birthday: 0, annsDad: 0, bensMum: 0 }
const as = (user: { token: string }) => withSession(user.token)
const today = ukToday()
const christmasYear = occasionYear(today, occasionAnchor('christmas', null))

async function insertPerson(userId: number, name: string, occasionId?: number) {
  const [person] = await testDb.db.insert(people).values({ userId, name }).returning()
  if (occasionId) {
    const [event] = await testDb.db.insert(events).values({ userId, occasionId, date: '2000-12-25' }).returning()
    await testDb.db.insert(eventPeople).values({ eventId: event!.id, personId: person!.id })
  }
  return person!.id
}

async function clickThrough(account: Account, productId: number, personId: number, occasionId: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/clickthrough',
    headers: as(account),
    payload: { productId, personId, occasionId },
  })
  expect(res.statusCode).toBe(201)
  return res.json<{ id: number }>().id
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-gifts@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-gifts@example.com')
  catalog = await createTestProducts(testDb.db, [
    { title: 'Wooden train', price: 24.99, affiliateUrl: 'https://www.amazon.co.uk/dp/B000TRAIN' },
    { title: 'Kite', price: 9.5, affiliateUrl: 'https://www.amazon.co.uk/dp/B000KITE' },
    { title: 'Jigsaw 1000 pieces', price: 12, affiliateUrl: 'https://www.amazon.co.uk/dp/B000JIG' },
  ])
  const byValue = async (value: string) =>
    (await testDb.db.select().from(occasions).where(eq(occasions.value, value)))[0]!.id
  ids.christmas = await byValue('christmas')
  ids.birthday = await byValue('birthday')
  ids.annsDad = await insertPerson(ann.userId, 'Dad', ids.christmas)
  ids.bensMum = await insertPerson(ben.userId, 'Mum', ids.christmas)
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('signed out', () => {
  it('every new route answers 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/people/1/gifts'],
      ['POST', '/api/people/1/gifts'],
      ['PUT', '/api/gifts/1'],
      ['DELETE', '/api/gifts/1'],
      ['PUT', '/api/orders/1/outcome'],
      ['GET', '/api/people/1/budgets'],
      ['PUT', '/api/people/1/budgets'],
      ['GET', '/api/plan/christmas/2026'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('the newcomer of issue 22 ("Done means")', () => {
  it('marks an order bought at £25, sets a £40 budget and sees £25 of £40 on the person and the plan', async () => {
    const train = catalog[0]!
    const orderId = await clickThrough(ann, train.id, ids.annsDad, ids.christmas)
    const order = await app.inject({ url: `/api/orders/${orderId}`, headers: as(ann) })
    expect(order.json()).toMatchObject({ priceAtClick: 24.99, outcome: null, pricePaid: null })

    const marked = await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/outcome`,
      headers: as(ann),
      payload: { outcome: 'bought', pricePaid: 25 },
    })
    expect(marked.statusCode).toBe(200)
    expect(marked.json()).toMatchObject({ id: orderId, outcome: 'bought', pricePaid: 25, priceAtClick: 24.99 })

    const budgets = await app.inject({
      method: 'PUT',
      url: `/api/people/${ids.annsDad}/budgets`,
      headers: as(ann),
      payload: { default: 30, byOccasion: [{ occasionId: ids.christmas, amount: 40 }] },
    })
    expect(budgets.statusCode).toBe(200)
    expect(budgets.json()).toMatchObject({
      default: 30,
      byOccasion: [{ occasionId: ids.christmas, occasionLabel: 'Christmas', amount: 40 }],
      status: [
        { occasionId: ids.christmas, year: christmasYear, budget: 40, spent: 25, remaining: 15, source: 'event' },
      ],
    })

    const history = await app.inject({ url: `/api/people/${ids.annsDad}/gifts`, headers: as(ann) })
    expect(history.json()).toEqual([
      expect.objectContaining({ source: 'order', orderId, title: 'Wooden train', pricePaid: 25, productId: train.id }),
    ])

    const plan = await app.inject({ url: `/api/plan/Christmas/${christmasYear}`, headers: as(ann) })
    expect(plan.statusCode).toBe(200)
    expect(plan.json()).toMatchObject({
      occasion: { id: ids.christmas, label: 'Christmas' },
      year: christmasYear,
      people: [{ person: { id: ids.annsDad, name: 'Dad' }, budget: 40, spent: 25, remaining: 15 }],
      totals: { budget: 40, spent: 25 },
    })

    expect(
      await remainingBudget(testDb.db, { userId: ann.userId, personId: ids.annsDad, occasionId: ids.christmas }),
    ).toEqual({
      max: 40,
      spent: 25,
      remaining: 15,
      source: 'event',
      year: christmasYear,
    })
    // The birthday has no budget of its own: the default applies.
    expect(
      await remainingBudget(testDb.db, { userId: ann.userId, personId: ids.annsDad, occasionId: ids.birthday }),
    ).toMatchObject({ max: 30, spent: 0, remaining: 30, source: 'person' })
    expect(await givenProductIds(testDb.db, { userId: ann.userId, personId: ids.annsDad })).toEqual([train.id])
    expect(await givenProductIds(testDb.db, { userId: ben.userId, personId: ids.annsDad })).toEqual([])

    // "Didn't buy" takes it out of the history and the spend.
    await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/outcome`,
      headers: as(ann),
      payload: { outcome: 'not_bought' },
    })
    expect((await app.inject({ url: `/api/people/${ids.annsDad}/gifts`, headers: as(ann) })).json()).toEqual([])
    // Bought without a price: the price at click time.
    const again = await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/outcome`,
      headers: as(ann),
      payload: { outcome: 'bought' },
    })
    expect(again.json()).toMatchObject({ outcome: 'bought', pricePaid: 24.99 })
  })
})

describe('presents by hand', () => {
  it('adds, edits and deletes; the title names a shop product for the not-again rule', async () => {
    const personId = await insertPerson(ann.userId, 'Gran')
    const created = await app.inject({
      method: 'POST',
      url: `/api/people/${personId}/gifts`,
      headers: as(ann),
      payload: {
        title: 'kite',
        link: 'https://example.com/kite',
        pricePaid: 12.5,
        givenOn: '2025-12-25',
        occasionId: ids.christmas,
        note: 'She loved it',
      },
    })
    expect(created.statusCode).toBe(201)
    const gift = created.json<{ id: number }>()
    expect(gift).toMatchObject({
      personId,
      title: 'kite',
      link: 'https://example.com/kite',
      pricePaid: 12.5,
      givenOn: '2025-12-25',
      occasionId: ids.christmas,
      occasionLabel: 'Christmas',
      note: 'She loved it',
      source: 'manual',
      orderId: null,
      productId: catalog[1]!.id,
    })
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/gifts/${gift.id}`,
      headers: as(ann),
      payload: { title: 'Scarf', pricePaid: 20, givenOn: '2026-03-01', occasionId: null },
    })
    expect(edited.json()).toMatchObject({
      title: 'Scarf',
      link: null,
      pricePaid: 20,
      occasionId: null,
      productId: null,
      note: null,
    })
    const list = await app.inject({ url: `/api/people/${personId}/gifts`, headers: as(ann) })
    expect(list.json()).toHaveLength(1)
    const removed = await app.inject({ method: 'DELETE', url: `/api/gifts/${gift.id}`, headers: as(ann) })
    expect(removed.json()).toEqual({ success: true, message: 'Gift deleted' })
    expect((await app.inject({ method: 'DELETE', url: `/api/gifts/${gift.id}`, headers: as(ann) })).statusCode).toBe(
      404,
    )
  })

  it('answers 400 naming the field for hostile values', async () => {
    const yearAhead = `${Number(today.slice(0, 4)) + 2}${today.slice(4, 8)}01`
    const base = { title: 'Book', givenOn: '2025-01-01' }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, pricePaid: -1 }, 'pricePaid'],
      [{ ...base, pricePaid: 100_000.01 }, 'pricePaid'],
      [{ ...base, pricePaid: 1.234 }, 'pricePaid'],
      [{ ...base, givenOn: '1899-12-31' }, 'givenOn'],
      [{ ...base, givenOn: yearAhead }, 'givenOn'],
      [{ ...base, givenOn: '2025-02-30' }, 'givenOn'],
      [{ ...base, link: 'javascript:alert(1)' }, 'link'],
      [{ ...base, link: 'ftp://example.com/a' }, 'link'],
      [{ ...base, title: 'x'.repeat(201) }, 'title'],
      [{ ...base, title: '   ' }, 'title'],
      [{ ...base, note: 'x'.repeat(1001) }, 'note'],
      [{ ...base, occasionId: 999_999 }, 'occasionId'],
    ]
    for (const [payload, field] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/people/${ids.annsDad}/gifts`,
        headers: as(ann),
        payload,
      })
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(res.json<{ message: string }>().message).toContain(field)
    }
    for (const [payload, field] of [
      [{ default: -5 }, 'default'],
      [{ default: 12.5 }, 'default'],
      [{ default: 100_001 }, 'default'],
      [{ byOccasion: [{ occasionId: 999_999, amount: 10 }] }, 'occasionId'],
      [{ byOccasion: [{ occasionId: ids.christmas, amount: -1 }] }, 'amount'],
    ] as const) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/people/${ids.annsDad}/budgets`,
        headers: as(ann),
        payload,
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json<{ message: string }>().message).toContain(field)
    }
    const outcome = await app.inject({
      method: 'PUT',
      url: '/api/orders/1/outcome',
      headers: as(ann),
      payload: { outcome: 'lost' },
    })
    expect(outcome.statusCode).toBe(400)
    expect(outcome.json<{ message: string }>().message).toContain('outcome')
    const plan = await app.inject({ url: '/api/plan/Halloween/2026', headers: as(ann) })
    expect(plan.statusCode).toBe(400)
    expect(plan.json<{ message: string }>().message).toContain('occasion')
    expect((await app.inject({ url: '/api/plan/christmas/1800', headers: as(ann) })).statusCode).toBe(400)
  })
})

describe("another user's ids", () => {
  it('answer 404 and change nothing: person, gift, order', async () => {
    const bensOrder = await clickThrough(ben, catalog[2]!.id, ids.bensMum, ids.christmas)
    const bensGift = (
      await app.inject({
        method: 'POST',
        url: `/api/people/${ids.bensMum}/gifts`,
        headers: as(ben),
        payload: { title: 'Flowers', pricePaid: 15, givenOn: '2026-05-01' },
      })
    ).json<{ id: number }>().id
    const gift = { title: 'Stolen', givenOn: '2026-01-01' }
    for (const [method, url, payload] of [
      ['GET', `/api/people/${ids.bensMum}/gifts`, undefined],
      ['POST', `/api/people/${ids.bensMum}/gifts`, gift],
      ['PUT', `/api/gifts/${bensGift}`, gift],
      ['DELETE', `/api/gifts/${bensGift}`, undefined],
      ['PUT', `/api/orders/${bensOrder}/outcome`, { outcome: 'bought', pricePaid: 1 }],
      ['GET', `/api/people/${ids.bensMum}/budgets`, undefined],
      ['PUT', `/api/people/${ids.bensMum}/budgets`, { default: 1 }],
    ] as const) {
      const res = await app.inject({ method, url, headers: as(ann), payload })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    const plan = (await app.inject({ url: `/api/plan/christmas/${christmasYear}`, headers: as(ann) })).json<{
      people: { person: { id: number } }[]
    }>()
    expect(plan.people.map((p) => p.person.id)).not.toContain(ids.bensMum)
    const bens = (await app.inject({ url: `/api/people/${ids.bensMum}/gifts`, headers: as(ben) })).json()
    expect(bens).toEqual([expect.objectContaining({ id: bensGift, title: 'Flowers', pricePaid: 15 })])
    const [order] = await testDb.db.select().from(clickThroughs).where(eq(clickThroughs.id, bensOrder))
    expect(order).toMatchObject({ outcome: null, pricePaidPence: null })
    await expect(
      remainingBudget(testDb.db, { userId: ann.userId, personId: ids.bensMum, occasionId: ids.christmas }),
    ).rejects.toThrow('Person not found')
  })
})

describe('at once', () => {
  it('an order marked bought twice at once ends with one outcome and one present', async () => {
    const personId = await insertPerson(ann.userId, 'Uncle', ids.christmas)
    const orderId = await clickThrough(ann, catalog[1]!.id, personId, ids.christmas)
    const answers = await Promise.all(
      [18, 22].map((pricePaid) =>
        app.inject({
          method: 'PUT',
          url: `/api/orders/${orderId}/outcome`,
          headers: as(ann),
          payload: { outcome: 'bought', pricePaid },
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    const history = (await app.inject({ url: `/api/people/${personId}/gifts`, headers: as(ann) })).json<
      { orderId: number; pricePaid: number }[]
    >()
    expect(history).toHaveLength(1)
    expect(history[0]!.orderId).toBe(orderId)
    expect([18, 22]).toContain(history[0]!.pricePaid)
    const budget = (await app.inject({ url: `/api/people/${personId}/budgets`, headers: as(ann) })).json<{
      status: { spent: number }[]
    }>()
    expect(budget.status[0]!.spent).toBe(history[0]!.pricePaid)
  })

  it('32 users at once each get their own gifts, budgets and plan', { timeout: 60_000 }, async () => {
    // Accounts one after another (registration hashes passwords); the calls below run at once.
    const crowd: (Account & { personId: number; i: number })[] = []
    for (let i = 0; i < 32; i++) {
      const account = await signedInUser(app, testDb.db, `crowd-${i}-gifts@example.com`)
      crowd.push({ ...account, personId: await insertPerson(account.userId, `Friend ${i}`, ids.christmas), i })
    }
    // Each user's calls one after another, the 32 users at once.
    await Promise.all(
      crowd.map(async (c) => {
        const orderId = await clickThrough(c, catalog[c.i % 3]!.id, c.personId, ids.christmas)
        for (const call of [
          {
            method: 'POST' as const,
            url: `/api/people/${c.personId}/gifts`,
            payload: { title: `Present ${c.i}`, pricePaid: c.i, givenOn: today, occasionId: ids.christmas },
          },
          {
            method: 'PUT' as const,
            url: `/api/orders/${orderId}/outcome`,
            payload: { outcome: 'bought', pricePaid: 100 + c.i },
          },
          {
            method: 'PUT' as const,
            url: `/api/people/${c.personId}/budgets`,
            payload: { byOccasion: [{ occasionId: ids.christmas, amount: 1000 + c.i }] },
          },
        ]) {
          const res = await app.inject({ ...call, headers: as(c) })
          expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBeLessThan(300)
        }
      }),
    )
    const answers = await Promise.all(
      crowd.map(async (c) => ({
        c,
        gifts: (await app.inject({ url: `/api/people/${c.personId}/gifts`, headers: as(c) })).json<
          { personId: number; title: string; pricePaid: number }[]
        >(),
        budgets: (await app.inject({ url: `/api/people/${c.personId}/budgets`, headers: as(c) })).json<{
          status: { budget: number; spent: number }[]
        }>(),
        plan: (await app.inject({ url: `/api/plan/christmas/${christmasYear}`, headers: as(c) })).json<{
          people: { person: { id: number } }[]
          totals: { budget: number; spent: number }
        }>(),
      })),
    )
    for (const { c, gifts, budgets, plan } of answers) {
      expect(gifts.map((g) => g.personId)).toEqual([c.personId, c.personId])
      expect(gifts.map((g) => g.pricePaid).sort((a, b) => a - b)).toEqual([c.i, 100 + c.i])
      expect(budgets.status).toEqual([expect.objectContaining({ budget: 1000 + c.i, spent: 100 + 2 * c.i })])
      expect(plan.people.map((p) => p.person.id)).toEqual([c.personId])
      expect(plan.totals).toEqual({ budget: 1000 + c.i, spent: 100 + 2 * c.i })
    }
  })
})
