import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { setRole } from '@presently/api'
import { recommendationsOutput, slugToCategory, type RecommendationsOutput } from '@presently/domain'
import { categoryUrl, pathLevels } from '@presently/recommender'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'
import { startFakeChatCompletions, type FakeChatCompletions } from '../testing/fake-chat-completions.ts'

let testDb: TestDatabase
let app: FastifyInstance
let ann: { token: string; userId: number }
let ben: { token: string; userId: number }
let sue: { token: string; userId: number }
let ref: { friend: number; grandson: number; cardGames: number; modelToys: number }

/** A small catalog: a few categories of the shop's tree, each with enough products to list. */
async function seedProducts(): Promise<void> {
  const make = (categoryName: string, categoryLevel1: string | null, titles: string[], price: number, brand: string) =>
    titles.map((title, i) => ({
      title,
      price: price + i,
      brand,
      categoryName,
      categoryLevel1,
      reviewCount: 10 + i,
      averageRating: 4.5,
    }))
  await createTestProducts(testDb.db, [
    ...make('Games', 'Card Games', ['Uno Deck', 'Love Letter', 'Sushi Go', 'Exploding Kittens'], 8, 'Mattel'),
    ...make('Games', 'Chess', ['Wooden Chess Set', 'Travel Chess', 'Staunton Chessmen'], 25, 'Jaques'),
    ...make('Hobbies', 'Model Building Kits', ['Tiger Tank Kit', 'Spitfire Kit', 'Cutty Sark Kit'], 18, 'Airfix'),
    ...make(
      'Hobbies',
      'Model Trains & Railway Sets',
      ['Flying Scotsman Set', 'Mallard Loco', 'Station Set'],
      60,
      'Hornby',
    ),
    ...make(
      'Jigsaws & Puzzles',
      'Jigsaws',
      ['1000 Piece Puffins', '500 Piece Cottage', 'Map Jigsaw'],
      12,
      'Ravensburger',
    ),
    ...make('Baby & Toddler Toys', 'Rattles', ['Bee Rattle', 'Wooden Rattle', 'Star Rattle'], 6, 'Pintoy'),
  ])
}

const as = (user: { token: string }) => withSession(user.token)
const get = (url: string, user?: { token: string }) => app.inject({ method: 'GET', url, headers: user ? as(user) : {} })

async function createPerson(user: { token: string }, body: object): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/people', headers: as(user), payload: body })
  if (res.statusCode !== 201) throw new Error(res.body)
  return res.json<{ id: number }>().id
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  await seedProducts()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 1000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-rec@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-rec@example.com')
  sue = await signedInUser(app, testDb.db, 'sue-rec@example.com')
  await setRole(testDb.db, { email: 'sue-rec@example.com', role: 'staff', granted: true })
  const relationships = (await get('/api/relationships')).json<Array<{ id: number; name: string }>>()
  const interests = (await get('/api/interests')).json<Array<{ id: number; name: string }>>()
  ref = {
    friend: relationships.find((r) => r.name === 'Friend')!.id,
    grandson: relationships.find((r) => r.name === 'Grandson')!.id,
    cardGames: interests.find((i) => i.name === 'Card Games')!.id,
    modelToys: interests.find((i) => i.name === 'Model Toys')!.id,
  }
}, 120_000)
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('GET /api/recommendations/person/{personId}', () => {
  it('refuses signed-out callers with 401', async () => {
    const res = await get('/api/recommendations/person/1?occasion=Birthday')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, message: expect.any(String) })
  })

  it('answers the documented shape, never cached, each link a listing with products', async () => {
    const id = await createPerson(ann, {
      name: 'Tom',
      relationshipId: ref.grandson,
      dob: '2013-04-02',
      interests: [{ interestId: ref.modelToys, is_primary: true }],
    })
    const res = await get(`/api/recommendations/person/${id}?occasion=Christmas&count=3`, ann)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json<RecommendationsOutput>()
    expect(recommendationsOutput.strict().parse(body)).toEqual(body)
    expect(body.personName).toBe('Tom')
    expect(body.recommendations).toHaveLength(3)
    expect(body.recommendations[0]!.reasoning).toContain('Tom loves model toys')
    for (const { categoryUrl } of body.recommendations) {
      const [name, level1] = categoryUrl
        .split('/')
        .slice(2)
        .map((s) => slugToCategory(s))
      const query = new URLSearchParams({ page: '1', limit: '1', category_name: name! })
      if (level1) query.set('category_level1', level1)
      const listing = await get(`/api/products/by-category?${query.toString()}`)
      expect(listing.json<{ total: number }>().total, categoryUrl).toBeGreaterThan(0)
    }
  })

  it('defaults to 3, allows 1 to 10, and answers 400 with a message otherwise', async () => {
    const id = await createPerson(ann, { name: 'Pat', relationshipId: ref.friend })
    const url = (query: string) => `/api/recommendations/person/${id}?occasion=Birthday${query}`
    expect((await get(url(''), ann)).json<RecommendationsOutput>().recommendations).toHaveLength(3)
    expect((await get(url('&count=1'), ann)).json<RecommendationsOutput>().recommendations).toHaveLength(1)
    for (const count of ['0', '11', 'abc', '2.5', '-3']) {
      const res = await get(url(`&count=${count}`), ann)
      expect(res.statusCode, count).toBe(400)
      expect(res.json()).toEqual({ success: false, message: 'count must be a whole number from 1 to 10' })
    }
  })

  it('answers 400 naming an unknown occasion, and 400 without one', async () => {
    const id = await createPerson(ann, { name: 'Lou', relationshipId: ref.friend })
    const unknown = await get(`/api/recommendations/person/${id}?occasion=Hogmanay%20Eve`, ann)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ success: false, message: 'Unknown occasion "Hogmanay Eve"' })
    expect((await get(`/api/recommendations/person/${id}`, ann)).statusCode).toBe(400)
    expect((await get(`/api/recommendations/person/${id}?occasion=`, ann)).statusCode).toBe(400)
  })

  it("answers 404 for another user's person and for no person", async () => {
    const id = await createPerson(ann, { name: 'Secret', relationshipId: ref.friend })
    const res = await get(`/api/recommendations/person/${id}?occasion=Birthday`, ben)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'Person not found' })
    expect((await get(`/api/recommendations/person/2147483647?occasion=Birthday`, ann)).statusCode).toBe(404)
    expect((await get(`/api/recommendations/person/2147483648?occasion=Birthday`, ann)).statusCode).toBe(400)
  })

  it('adds debugInfo for staff who ask with debug=1, and for nobody else', async () => {
    const annsOwn = await createPerson(ann, { name: 'Ivy', relationshipId: ref.friend })
    const plain = await get(`/api/recommendations/person/${annsOwn}?occasion=Birthday&debug=1`, ann)
    expect(plain.statusCode).toBe(200)
    expect(plain.json<RecommendationsOutput>().debugInfo).toBeUndefined()
    const suesOwn = await createPerson(sue, { name: 'Joy', relationshipId: ref.friend })
    expect(
      (await get(`/api/recommendations/person/${suesOwn}?occasion=Birthday`, sue)).json<RecommendationsOutput>()
        .debugInfo,
    ).toBeUndefined()
    const debug = (
      await get(`/api/recommendations/person/${suesOwn}?occasion=Birthday&debug=1`, sue)
    ).json<RecommendationsOutput>()
    expect(debug.debugInfo).toMatchObject({ model: 'built-in', llmError: null, timings: { total: expect.any(Number) } })
    expect(debug.debugInfo!.candidates[0]).toMatchObject({ path: expect.any(String), signals: expect.any(Object) })
  })
})

describe('LLM re-ranking against a fake OpenAI-compatible endpoint', () => {
  let fake: FakeChatCompletions
  let llmApp: FastifyInstance
  let mode: 'reverse' | 'invent' | 'slow' | 'error' = 'reverse'
  let personId: number

  const candidateIds = (prompt: string) => [...prompt.matchAll(/id: (.+)/g)].map((m) => m[1]!.trim())

  beforeAll(async () => {
    fake = await startFakeChatCompletions(({ body }) => {
      const ids = candidateIds(body.messages[1]!.content)
      const answer = (items: unknown[]) => ({
        content: JSON.stringify({ recommendations: items }),
        usage: { prompt_tokens: 321, completion_tokens: 54, total_tokens: 375 },
      })
      if (mode === 'error') return { status: 500, body: '{"error":"overloaded"}' }
      if (mode === 'slow') return { ...answer([]), delayMs: 1500 }
      const items =
        mode === 'reverse'
          ? [...ids].reverse().map((id) => ({ category: id, reasoning: `The model prefers ${id} for this person.` }))
          : [{ category: 'Luxury Watches', reasoning: 'Invented by the model for this test.' }, { category: ids[1] }]
      return answer(items)
    })
    llmApp = await buildTestApp(testDb.db, {
      AUTH_RATE_LIMIT_IP_MAX: 1000,
      AUTH_RATE_LIMIT_EMAIL_MAX: 1000,
      ...fake.env,
    })
    personId = await createPerson(sue, {
      name: 'Max',
      relationshipId: ref.grandson,
      dob: '2012-01-01',
      interests: [
        { interestId: ref.modelToys, is_primary: true },
        { interestId: ref.cardGames, is_primary: false },
      ],
    })
  })
  beforeEach(() => {
    fake.requests.length = 0
  })
  afterAll(async () => {
    await llmApp.close()
    await fake.close()
  })

  const ask = async (target: FastifyInstance, debug = true) =>
    (
      await target.inject({
        method: 'GET',
        url: `/api/recommendations/person/${personId}?occasion=Christmas&count=3${debug ? '&debug=1' : ''}`,
        headers: as(sue),
      })
    ).json<RecommendationsOutput>()

  it('honours the order the model chose and its reasoning, and reports the call in debugInfo', async () => {
    mode = 'reverse'
    const answer = await ask(llmApp)
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      body: { model: 'fake-model' },
    })
    const sent = candidateIds(fake.requests[0]!.body.messages[1]!.content)
    expect(sent.length).toBeGreaterThanOrEqual(3)
    const expected = [...sent].reverse().slice(0, 3)
    expect(answer.recommendations.map((r) => r.reasoning)).toEqual(
      expected.map((id) => `The model prefers ${id} for this person.`),
    )
    expect(answer.debugInfo).toMatchObject({
      model: 'fake-model',
      temperature: 0.2,
      maxTokens: 600,
      prompts: { system: expect.stringContaining('only reorder'), user: expect.stringContaining('Name: Max') },
      rawResponse: expect.stringContaining('recommendations'),
      tokenUsage: { promptTokens: 321, completionTokens: 54, totalTokens: 375 },
      llmError: null,
      droppedCategories: [],
    })
    expect(answer.debugInfo!.responseTime).toBeGreaterThan(0)
  })

  it('drops a category the model invents and keeps to the candidates', async () => {
    mode = 'invent'
    const builtIn = await ask(app)
    const answer = await ask(llmApp)
    const sent = candidateIds(fake.requests[0]!.body.messages[1]!.content)
    expect(answer.debugInfo!.droppedCategories).toEqual(['Luxury Watches'])
    expect(answer.recommendations.map((r) => r.category)).not.toContain('Luxury Watches')
    expect(answer.recommendations).toHaveLength(3)
    // The model's one real pick first, then the engine's order.
    const pick = categoryUrl(pathLevels(sent[1]!))
    expect(answer.recommendations[0]!.categoryUrl).toBe(pick)
    expect(answer.recommendations.slice(1).map((r) => r.categoryUrl)).toEqual(
      builtIn.recommendations
        .map((r) => r.categoryUrl)
        .filter((url) => url !== pick)
        .slice(0, 2),
    )
  })

  it('falls back to the built-in answer when the model is too slow or fails', async () => {
    const builtIn = await ask(app, false)
    mode = 'slow'
    const slow = await ask(llmApp)
    expect(slow.recommendations).toEqual(builtIn.recommendations)
    expect(slow.debugInfo).toMatchObject({ model: 'built-in', llmError: 'timed out after 300 ms' })
    mode = 'error'
    const failed = await ask(llmApp)
    expect(failed.recommendations).toEqual(builtIn.recommendations)
    expect(failed.debugInfo).toMatchObject({ model: 'built-in', llmError: 'HTTP 500' })
    // Without debug the answer carries no trace of it.
    expect((await ask(llmApp, false)).debugInfo).toBeUndefined()
  })
})
