import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'

/** POST /api/events/people (issue 43 §4: "Add Christmas for everyone"). */

let testDb: TestDatabase
let app: FastifyInstance
let ann: { token: string; userId: number }
let ben: { token: string; userId: number }
let mother = 0
let christmas = 0

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 1000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-bulk@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-bulk@example.com')
  mother = (await app.inject('/api/relationships'))
    .json<Array<{ id: number; name: string }>>()
    .find((r) => r.name === 'Mother')!.id
  christmas = (await app.inject('/api/occasions'))
    .json<Array<{ id: number; value: string }>>()
    .find((o) => o.value === 'christmas')!.id
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

const as = (user: { token: string }) => withSession(user.token)

async function person(user: { token: string }, name: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/people',
    headers: as(user),
    payload: { name, relationshipId: mother },
  })
  expect(res.statusCode).toBe(201)
  return res.json<{ id: number }>().id
}

const addForPeople = (user: { token: string }, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/events/people', headers: as(user), payload: payload as object })

const christmasesOf = async (user: { token: string }) =>
  (await app.inject({ url: '/api/events', headers: as(user) }))
    .json<Array<{ occasionId: number; people: { id: number }[] }>>()
    .filter((e) => e.occasionId === christmas)
    .flatMap((e) => e.people.map((p) => p.id))
    .sort((a, b) => a - b)

describe('POST /api/events/people', () => {
  it('adds the occasion to every person in one call, and skips those who have it', async () => {
    const [mum, dad, ava] = [await person(ann, 'Mum'), await person(ann, 'Dad'), await person(ann, 'Ava')]
    const first = await addForPeople(ann, { occasionId: christmas, date: '2026-12-25', personIds: [mum, dad] })
    expect(first.statusCode).toBe(201)
    const body = first.json<{ added: Array<{ date: string; people: { id: number }[] }>; alreadyHad: number[] }>()
    expect(body.added.map((e) => e.people[0]!.id).sort((a, b) => a - b)).toEqual([mum, dad].sort((a, b) => a - b))
    expect(body.added.every((e) => e.date === '2026-12-25')).toBe(true)
    expect(body.alreadyHad).toEqual([])

    const again = await addForPeople(ann, {
      occasionId: christmas,
      date: '2026-12-25',
      personIds: [ava, dad, mum, ava],
    })
    expect(again.json()).toMatchObject({
      added: [{ people: [{ id: ava }] }],
      alreadyHad: [mum, dad].sort((a, b) => a - b),
    })
    expect(await christmasesOf(ann)).toEqual([mum, dad, ava].sort((a, b) => a - b))
  })

  it("refuses another user's person with 404 and adds nothing for anyone", async () => {
    const gran = await person(ann, 'Gran')
    const bens = await person(ben, 'Bens mum')
    const before = await christmasesOf(ann)
    const res = await addForPeople(ann, { occasionId: christmas, date: '2026-12-25', personIds: [gran, bens] })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ message: 'Person not found' })
    expect(await christmasesOf(ann)).toEqual(before)
    expect(await christmasesOf(ben)).toEqual([])
  })

  it('answers 400 naming the field for hostile input, never 500', async () => {
    const tom = await person(ann, 'Tom')
    for (const payload of [
      {},
      { occasionId: christmas, date: '2026-12-25', personIds: [] },
      { occasionId: christmas, date: '2026-02-30', personIds: [tom] },
      { occasionId: christmas, date: '2026-12-25', personIds: ['x'] },
      { occasionId: christmas, date: '2026-12-25', personIds: [2 ** 40] },
      { occasionId: 999_999, date: '2026-12-25', personIds: [tom] },
      { occasionId: christmas, date: '2026-12-25', personIds: Array.from({ length: 201 }, (_, i) => i + 1) },
    ]) {
      const res = await addForPeople(ann, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0)
    }
    expect((await app.inject({ method: 'POST', url: '/api/events/people', payload: {} })).statusCode).toBe(401)
  })

  it('two calls at once for the same people add one Christmas each', async () => {
    const ids = [await person(ben, 'A'), await person(ben, 'B'), await person(ben, 'C')]
    const results = await Promise.all(
      [ids, [...ids].reverse()].map((personIds) =>
        addForPeople(ben, { occasionId: christmas, date: '2026-12-25', personIds }),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual([201, 201])
    expect(await christmasesOf(ben)).toEqual([...ids].sort((a, b) => a - b))
  })
})
