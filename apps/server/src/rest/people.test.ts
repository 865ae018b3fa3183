import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { ACCOUNT_LIMITS, LIMIT_MESSAGES } from '@presently/domain'
import { buildTestApp, signedInUser, TEST_APP_URL, withSession } from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance
let ann: { token: string; userId: number }
let ben: { token: string; userId: number }
let ref: { mother: number; friend: number; birthday: number; christmas: number }

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 1000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-people@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-people@example.com')
  const relationships = (await app.inject('/api/relationships')).json<Array<{ id: number; name: string }>>()
  const occasions = (await app.inject('/api/occasions')).json<Array<{ id: number; value: string }>>()
  ref = {
    mother: relationships.find((r) => r.name === 'Mother')!.id,
    friend: relationships.find((r) => r.name === 'Friend')!.id,
    birthday: occasions.find((o) => o.value === 'birthday')!.id,
    christmas: occasions.find((o) => o.value === 'christmas')!.id,
  }
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

const as = (user: { token: string }) => withSession(user.token)

describe('reference data', () => {
  it.each([
    'relationships',
    'occasions',
    'interests',
    'intelligence',
    'lifestyle',
    'taste',
    'personality',
    'gift-preferences',
  ])('GET /api/%s answers a public, cacheable list', async (name) => {
    const res = await app.inject(`/api/${name}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(res.json<unknown[]>().length).toBeGreaterThan(0)
  })

  it('answers the spec shapes (occasion: value, label, category, weights; options in pairs)', async () => {
    const [birthday] = (await app.inject('/api/occasions')).json<object[]>()
    expect(birthday).toEqual({
      id: expect.any(Number),
      value: 'birthday',
      label: 'Birthday',
      name: 'Birthday',
      category: 'Main',
      cat_weight: expect.any(Number),
      occ_weight: expect.any(Number),
    })
    const taste = (await app.inject('/api/taste')).json<Array<{ options: unknown[] }>>()
    expect(taste).toHaveLength(5)
    for (const category of taste) expect(category.options).toHaveLength(2)
  })
})

describe('/api/people', () => {
  it('refuses signed-out callers with 401 and no data', async () => {
    for (const [method, url] of [
      ['GET', '/api/people'],
      ['POST', '/api/people'],
      ['GET', '/api/people/1'],
      ['PATCH', '/api/people/1'],
      ['DELETE', '/api/people/1'],
      ['GET', '/api/events'],
      ['POST', '/api/events/person/1'],
      ['DELETE', '/api/events/person/1/event/1'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
      expect(res.json()).toEqual({ success: false, message: 'Unauthorized' })
    }
  })

  it('creates (201), reads, updates and deletes a person; answers are never cached', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/people',
      headers: as(ann),
      payload: {
        name: 'Mum',
        relationshipId: ref.mother,
        dob: '1960-04-03',
        gender: 'female',
        events: [{ date: '1960-04-03', occasionId: ref.birthday }],
      },
    })
    expect(created.statusCode).toBe(201)
    expect(created.headers['cache-control']).toBe('no-store')
    const person = created.json<{ id: number; events: Array<{ id: number }> }>()
    expect(person).toMatchObject({
      name: 'Mum',
      date_of_birth: '1960-04-03',
      relationship: { name: 'Mother', type: 'Family' },
      events: [
        {
          date: '1960-04-03',
          occasion: { id: ref.birthday, label: 'Birthday' },
          people: [{ id: person.id, name: 'Mum' }],
        },
      ],
      tier: 'bronze',
    })

    const list = await app.inject({ url: '/api/people', headers: as(ann) })
    expect(list.json<Array<{ id: number }>>().map((p) => p.id)).toContain(person.id)
    expect((await app.inject({ url: `/api/people/${person.id}`, headers: as(ann) })).json()).toEqual(person)

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/people/${person.id}`,
      headers: as(ann),
      payload: { name: 'Mother', relationshipId: ref.mother, orientation: 'straight' },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({
      name: 'Mother',
      orientation: 'straight',
      events: [{ id: person.events[0]!.id }],
    })

    const removed = await app.inject({ method: 'DELETE', url: `/api/people/${person.id}`, headers: as(ann) })
    expect(removed.json()).toEqual({ success: true, message: 'Person deleted' })
    expect((await app.inject({ url: `/api/people/${person.id}`, headers: as(ann) })).statusCode).toBe(404)
  })

  it("answers another user's ids with 404 and changes nothing", async () => {
    const secret = (
      await app.inject({
        method: 'POST',
        url: '/api/people',
        headers: as(ann),
        payload: { name: 'Secret', relationshipId: ref.friend },
      })
    ).json<{ id: number }>()
    const attempts = [
      app.inject({ url: `/api/people/${secret.id}`, headers: as(ben) }),
      app.inject({
        method: 'PATCH',
        url: `/api/people/${secret.id}`,
        headers: as(ben),
        payload: { name: 'Mine', relationshipId: ref.friend },
      }),
      app.inject({ method: 'DELETE', url: `/api/people/${secret.id}`, headers: as(ben) }),
      app.inject({ url: `/api/events/person/${secret.id}`, headers: as(ben) }),
      app.inject({
        method: 'POST',
        url: `/api/events/person/${secret.id}`,
        headers: as(ben),
        payload: { occasionId: ref.birthday, date: '2000-01-01' },
      }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Person not found' })
    }
    expect((await app.inject({ url: `/api/people/${secret.id}`, headers: as(ann) })).json()).toMatchObject({
      name: 'Secret',
    })
  })

  it('answers bad input with 400 and the spec message', async () => {
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/people', headers: as(ann), payload })
    expect((await post({ relationshipId: ref.friend })).json()).toEqual({ success: false, message: 'Name is required' })
    expect((await post({ name: 'X' })).json()).toEqual({ success: false, message: 'Relationship is required' })
    expect((await post({ name: 'X', relationshipId: ref.friend, dob: '2999-01-01' })).statusCode).toBe(400)
    expect((await post({ name: 'X\u0000', relationshipId: ref.friend })).statusCode).toBe(400)
    expect((await app.inject({ url: '/api/people/2147483648', headers: as(ann) })).statusCode).toBe(400)
    expect((await app.inject({ url: '/api/people/abc', headers: as(ann) })).statusCode).toBe(400)
  })
})

describe('/api/events', () => {
  it('adds (201), lists and deletes the events of a person', async () => {
    const person = (
      await app.inject({
        method: 'POST',
        url: '/api/people',
        headers: as(ann),
        payload: { name: 'Dad', relationshipId: ref.friend },
      })
    ).json<{ id: number }>()
    const add = await app.inject({
      method: 'POST',
      url: `/api/events/person/${person.id}`,
      headers: as(ann),
      payload: { occasionId: ref.christmas, date: '2026-12-25' },
    })
    expect(add.statusCode).toBe(201)
    const event = add.json<{ id: number }>()
    expect(event).toMatchObject({ id: expect.any(Number), date: '2026-12-25', occasion: { label: 'Christmas' } })
    expect((await app.inject({ url: `/api/events/person/${person.id}`, headers: as(ann) })).json()).toEqual([event])
    expect(
      (await app.inject({ url: '/api/events', headers: as(ann) })).json<Array<{ id: number }>>().map((e) => e.id),
    ).toContain(event.id)
    expect((await app.inject({ url: '/api/events', headers: as(ben) })).json()).toEqual([])
    const missingOccasion = await app.inject({
      method: 'POST',
      url: `/api/events/person/${person.id}`,
      headers: as(ann),
      payload: { date: '2026-12-25' },
    })
    expect(missingOccasion.json()).toEqual({ success: false, message: 'Please select an occasion' })

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/events/person/${person.id}/event/${event.id}`,
      headers: as(ann),
    })
    expect(del.json()).toEqual({ success: true, message: 'Event deleted' })
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/events/person/${person.id}/event/${event.id}`,
      headers: as(ann),
    })
    expect(again.statusCode).toBe(404)
  })

  it('answers 409 with the limit message once a person has 50 events (issue 25)', async () => {
    const person = (
      await app.inject({
        method: 'POST',
        url: '/api/people',
        headers: as(ann),
        payload: {
          name: 'Full',
          relationshipId: ref.friend,
          events: Array.from({ length: ACCOUNT_LIMITS.eventsPerPerson }, () => ({
            date: '2000-05-05',
            occasionId: ref.birthday,
          })),
        },
      })
    ).json<{ id: number }>()
    const add = await app.inject({
      method: 'POST',
      url: `/api/events/person/${person.id}`,
      headers: as(ann),
      payload: { occasionId: ref.birthday, date: '2000-06-06' },
    })
    expect(add.statusCode).toBe(409)
    expect(add.json()).toEqual({ success: false, message: LIMIT_MESSAGES.eventsPerPerson })
  })

  it('answers a year-0 date with 400 naming the field, never 500 (issue 25)', async () => {
    const person = (
      await app.inject({
        method: 'POST',
        url: '/api/people',
        headers: as(ann),
        payload: { name: 'Zero', relationshipId: ref.friend },
      })
    ).json<{ id: number }>()
    const outOfRange = { success: false, message: 'date must be a date from 0001-01-01 to 9999-12-31' }
    const add = await app.inject({
      method: 'POST',
      url: `/api/events/person/${person.id}`,
      headers: as(ann),
      payload: { occasionId: ref.birthday, date: '0000-01-01' },
    })
    expect(add.statusCode).toBe(400)
    expect(add.json()).toEqual(outOfRange)
    const create = await app.inject({
      method: 'POST',
      url: '/api/people',
      headers: as(ann),
      payload: {
        name: 'Zero 2',
        relationshipId: ref.friend,
        events: [{ date: '0000-01-01', occasionId: ref.birthday }],
      },
    })
    expect(create.statusCode).toBe(400)
    expect(create.json()).toEqual(outOfRange)
    const dob = await app.inject({
      method: 'POST',
      url: '/api/people',
      headers: as(ann),
      payload: { name: 'Zero 3', relationshipId: ref.friend, dob: '0000-01-01' },
    })
    expect(dob.statusCode).toBe(400)
    expect(dob.json<{ message: string }>().message).toMatch(/^(dob must be a date|Year must be between 1900)/)
  })
})

describe('GET /api/calendar/{token}.ics', () => {
  it('serves the owner’s feed as text/calendar without a session, and 404 once the link is reset', async () => {
    const person = (
      await app.inject({
        method: 'POST',
        url: '/api/people',
        headers: as(ben),
        payload: {
          name: 'Nan',
          relationshipId: ref.mother,
          events: [{ date: '1944-06-06', occasionId: ref.birthday }],
        },
      })
    ).json<{ id: number }>()
    const link = await app.inject({
      method: 'POST',
      url: '/trpc/events.resetCalendarLink',
      headers: as(ben),
      payload: {},
    })
    const url = link.json<{ result: { data: { url: string } } }>().result.data.url
    expect(url.startsWith(`${TEST_APP_URL}/api/calendar/`)).toBe(true)
    const path = new URL(url).pathname

    const feed = await app.inject(path)
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(feed.body).toContain("SUMMARY:Nan's Birthday")
    expect(feed.body).toContain(`person=${person.id}`)
    expect(feed.body).not.toContain('Mum')

    await app.inject({ method: 'POST', url: '/trpc/events.resetCalendarLink', headers: as(ben), payload: {} })
    const old = await app.inject(path)
    expect(old.statusCode).toBe(404)
    expect(old.json()).toEqual({ success: false, message: 'Calendar not found' })
    expect((await app.inject('/api/calendar/not-a-token.ics')).statusCode).toBe(404)
    expect((await app.inject('/api/calendar/nothing')).statusCode).toBe(404)
  })
})
