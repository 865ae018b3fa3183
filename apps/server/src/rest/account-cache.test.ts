import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql, users } from '@presently/db'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { startSession } from '@presently/api'
import { buildTestApp, withSession } from '../testing/auth-helpers.ts'

/**
 * Issue 24: the signed-in lists kept per user and data version (plugins/account-cache.ts). The
 * second call is served from the cache with the same bytes; any write, through the API or by
 * SQL from outside, shows in the next answer; 32 users at once each get their own answer.
 */
let t: TestDatabase
let app: FastifyInstance
let ref: { friend: number; birthday: number; christmas: number }

/** A confirmed user made directly in the database, with a session: its id and Cookie header. */
async function account(email: string) {
  const [row] = await t.db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id })
  const { token } = await startSession(t.db, row!.id)
  return { id: row!.id, headers: withSession(token) }
}
type Account = Awaited<ReturnType<typeof account>>

beforeAll(async () => {
  // 32 cold lists at once queue more than the default pool's 50 waiting queries (plugins/health.ts).
  t = await createTestDatabase({ maxConnections: 20 })
  app = await buildTestApp(t.db)
  const relationships = (await app.inject('/api/relationships')).json<Array<{ id: number; name: string }>>()
  const occasions = (await app.inject('/api/occasions')).json<Array<{ id: number; value: string }>>()
  ref = {
    friend: relationships.find((r) => r.name === 'Friend')!.id,
    birthday: occasions.find((o) => o.value === 'birthday')!.id,
    christmas: occasions.find((o) => o.value === 'christmas')!.id,
  }
})
afterAll(async () => {
  await app.close()
  await t.close()
})

const get = (who: Account, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...who.headers, ...headers } })

async function addPerson(who: Account, name: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/people',
    headers: who.headers,
    payload: { name, relationshipId: ref.friend, events: [{ occasionId: ref.christmas, date: '2000-12-25' }] },
  })
  expect(res.statusCode).toBe(201)
  return res.json<{ id: number }>().id
}

describe('people and events are served from the account cache (issue 24)', () => {
  it('a second call answers the same bytes from the cache; writes through the API show at once', async () => {
    const ann = await account('cache-ann@example.com')
    const mum = await addPerson(ann, 'Mum')
    const first = await get(ann, '/api/people')
    const misses = app.accountCache.stats().misses
    const second = await get(ann, '/api/people')
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.headers['cache-control']).toBe('no-store')
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(app.accountCache.stats().misses).toBe(misses)

    // Create, edit, delete a person; add, change, delete an event: each shows in the next list.
    const dad = await addPerson(ann, 'Dad')
    expect((await get(ann, '/api/people')).json<Array<{ name: string }>>().map((p) => p.name)).toEqual(['Dad', 'Mum'])
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/people/${dad}`,
      headers: ann.headers,
      payload: { name: 'Father', relationshipId: ref.friend },
    })
    expect(edit.statusCode).toBe(200)
    expect((await get(ann, '/api/people')).json<Array<{ name: string }>>().map((p) => p.name)).toEqual([
      'Father',
      'Mum',
    ])
    const eventsBefore = (await get(ann, '/api/events')).json<unknown[]>().length
    const added = await app.inject({
      method: 'POST',
      url: `/api/events/person/${mum}`,
      headers: ann.headers,
      payload: { occasionId: ref.birthday, date: '1960-05-04' },
    })
    expect(added.statusCode).toBe(201)
    const eventId = added.json<{ id: number }>().id
    const events = (await get(ann, '/api/events')).json<Array<{ id: number; date: string }>>()
    expect(events).toHaveLength(eventsBefore + 1)
    const mumEvents = (await get(ann, '/api/people')).json<Array<{ id: number; events: unknown[] }>>()
    expect(mumEvents.find((p) => p.id === mum)!.events).toHaveLength(2)
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/events/person/${mum}/event/${eventId}`,
      headers: ann.headers,
      payload: { date: '1960-06-04' },
    })
    expect(moved.statusCode).toBe(200)
    expect(
      (await get(ann, '/api/events')).json<Array<{ id: number; date: string }>>().find((e) => e.id === eventId),
    ).toMatchObject({ date: '1960-06-04' })
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/events/person/${mum}/event/${eventId}`,
      headers: ann.headers,
    })
    expect(removed.statusCode).toBe(200)
    expect((await get(ann, '/api/events')).json<unknown[]>()).toHaveLength(eventsBefore)
    const gone = await app.inject({ method: 'DELETE', url: `/api/people/${dad}`, headers: ann.headers })
    expect(gone.statusCode).toBe(200)
    expect((await get(ann, '/api/people')).json<Array<{ name: string }>>().map((p) => p.name)).toEqual(['Mum'])
  })

  it("one person's page (GET /api/people/{id}) is kept too: same bytes, edits at once, another user's id still 404", async () => {
    const ann = await account('cache-person-ann@example.com')
    const other = await account('cache-person-other@example.com')
    const kit = await addPerson(ann, 'Kit')
    const first = await get(ann, `/api/people/${kit}`)
    expect(first.statusCode).toBe(200)
    const misses = app.accountCache.stats().misses
    const second = await get(ann, `/api/people/${kit}`)
    expect(second.body).toBe(first.body)
    expect(app.accountCache.stats().misses).toBe(misses)
    expect((await get(other, `/api/people/${kit}`)).statusCode).toBe(404)
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/people/${kit}`,
      headers: ann.headers,
      payload: { name: 'Kitty', relationshipId: ref.friend },
    })
    expect(edit.statusCode).toBe(200)
    expect((await get(ann, `/api/people/${kit}`)).json<{ name: string }>().name).toBe('Kitty')
    const eventsBefore = (await get(ann, `/api/people/${kit}`)).json<{ events: unknown[] }>().events.length
    const added = await app.inject({
      method: 'POST',
      url: `/api/events/person/${kit}`,
      headers: ann.headers,
      payload: { occasionId: ref.birthday, date: '1990-05-04' },
    })
    expect(added.statusCode).toBe(201)
    expect((await get(ann, `/api/people/${kit}`)).json<{ events: unknown[] }>().events).toHaveLength(eventsBefore + 1)
    expect((await get(other, `/api/people/${kit}`)).statusCode).toBe(404)
  })

  it('a write by SQL from outside the server (another process) shows in the next answer', async () => {
    const bea = await account('cache-bea@example.com')
    await addPerson(bea, 'Aunt')
    expect((await get(bea, '/api/people')).json<unknown[]>()).toHaveLength(1)
    const entries = app.accountCache.stats().entries
    await t.db.execute(sql`update people set name = 'Auntie' where user_id = ${bea.id}`)
    expect((await get(bea, '/api/people')).json<Array<{ name: string }>>()[0]!.name).toBe('Auntie')
    // The answer of the newer version replaced the older one.
    expect(app.accountCache.stats().entries).toBe(entries)
    await t.db.execute(
      sql`delete from event_people where person_id in (select id from people where user_id = ${bea.id})`,
    )
    expect((await get(bea, '/api/people')).json<Array<{ events: unknown[] }>>()[0]!.events).toEqual([])
  })

  it('big answers come compressed once, as the client accepts, and revalidate with 304', async () => {
    const cal = await account('cache-cal@example.com')
    await t.db.execute(sql`insert into people (user_id, name, notes)
      select ${cal.id}, 'Person ' || g, repeat('x', 10) from generate_series(1, 400) g`)
    const plain = await get(cal, '/api/people')
    expect(plain.rawPayload.length).toBeGreaterThan(32 * 1024)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await get(cal, '/api/people', { 'accept-encoding': `${encoding}, deflate` })
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-encoding']).toBe(encoding)
        expect(res.headers.etag).toBe(`W/${String(plain.headers.etag)}`)
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body)
        const again = await get(cal, '/api/people', {
          'accept-encoding': encoding,
          'if-none-match': String(res.headers.etag),
        })
        expect(again.statusCode).toBe(304)
      }
    }
  })

  it('32 users at once each get their own people and events, cold and warm', async () => {
    const many = await Promise.all(Array.from({ length: 32 }, (_, i) => account(`cache-many-${i}@example.com`)))
    await Promise.all(
      many.map((who, i) =>
        t.db.execute(sql`with p as (insert into people (user_id, name) values (${who.id}, ${`Only-${i}`}) returning id),
          e as (insert into events (user_id, date, occasion_id, name) values (${who.id}, '2000-01-02', ${ref.birthday}, ${`Ev-${i}`}) returning id)
          insert into event_people (event_id, person_id) select e.id, p.id from e, p`),
      ),
    )
    // Cold (every answer made), then warm twice (every answer from the cache), 32 at once.
    for (let round = 0; round < 3; round++) {
      for (const url of ['/api/people', '/api/events']) {
        const answers = await Promise.all(many.map((who) => get(who, url)))
        answers.forEach((r, i) => {
          expect(r.statusCode).toBe(200)
          const names = r.json<Array<{ name: string }>>().map((x) => x.name)
          expect(names).toEqual([url === '/api/people' ? `Only-${i}` : `Ev-${i}`])
        })
      }
    }
  })
})

describe('likes, orders, gift history, budgets and the plan are served from the account cache (issue 24)', () => {
  it('likes, orders, outcomes, gifts, budgets and a product disabled by staff show in the next answers', async () => {
    const dee = await account('cache-dee@example.com')
    const staff = await account('cache-staff@example.com')
    await t.db.execute(sql`update users set is_staff = true where id = ${staff.id}`)
    const [kite, yoyo] = await createTestProducts(t.db, [
      { title: 'Cache kite', price: 12.5 },
      { title: 'Cache yo-yo', price: 3, affiliateUrl: 'https://merchant.example/yoyo' },
    ])
    const mum = await addPerson(dee, 'Mum')
    const reads = [
      '/api/get-liked-products',
      '/api/get-liked-products/page?limit=48',
      '/api/my-orders?page=1&itemsPerPage=10',
      `/api/people/${mum}/gifts`,
      `/api/people/${mum}/budgets`,
      '/api/plan/christmas/2026',
    ]
    const read = async () => {
      const answers = await Promise.all(reads.map((url) => get(dee, url)))
      for (const r of answers) expect(r.statusCode).toBe(200)
      const [liked, page, orders, gifts, budgets, plan] = answers.map((r) => r.json<Record<string, unknown>>())
      return {
        liked: liked as unknown as Array<{ productId: number; disabled: boolean }>,
        page: page as { items: Array<{ productId: number }>; total: number },
        orders: orders as { total: number; orders: Array<{ id: number; outcome: string | null; product: unknown }> },
        gifts: gifts as unknown as Array<{ title: string; source: string }>,
        budgets: budgets as { default: number | null },
        plan: plan as { people: Array<{ spent: number; budget: number | null }>; totals: { spent: number } },
      }
    }
    const empty = await read()
    expect(empty.liked).toEqual([])
    const misses = app.accountCache.stats().misses
    expect((await read()).orders.total).toBe(0) // all six from the cache
    expect(app.accountCache.stats().misses).toBe(misses)

    // A like through the API.
    const liked = await app.inject({ method: 'POST', url: `/api/products/${kite!.id}/like`, headers: dee.headers })
    expect(liked.statusCode).toBe(200)
    let now = await read()
    expect(now.liked.map((l) => l.productId)).toEqual([kite!.id])
    expect(now.page.total).toBe(1)

    // An order (click-through), then its outcome.
    const order = await app.inject({
      method: 'POST',
      url: '/api/clickthrough',
      headers: dee.headers,
      payload: { productId: yoyo!.id, personId: mum, occasionId: ref.christmas },
    })
    expect(order.statusCode).toBe(201)
    now = await read()
    expect(now.orders.total).toBe(1)
    const orderId = now.orders.orders[0]!.id
    const bought = await app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/outcome`,
      headers: dee.headers,
      payload: { outcome: 'bought', pricePaid: 3 },
    })
    expect(bought.statusCode).toBe(200)
    now = await read()
    expect(now.orders.orders[0]!.outcome).toBe('bought')
    expect(now.gifts.map((g) => g.source)).toEqual(['order'])

    // A gift by hand, edited, then deleted; a budget.
    const gift = await app.inject({
      method: 'POST',
      url: `/api/people/${mum}/gifts`,
      headers: dee.headers,
      payload: { title: 'Scarf', pricePaid: 20, givenOn: '2026-01-10', occasionId: null },
    })
    expect(gift.statusCode).toBe(201)
    const giftId = gift.json<{ id: number }>().id
    expect((await read()).gifts.map((g) => g.title)).toContain('Scarf')
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/gifts/${giftId}`,
      headers: dee.headers,
      payload: { title: 'Blue scarf', pricePaid: 20, givenOn: '2026-01-10', occasionId: null },
    })
    expect(edited.statusCode).toBe(200)
    expect((await read()).gifts.map((g) => g.title)).toContain('Blue scarf')
    const deleted = await app.inject({ method: 'DELETE', url: `/api/gifts/${giftId}`, headers: dee.headers })
    expect(deleted.statusCode).toBe(200)
    expect((await read()).gifts.map((g) => g.title)).not.toContain('Blue scarf')
    const budget = await app.inject({
      method: 'PUT',
      url: `/api/people/${mum}/budgets`,
      headers: dee.headers,
      payload: { default: 30, byOccasion: [{ occasionId: ref.christmas, amount: 40 }] },
    })
    expect(budget.statusCode).toBe(200)
    now = await read()
    expect(now.budgets.default).toBe(30)
    expect(now.plan.people[0]!.budget).toBe(40)

    // Staff disable the liked product: the liked list shows it as unavailable.
    const disabled = await app.inject({
      method: 'POST',
      url: `/api/products/${kite!.id}/toggle-disabled`,
      headers: staff.headers,
    })
    expect(disabled.statusCode).toBe(200)
    expect((await read()).liked[0]!.disabled).toBe(true)

    // The product of the order renamed in the catalog (an import): orders, gifts and plan show it.
    await t.db.execute(sql`update products set title = 'Cache yo-yo deluxe' where id = ${yoyo!.id}`)
    now = await read()
    expect(JSON.stringify(now.orders)).toContain('Cache yo-yo deluxe')
    expect(now.gifts[0]!.title).toBe('Cache yo-yo deluxe')
    expect(JSON.stringify(now.plan)).toContain('Cache yo-yo deluxe')

    // An unlike.
    await app.inject({ method: 'POST', url: `/api/products/${kite!.id}/like`, headers: dee.headers })
    expect((await read()).liked).toEqual([])
  })

  it('32 users at once each get their own likes, orders, gifts, budgets and plan, cold and warm', async () => {
    const many = await Promise.all(Array.from({ length: 32 }, (_, i) => account(`cache-all-${i}@example.com`)))
    const products = await createTestProducts(
      t.db,
      many.map((_, i) => ({ title: `Own product ${i}`, price: 10 + i })),
    )
    const mine = await Promise.all(
      many.map(async (who, i) => {
        const { rows } = await t.db.execute<{ id: number }>(sql`
          with p as (insert into people (user_id, name) values (${who.id}, ${`Own-${i}`}) returning id),
          e as (insert into events (user_id, date, occasion_id) values (${who.id}, '2000-12-25', ${ref.christmas}) returning id),
          ep as (insert into event_people (event_id, person_id) select e.id, p.id from e, p),
          l as (insert into product_likes (user_id, product_id) values (${who.id}, ${products[i]!.id})),
          o as (insert into click_throughs (user_id, product_id, person_id, occasion_id, outcome, price_paid_pence)
                select ${who.id}, ${products[i]!.id}, p.id, ${ref.christmas}, 'bought', ${1000 + i} from p),
          b as (insert into budgets (user_id, person_id, occasion_id, amount_pence) select ${who.id}, p.id, null, ${5000 + i * 100} from p)
          select id from p`)
        return rows[0]!.id
      }),
    )
    const checks: Array<[(i: number) => string, (body: string, i: number) => void]> = [
      [() => '/api/get-liked-products', (b, i) => expect(b).toContain(`"productTitle":"Own product ${i}"`)],
      [() => '/api/get-liked-products/page?limit=48', (b, i) => expect(b).toContain(`"Own product ${i}"`)],
      [() => '/api/my-orders?page=1&itemsPerPage=10', (b, i) => expect(b).toContain(`"Own product ${i}"`)],
      [(i) => `/api/people/${mine[i]}/gifts`, (b, i) => expect(b).toContain(`"Own product ${i}"`)],
      [(i) => `/api/people/${mine[i]}/budgets`, (b, i) => expect(b).toContain(`"default":${50 + i}`)],
      [() => '/api/plan/christmas/2026', (b, i) => expect(b).toContain(`"name":"Own-${i}"`)],
    ]
    for (let round = 0; round < 2; round++) {
      for (const [url, check] of checks) {
        const answers = await Promise.all(many.map((who, i) => get(who, url(i))))
        answers.forEach((r, i) => {
          expect(r.statusCode).toBe(200)
          check(r.body, i)
          // Nobody else's product or person in the answer.
          const others = r.body.match(/Own product \d+|Own-\d+/g) ?? []
          for (const other of others) expect(other.endsWith(` ${i}`) || other.endsWith(`-${i}`)).toBe(true)
        })
      }
    }
  })
})

describe("the web app's tRPC reads of the same data are memoised per version too (issue 24)", () => {
  const trpc = async (who: Account, path: string, input?: unknown) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    const res = await get(who, `/trpc/${path}${query}`)
    expect(res.statusCode).toBe(200)
    return res.json<{ result: { data: unknown } }>().result.data
  }

  it('people, events, likes page, orders, gifts, budgets and plan show every write, each user their own', async () => {
    const many = await Promise.all(Array.from({ length: 32 }, (_, i) => account(`cache-trpc-${i}@example.com`)))
    const people = await Promise.all(many.map((who, i) => addPerson(who, `Trpc-${i}`)))
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(
        many.map(async (who, i) => ({
          i,
          people: (await trpc(who, 'people.list')) as Array<{ name: string }>,
          events: (await trpc(who, 'events.list')) as Array<{ people: Array<{ name: string }> }>,
          plan: (await trpc(who, 'gifts.plan', { occasion: 'Christmas', year: 2026 })) as {
            people: Array<{ person: { name: string } }>
          },
          gifts: await trpc(who, 'gifts.list', { personId: people[i] }),
          budgets: (await trpc(who, 'gifts.budgets', { personId: people[i] })) as { default: number | null },
          orders: (await trpc(who, 'orders.list', { page: 1, itemsPerPage: 10 })) as { total: number },
          likes: (await trpc(who, 'likes.page', { limit: 48 })) as { total: number },
        })),
      )
      for (const a of answers) {
        expect(a.people.map((p) => p.name)).toEqual([`Trpc-${a.i}`])
        expect(a.events.map((e) => e.people[0]!.name)).toEqual([`Trpc-${a.i}`])
        expect(a.plan.people.map((p) => p.person.name)).toEqual([`Trpc-${a.i}`])
        expect(a.gifts).toEqual([])
        expect(a.budgets.default).toBeNull()
        expect(a.orders.total).toBe(0)
        expect(a.likes.total).toBe(0)
      }
    }
    // A write through REST shows in the next tRPC answers.
    const [first] = many
    await addPerson(first!, 'Another')
    expect(((await trpc(first!, 'people.list')) as unknown[]).length).toBe(2)
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/people/${people[0]}/budgets`,
      headers: first!.headers,
      payload: { default: 25, byOccasion: [] },
    })
    expect(saved.statusCode).toBe(200)
    expect(((await trpc(first!, 'gifts.budgets', { personId: people[0] })) as { default: number }).default).toBe(25)
    const [product] = await createTestProducts(t.db, [{ title: 'Trpc kite', price: 9 }])
    await app.inject({ method: 'POST', url: `/api/products/${product!.id}/like`, headers: first!.headers })
    expect(((await trpc(first!, 'likes.page', { limit: 48 })) as { total: number }).total).toBe(1)
  })
})

describe('cached answers are the bytes the routes send without the cache (issue 24)', () => {
  it('every cached REST read answers byte for byte what an app without the cache answers', async () => {
    const plain = await buildTestApp(t.db, { ACCOUNT_CACHE_MB: 0 })
    try {
      const eve = await account('cache-eve@example.com')
      const mum = await addPerson(eve, 'Mum')
      const [product] = await createTestProducts(t.db, [
        { title: 'Same bytes kite', price: 7, affiliateUrl: 'https://merchant.example/kite' },
      ])
      await app.inject({ method: 'POST', url: `/api/products/${product!.id}/like`, headers: eve.headers })
      await app.inject({
        method: 'POST',
        url: '/api/clickthrough',
        headers: eve.headers,
        payload: { productId: product!.id, personId: mum, occasionId: ref.christmas },
      })
      await app.inject({
        method: 'PUT',
        url: `/api/people/${mum}/budgets`,
        headers: eve.headers,
        payload: { default: 30, byOccasion: [{ occasionId: ref.christmas, amount: 40 }] },
      })
      for (const url of [
        '/api/people',
        `/api/people/${mum}`,
        '/api/events',
        '/api/get-liked-products',
        '/api/get-liked-products/page?limit=48',
        '/api/my-orders?page=1&itemsPerPage=10',
        `/api/people/${mum}/gifts`,
        `/api/people/${mum}/budgets`,
        '/api/plan/Christmas/2026',
      ]) {
        const cold = await get(eve, url)
        const warm = await get(eve, url)
        const fresh = await plain.inject({ url, headers: eve.headers })
        expect(fresh.statusCode, url).toBe(200)
        expect(warm.body, url).toBe(fresh.body)
        expect(cold.body, url).toBe(fresh.body)
        expect(warm.headers.etag, url).toBe(fresh.headers.etag)
      }
    } finally {
      await plain.close()
    }
  })
})
