import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql, users } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
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

  it('a write by SQL from outside the server (another process) shows in the next answer', async () => {
    const bea = await account('cache-bea@example.com')
    await addPerson(bea, 'Aunt')
    expect((await get(bea, '/api/people')).json<unknown[]>()).toHaveLength(1)
    await t.db.execute(sql`update people set name = 'Auntie' where user_id = ${bea.id}`)
    expect((await get(bea, '/api/people')).json<Array<{ name: string }>>()[0]!.name).toBe('Auntie')
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
