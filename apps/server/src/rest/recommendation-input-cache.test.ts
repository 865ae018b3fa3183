import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from '@presently/db'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import type { ProductPicksOutput, RecommendationsOutput } from '@presently/domain'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'

/**
 * Issue 24: the recommendation and picks input of a person is kept per users.data_version and
 * catalog version (readRecommendationInput; docs/decisions/recommendation-input-cache.md). These
 * tests ask over REST, where the versions come with the session, and change the data between
 * two identical requests: by the API, and by SQL as another writer would (the triggers of
 * migrations 0026 and 0031 move the version, not the server).
 */
let testDb: TestDatabase
let app: FastifyInstance
let ann: { token: string; userId: number }
let ben: { token: string; userId: number }
let kiteId: number
let trainId: number
let friend: number

const get = (url: string, user: { token: string }) =>
  app.inject({ method: 'GET', url, headers: withSession(user.token) })
const recommendations = async (user: { token: string }, personId: number) => {
  const res = await get(`/api/recommendations/person/${personId}?occasion=Birthday&count=3`, user)
  expect(res.statusCode).toBe(200)
  return res.json<RecommendationsOutput>()
}
const picks = async (user: { token: string }, personId: number) => {
  const res = await get(`/api/recommendations/person/${personId}/products?occasion=Birthday&count=8`, user)
  expect(res.statusCode).toBe(200)
  return res.json<ProductPicksOutput>()
}
async function createPerson(user: { token: string }, name: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/people',
    headers: withSession(user.token),
    payload: { name, relationshipId: friend },
  })
  expect(res.statusCode).toBe(201)
  return res.json<{ id: number }>().id
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  const rows = await createTestProducts(testDb.db, [
    { title: 'Stunt Kite', price: 24, categoryName: 'Sports & Outdoors', categoryLevel1: 'Kites', reviewCount: 80 },
    { title: 'Delta Kite', price: 18, categoryName: 'Sports & Outdoors', categoryLevel1: 'Kites', reviewCount: 60 },
    { title: 'Steam Train Set', price: 45, categoryName: 'Hobbies', categoryLevel1: 'Model Trains', reviewCount: 90 },
    { title: 'Station Kit', price: 22, categoryName: 'Hobbies', categoryLevel1: 'Model Trains', reviewCount: 40 },
    { title: 'Card Game', price: 9, categoryName: 'Games', categoryLevel1: 'Card Games', reviewCount: 300 },
    { title: 'Jigsaw 1000', price: 14, categoryName: 'Jigsaws & Puzzles', categoryLevel1: 'Jigsaws', reviewCount: 200 },
  ])
  kiteId = rows.find((r) => r.title === 'Stunt Kite')!.id
  trainId = rows.find((r) => r.title === 'Steam Train Set')!.id
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 1000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-input-cache@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-input-cache@example.com')
  const relationships = (await app.inject({ url: '/api/relationships' })).json<Array<{ id: number; name: string }>>()
  friend = relationships.find((r) => r.name === 'Friend')!.id
}, 120_000)
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('the recommendation input kept per data version (issue 24)', () => {
  it('shows an edit made through the API in the very next answer, categories and picks', async () => {
    const id = await createPerson(ann, 'Sam')
    expect((await recommendations(ann, id)).personName).toBe('Sam')
    expect((await picks(ann, id)).personName).toBe('Sam')
    // The same request again is answered from the kept input: same answer.
    expect((await recommendations(ann, id)).recommendations).toEqual((await recommendations(ann, id)).recommendations)
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/people/${id}`,
      headers: withSession(ann.token),
      payload: { name: 'Samantha', relationshipId: friend },
    })
    expect(edit.statusCode).toBe(200)
    expect((await recommendations(ann, id)).personName).toBe('Samantha')
    expect((await picks(ann, id)).personName).toBe('Samantha')
  })

  it('shows a write by SQL (another writer) in the very next answer', async () => {
    const id = await createPerson(ann, 'Alex')
    expect((await picks(ann, id)).budget).toEqual({ max: null, source: 'none' })
    await testDb.db.execute(sql`insert into budgets (user_id, person_id, occasion_id, amount_pence)
      values (${ann.userId}, ${id}, null, 2000)`)
    const after = await picks(ann, id)
    expect(after.budget.max).toBe(20)
    for (const pick of after.picks) expect(pick.product.price).toBeLessThanOrEqual(20)
  })

  it('drops a product dismissed for the person ("Not for {name}") from the very next picks', async () => {
    const id = await createPerson(ann, 'Robin')
    const before = await picks(ann, id)
    const first = before.picks[0]!.product.id
    const res = await app.inject({
      method: 'POST',
      url: `/api/people/${id}/dismissed-products`,
      headers: withSession(ann.token),
      payload: { productId: first },
    })
    expect(res.statusCode).toBe(201)
    expect((await picks(ann, id)).picks.map((p) => p.product.id)).not.toContain(first)
  })

  it("shows an item the list's owner adds to a list linked to the caller's person (issue 23) at once", async () => {
    // Ben linked Ann's shared list to his person Jo; its catalog items count as liked for Jo.
    const jo = await createPerson(ben, 'Jo')
    const list = (
      await testDb.db.execute<{ id: number }>(
        sql`insert into wish_lists (user_id, name) values (${ann.userId}, 'Ann''s birthday') returning id`,
      )
    ).rows[0]!
    await testDb.db.execute(
      sql`insert into wish_list_people (list_id, user_id, person_id) values (${list.id}, ${ben.userId}, ${jo})`,
    )
    const liked = (body: RecommendationsOutput) => body.recommendations.filter((r) => r.signals.includes('like'))
    expect(liked(await recommendations(ben, jo))).toHaveLength(0)
    // Ann (not Ben) adds a kite: Ben's version moves with hers.
    await testDb.db.execute(
      sql`insert into wish_list_items (list_id, product_id, title) values (${list.id}, ${kiteId}, 'Stunt Kite')`,
    )
    const after = await recommendations(ben, jo)
    expect(liked(after).length).toBeGreaterThan(0)
    expect(liked(after)[0]!.categoryUrl).toMatch(/^\/category\/sports-(and|&|%26)?/)
    // And Ann deleting the list takes it away again.
    await testDb.db.execute(sql`update wish_lists set deleted_at = now() where id = ${list.id}`)
    expect(liked(await recommendations(ben, jo))).toHaveLength(0)
  })

  it("never answers one user's input to another: another user's person is still 404 once it is kept", async () => {
    const id = await createPerson(ann, 'Kim')
    await recommendations(ann, id)
    await picks(ann, id)
    const theirs = await get(`/api/recommendations/person/${id}?occasion=Birthday`, ben)
    expect(theirs.statusCode).toBe(404)
    expect((await get(`/api/recommendations/person/${id}/products?occasion=Birthday`, ben)).statusCode).toBe(404)
  })

  it('shows a product disabled by staff (the catalog version) in the very next picks', async () => {
    const id = await createPerson(ann, 'Lee')
    await testDb.db.execute(sql`insert into product_likes (user_id, product_id) values (${ann.userId}, ${trainId})`)
    const before = await picks(ann, id)
    expect(before.picks.map((p) => p.product.id)).toContain(trainId)
    await testDb.db.execute(sql`update products set disabled = true where id = ${trainId}`)
    expect((await picks(ann, id)).picks.map((p) => p.product.id)).not.toContain(trainId)
  })
})
