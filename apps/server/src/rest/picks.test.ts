import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from '@presently/db'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { productPicksOutput, ukToday, type ProductPicksOutput } from '@presently/domain'
import { productPickIdeas, productPicksForPerson } from '@presently/api'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'
import { startFakeChatCompletions, type FakeChatCompletions } from '../testing/fake-chat-completions.ts'

let testDb: TestDatabase
let app: FastifyInstance
let ann: { token: string; userId: number }
let ben: { token: string; userId: number }
let ref: {
  father: number
  mother: number
  friend: number
  modelToys: number
  modelRailways: number
  puzzles: number
  baking: number
  gardening: number
  budget20to50: number
  christmas: number
  birthday: number
}
let productIds: Map<string, number>

/** A small catalog: railway and jigsaw products for adults, baby and children's toys, a garden tool. */
async function seedProducts(): Promise<void> {
  const make = (categoryName: string, categoryLevel1: string | null, items: [string, number][], brand: string) =>
    items.map(([title, price], i) => ({
      title,
      price,
      brand,
      categoryName,
      categoryLevel1,
      reviewCount: 40 + i * 10,
      averageRating: 4.6,
      affiliateUrl: `https://merchant.example/${encodeURIComponent(title)}`,
    }))
  const rows = await createTestProducts(testDb.db, [
    ...make(
      'Hobbies',
      'Model Trains & Railway Sets',
      [
        ['Hornby Flying Scotsman Locomotive', 29.5],
        ['Hornby Mallard Locomotive', 27],
        ['Bachmann Railway Station Kit', 22],
        ['Hornby Railway Train Set Deluxe', 120],
        ['Hornby Junior Train Set for Kids 3+ Years', 18],
      ],
      'Hornby',
    ),
    ...make(
      'Hobbies',
      'Model Building Kits',
      [
        ['Airfix T-90 Tank Model Kit', 24],
        ['Revell Spitfire Model Kit 1:72', 21],
      ],
      'Airfix',
    ),
    ...make(
      'Jigsaws & Puzzles',
      'Jigsaws',
      [
        ['Steam Railway 1000 Piece Jigsaw', 14],
        ['Country Garden 1000 Piece Jigsaw', 13],
        ['Seaside 500 Piece Jigsaw', 11],
        ['My First Jigsaw Toddler 18 Months+', 8],
      ],
      'Ravensburger',
    ),
    ...make(
      'Games',
      'Card Games',
      [
        ['Uno Deck', 8],
        ['Love Letter', 12],
      ],
      'Mattel',
    ),
    ...make(
      'Baby & Toddler Toys',
      'Rattles',
      [
        ['Baby Bee Rattle', 6],
        ['Baby Wooden Rattle', 7],
      ],
      'Pintoy',
    ),
    ...make(
      'Tools & Garden',
      'Garden Tools',
      [
        ['Gardener Trowel and Fork Set', 19],
        ['Kids Garden Tool Set 3+ Years', 12],
      ],
      'Spear & Jackson',
    ),
  ])
  productIds = new Map(rows.map((r) => [r.title, r.id]))
}

const as = (user: { token: string }) => withSession(user.token)
const get = (url: string, user?: { token: string }) => app.inject({ method: 'GET', url, headers: user ? as(user) : {} })

async function createPerson(user: { token: string }, body: object): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/people', headers: as(user), payload: body })
  if (res.statusCode !== 201) throw new Error(res.body)
  return res.json<{ id: number }>().id
}
const picksUrl = (id: number, query: string) => `/api/recommendations/person/${id}/products?${query}`
const titles = (body: ProductPicksOutput) => body.picks.map((p) => p.product.title)

beforeAll(async () => {
  testDb = await createTestDatabase()
  await seedProducts()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 1000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-picks@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-picks@example.com')
  const relationships = (await get('/api/relationships')).json<Array<{ id: number; name: string }>>()
  const interests = (await get('/api/interests')).json<Array<{ id: number; name: string }>>()
  const groups = (await get('/api/gift-preferences')).json<
    Array<{ name: string; options: Array<{ id: number; label: string }> }>
  >()
  const occasions = (await get('/api/occasions')).json<Array<{ id: number; label: string }>>()
  const interest = (name: string) => interests.find((i) => i.name === name)!.id
  ref = {
    father: relationships.find((r) => r.name === 'Father')!.id,
    mother: relationships.find((r) => r.name === 'Mother')!.id,
    friend: relationships.find((r) => r.name === 'Friend')!.id,
    modelToys: interest('Model Toys'),
    modelRailways: interest('Model Railways'),
    puzzles: interest('Board Games and Puzzles'),
    baking: interest('Desserts and Baking'),
    gardening: interest('Gardening'),
    budget20to50: groups.find((g) => g.name === 'Budget')!.options.find((o) => o.label === '£20 to £50')!.id,
    christmas: occasions.find((o) => o.label === 'Christmas')!.id,
    birthday: occasions.find((o) => o.label === 'Birthday')!.id,
  }
}, 120_000)
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('GET /api/recommendations/person/{personId}/products', () => {
  it('refuses signed-out callers with 401', async () => {
    expect((await get('/api/recommendations/person/1/products?occasion=Christmas')).statusCode).toBe(401)
  })

  it('gives Dad, 62, who loves model railways and jigsaws, products under £30 with reasons, none for small children', async () => {
    const dad = await createPerson(ann, {
      name: 'Dad',
      relationshipId: ref.father,
      dob: '1963-05-01',
      interests: [
        { interestId: ref.modelToys, is_primary: true },
        { interestId: ref.puzzles, is_primary: true },
      ],
    })
    const res = await get(picksUrl(dad, 'occasion=Christmas&maxPrice=30'), ann)
    expect(res.statusCode).toBe(200)
    const body = productPicksOutput.parse(res.json())
    expect(body.personName).toBe('Dad')
    expect(body.budget).toEqual({ max: 30, source: 'query' })
    expect(body.picks.length).toBeGreaterThanOrEqual(4)
    expect(body.picks.length).toBeLessThanOrEqual(8)
    for (const pick of body.picks) {
      expect(pick.product.price).toBeLessThanOrEqual(30)
      expect(pick.product.title).not.toMatch(/baby|toddler|kids|3\+ years/i)
      expect(pick.reason).toMatch(/model toys|board games and puzzles/)
      expect(pick.category.categoryUrl).toMatch(/^\/category\//)
      expect(pick.product.productUrl).toMatch(/^\/product\/\d+$/)
    }
    expect(titles(body).filter((t) => /Locomotive|Railway Station/.test(t))).toHaveLength(2)
    expect(titles(body)).toContain('Steam Railway 1000 Piece Jigsaw')
    expect(titles(body)).not.toContain('Hornby Railway Train Set Deluxe')
    expect(new Set(body.picks.map((p) => p.reason)).size).toBe(body.picks.length)
    expect(body.fewForInterests).toBe(false)
  })

  it("reads the shop's own interests by their aliases: model railways is not every model kit", async () => {
    // A browser pass found Dad's picks for "Model Railways" full of tank and aircraft kits, each
    // "for model railways": the interest's name was read word by word, and "model" is in every kit.
    const dad = await createPerson(ann, {
      name: 'Grandad',
      relationshipId: ref.father,
      dob: '1955-05-01',
      interests: [{ interestId: ref.modelRailways, is_primary: true }],
    })
    const body = productPicksOutput.parse((await get(picksUrl(dad, 'occasion=Christmas&maxPrice=30'), ann)).json())
    // All three railway products within £30, though they share one leaf: the diversity rule's two
    // per leaf gives way when nothing else fits, rather than leaving the answer short (issue 40).
    // A railway jigsaw is not a present "for model railways" for an adult whose only interest is
    // the hobby (issue 40's activity rule: an interest the catalog's categories answer is evidence
    // only inside them); with jigsaws as an interest too (the test above) it is one.
    expect(titles(body).filter((t) => /Locomotive|Railway Station/.test(t))).toHaveLength(3)
    for (const pick of body.picks)
      if (pick.product.title === 'Steam Railway 1000 Piece Jigsaw') expect(pick.reason).not.toMatch(/model railways/)
    for (const pick of body.picks) {
      if (/model railways/.test(pick.reason))
        expect(pick.product.title).toMatch(/railway|locomotive|train|station|hornby/i)
    }
    expect(titles(body)).not.toContain('Airfix T-90 Tank Model Kit')
  })

  it('takes the budget from the Budget options, else none; count is obeyed', async () => {
    const id = await createPerson(ann, {
      name: 'Gran',
      relationshipId: ref.friend,
      dob: '1950-01-01',
      giftPreferenceSelections: [{ optionId: ref.budget20to50 }],
    })
    const body = (await get(picksUrl(id, 'occasion=christmas'), ann)).json<ProductPicksOutput>()
    expect(body.budget).toEqual({ max: 50, source: 'options' })
    for (const pick of body.picks) expect(pick.product.price).toBeLessThanOrEqual(50)
    const other = await createPerson(ann, { name: 'Pat', relationshipId: ref.friend })
    const none = (await get(picksUrl(other, 'occasion=Christmas&count=2'), ann)).json<ProductPicksOutput>()
    expect(none.budget).toEqual({ max: null, source: 'none' })
    expect(none.picks).toHaveLength(2)
  })

  it('gives Mum, 58, baking and gardening, only honest picks and the catalog line', async () => {
    const mum = await createPerson(ann, {
      name: 'Mum',
      relationshipId: ref.mother,
      dob: '1967-03-01',
      interests: [
        { interestId: ref.baking, is_primary: true },
        { interestId: ref.gardening, is_primary: true },
      ],
    })
    const body = (await get(picksUrl(mum, 'occasion=Christmas&maxPrice=30'), ann)).json<ProductPicksOutput>()
    expect(titles(body)).toContain('Gardener Trowel and Fork Set')
    expect(titles(body).join()).not.toMatch(/Kids|Rattle|Toddler/)
    expect(body.picks.length).toBeLessThan(8)
    expect(body.fewForInterests).toBe(true)
    expect(body.note).toMatch(/^The shop has few products for Mum's interests/)
  })

  it('validates count, maxPrice and the occasion with messages naming them', async () => {
    const id = await createPerson(ann, { name: 'Lou', relationshipId: ref.friend })
    for (const count of ['0', '25', 'abc', '2.5']) {
      const res = await get(picksUrl(id, `occasion=Christmas&count=${count}`), ann)
      expect(res.statusCode, count).toBe(400)
      expect(res.json<{ message: string }>().message).toBe('count must be a whole number from 1 to 24')
    }
    for (const maxPrice of ['0', '100001', '12.5', 'lots', '-4']) {
      const res = await get(picksUrl(id, `occasion=Christmas&maxPrice=${maxPrice}`), ann)
      expect(res.statusCode, maxPrice).toBe(400)
      expect(res.json<{ message: string }>().message).toMatch(/^maxPrice must be a whole number of pounds/)
    }
    const unknown = await get(picksUrl(id, 'occasion=Hogmanay%20Eve'), ann)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ success: false, message: 'Unknown occasion "Hogmanay Eve"' })
    expect((await get(picksUrl(id, ''), ann)).statusCode).toBe(400)
  })

  it("answers 404 for another user's person and for ids that do not exist", async () => {
    const id = await createPerson(ann, { name: 'Secret', relationshipId: ref.friend })
    const res = await get(picksUrl(id, 'occasion=Christmas'), ben)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'Person not found' })
    expect((await get(`/api/people/${id}/dismissed-products`, ben)).statusCode).toBe(404)
    const dismiss = await app.inject({
      method: 'POST',
      url: `/api/people/${id}/dismissed-products`,
      headers: as(ben),
      payload: { productId: productIds.get('Uno Deck') },
    })
    expect(dismiss.statusCode).toBe(404)
    expect((await get(picksUrl(2147483647, 'occasion=Christmas'), ann)).statusCode).toBe(404)
  })

  it('never offers what was bought for the person, nor what was dismissed, until undone', async () => {
    const dad = await createPerson(ann, {
      name: 'Uncle Bob',
      relationshipId: ref.father,
      dob: '1960-02-01',
      interests: [{ interestId: ref.modelToys, is_primary: true }],
    })
    const url = picksUrl(dad, 'occasion=Christmas&maxPrice=30')
    const trains = (await get(url, ann))
      .json<ProductPicksOutput>()
      .picks.filter((p) => p.product.category_level1 === 'Model Trains & Railway Sets')
      .map((p) => p.product.id)
    expect(trains).toHaveLength(2)
    const [bought, dismissed] = trains as [number, number]
    // Bought for Dad's birthday: an order for Christmas would also rest the whole railway range
    // this Christmas (the category engine's "not again" rule), which is not what this tests.
    const order = await app.inject({
      method: 'POST',
      url: '/api/clickthrough',
      headers: as(ann),
      payload: { productId: bought, personId: dad, occasionId: ref.birthday },
    })
    expect(order.statusCode, order.body).toBe(201)
    const dismiss = await app.inject({
      method: 'POST',
      url: `/api/people/${dad}/dismissed-products`,
      headers: as(ann),
      payload: { productId: dismissed },
    })
    expect(dismiss.statusCode).toBe(201)
    expect(dismiss.json()).toMatchObject({ productId: dismissed, title: expect.any(String) })
    const ids = async () => (await get(url, ann)).json<ProductPicksOutput>().picks.map((p) => p.product.id)
    const after = await ids()
    expect(after).not.toContain(bought)
    expect(after).not.toContain(dismissed)
    const listed = (await get(`/api/people/${dad}/dismissed-products`, ann)).json<Array<{ productId: number }>>()
    expect(listed.map((d) => d.productId)).toEqual([dismissed])

    const undo = await app.inject({
      method: 'DELETE',
      url: `/api/people/${dad}/dismissed-products/${dismissed}`,
      headers: as(ann),
    })
    expect(undo.statusCode).toBe(200)
    expect(await ids()).toContain(dismissed)
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/people/${dad}/dismissed-products/${dismissed}`,
      headers: as(ann),
    })
    expect(again.statusCode).toBe(404)
  })

  it('never offers a product its feed says is out of stock, and offers it again once back', async () => {
    const aunt = await createPerson(ann, {
      name: 'Aunt Jo',
      relationshipId: ref.mother,
      dob: '1962-05-01',
      interests: [{ interestId: ref.modelToys, is_primary: true }],
    })
    const url = picksUrl(aunt, 'occasion=Christmas&maxPrice=30')
    const ids = async () => (await get(url, ann)).json<ProductPicksOutput>().picks.map((p) => p.product.id)
    const first = await ids()
    const gone = first[0]!
    await testDb.db.execute(sql`update products set in_stock = false where id = ${gone}`)
    expect(await ids()).not.toContain(gone)
    await testDb.db.execute(sql`update products set in_stock = null where id = ${gone}`)
    expect(await ids()).toContain(gone)
  })

  it('is the service the reminder emails call, by occasion id, with a budget from the seam', async () => {
    const dad = await createPerson(ann, {
      name: 'Grandad',
      relationshipId: ref.father,
      dob: '1950-02-01',
      interests: [{ interestId: ref.puzzles, is_primary: true }],
    })
    const body = await productPicksForPerson(testDb.db, {
      userId: ann.userId,
      personId: dad,
      occasion: { id: ref.christmas },
      count: 4,
      sources: {
        resolveBudget: () => Promise.resolve({ max: 13, source: 'event' }),
        givenProductIds: () => Promise.resolve([productIds.get('Country Garden 1000 Piece Jigsaw')!]),
      },
    })
    expect(body.budget).toEqual({ max: 13, source: 'event' })
    expect(body.picks.length).toBeGreaterThan(0)
    expect(body.picks.length).toBeLessThanOrEqual(4)
    for (const pick of body.picks) expect(pick.product.price).toBeLessThanOrEqual(13)
    expect(titles(body)).not.toContain('Country Garden 1000 Piece Jigsaw')
  })
  it('keeps to what is left of the budget and never repeats a present given (issue 22), and feeds the reminder email (issue 21)', async () => {
    const dad = await createPerson(ann, {
      name: 'Pops',
      relationshipId: ref.father,
      dob: '1964-05-01',
      interests: [
        { interestId: ref.modelToys, is_primary: true },
        { interestId: ref.puzzles, is_primary: false },
      ],
    })
    const budget = await app.inject({
      method: 'PUT',
      url: `/api/people/${dad}/budgets`,
      headers: as(ann),
      payload: { default: null, byOccasion: [{ occasionId: ref.christmas, amount: 40 }] },
    })
    expect(budget.statusCode, budget.body).toBe(200)
    const gift = await app.inject({
      method: 'POST',
      url: `/api/people/${dad}/gifts`,
      headers: as(ann),
      payload: {
        title: 'Steam Railway 1000 Piece Jigsaw',
        pricePaid: 25,
        givenOn: ukToday(),
        occasionId: ref.christmas,
      },
    })
    expect(gift.statusCode, gift.body).toBe(201)

    const body = await productPicksForPerson(testDb.db, {
      userId: ann.userId,
      personId: dad,
      occasion: { id: ref.christmas },
      count: 8,
    })
    expect(body.budget).toEqual({ max: 15, source: 'event' })
    expect(body.picks.length).toBeGreaterThan(0)
    for (const pick of body.picks) expect(pick.product.price).toBeLessThanOrEqual(15)
    expect(titles(body)).not.toContain('Steam Railway 1000 Piece Jigsaw')

    const ideas = await productPickIdeas(testDb.db, {
      userId: ann.userId,
      personId: dad,
      occasionLabel: 'Christmas',
      today: ukToday(),
      appUrl: 'http://shop.test',
    })
    expect(ideas.length).toBeGreaterThan(0)
    expect(ideas.length).toBeLessThanOrEqual(4)
    for (const idea of ideas) {
      expect(idea.url).toMatch(/^http:\/\/shop\.test\/product\/\d+$/)
      expect(idea.price).toMatch(/^£\d+\.\d{2}$/)
    }
    expect(ideas.map((i) => i.title)).toEqual(titles(body).slice(0, ideas.length))
  })
})

describe('the optional LLM pass over the picks, against a fake OpenAI-compatible endpoint (issue 20)', () => {
  let fake: FakeChatCompletions
  let llmApp: FastifyInstance
  let mode: 'reverse' | 'invent' | 'error' | 'slow' = 'reverse'
  let dad: number

  beforeAll(async () => {
    fake = await startFakeChatCompletions(({ body }) => {
      const ids = [...body.messages[1]!.content.matchAll(/id: (\d+)/g)].map((m) => Number(m[1]))
      if (mode === 'error') return { status: 500, body: '{"error":"overloaded"}' }
      if (mode === 'slow') return { content: '{"picks":[]}', delayMs: 1500 }
      const items =
        mode === 'reverse'
          ? [...ids]
              .reverse()
              .map((id, k) => ({ id, reason: `Chosen by the model for Dad, pick ${'ABCDEFGHIJKLMNOPQRSTUVWX'[k]}.` }))
          : [{ id: 999_999, reason: 'A product the model made up.' }, { id: ids[1] }]
      return { content: JSON.stringify({ picks: items }) }
    })
    llmApp = await buildTestApp(testDb.db, {
      AUTH_RATE_LIMIT_IP_MAX: 1000,
      AUTH_RATE_LIMIT_EMAIL_MAX: 1000,
      ...fake.env,
    })
    dad = await createPerson(ann, {
      name: 'Dad',
      relationshipId: ref.father,
      dob: '1963-05-01',
      interests: [
        { interestId: ref.modelToys, is_primary: true },
        { interestId: ref.puzzles, is_primary: true },
      ],
    })
  })
  afterAll(async () => {
    await llmApp.close()
    await fake.close()
  })

  const ask = async (target: FastifyInstance) => {
    const res = await target.inject({
      method: 'GET',
      url: picksUrl(dad, 'occasion=Christmas&maxPrice=30'),
      headers: as(ann),
    })
    expect(res.statusCode).toBe(200)
    return productPicksOutput.parse(res.json())
  }
  const ids = (body: ProductPicksOutput) => body.picks.map((p) => p.product.id)

  it("takes the model's order and reasons, over the same products (REST and tRPC)", async () => {
    const engine = await ask(app)
    mode = 'reverse'
    const before = fake.requests.length
    const reordered = await ask(llmApp)
    expect(fake.requests.length).toBe(before + 1)
    expect(ids(reordered)).toEqual([...ids(engine)].reverse())
    expect(reordered.picks.map((p) => p.reason)).toEqual(
      reordered.picks.map((_p, k) => `Chosen by the model for Dad, pick ${'ABCDEFGHIJKLMNOPQRSTUVWX'[k]}.`),
    )
    expect(reordered.budget).toEqual(engine.budget)
    const trpc = await llmApp.inject({
      method: 'GET',
      url: `/trpc/recommendations.productsForPerson?input=${encodeURIComponent(JSON.stringify({ personId: dad, occasion: 'Christmas', maxPrice: 30 }))}`,
      headers: as(ann),
    })
    expect(trpc.json<{ result: { data: ProductPicksOutput } }>().result.data.picks.map((p) => p.product.id)).toEqual(
      ids(reordered),
    )
  })

  it('never lets the model add a product, and keeps the engine picks when it fails or is slow', async () => {
    const engine = await ask(app)
    mode = 'invent'
    const invented = await ask(llmApp)
    expect([...ids(invented)].sort()).toEqual([...ids(engine)].sort())
    expect(ids(invented)[0]).toBe(ids(engine)[1])
    for (const failing of ['error', 'slow'] as const) {
      mode = failing
      const kept = await ask(llmApp)
      expect(ids(kept), failing).toEqual(ids(engine))
      expect(
        kept.picks.map((p) => p.reason),
        failing,
      ).toEqual(engine.picks.map((p) => p.reason))
    }
  })
})
