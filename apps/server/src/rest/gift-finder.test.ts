import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { createCaller } from '@presently/api'
import { giftFinderOutput, type GiftFinderOutput } from '@presently/domain'
import { buildApp } from '../app.ts'

// Issue 40: the gift finder over REST and tRPC, on the real shipped catalog.
let testDb: TestDatabase
let app: FastifyInstance
let limited: FastifyInstance

const ask = (query: string, server: FastifyInstance = app, ip = '127.0.0.1') =>
  server.inject({ method: 'GET', url: `/api/gift-finder?${query}`, remoteAddress: ip })

/** Titles a shop assistant never hands an adult as a present (the test's own reading). */
const TODDLER = /\b(baby|toddlers?|infants?|newborn|\d{1,2}\s*(months?|m)\s*\+|[1-3]\s*\+\s*(years?|yrs?)?)\b/i

beforeAll(async () => {
  testDb = await createTestDatabase()
  await importCatalog(testDb.db, { file: seedCatalogFile })
  const build = (env: Record<string, number> = {}) =>
    buildApp({
      env: { APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env },
      db: testDb.db,
      logger: false,
    })
  app = await build({ GIFT_FINDER_RATE_LIMIT_PER_MINUTE: 1000 })
  limited = await build({ GIFT_FINDER_RATE_LIMIT_PER_MINUTE: 3 })
}, 120_000)
afterAll(async () => {
  await app.close()
  await limited.close()
  await testDb.close()
})

describe('GET /api/gift-finder (issue 40)', () => {
  const DONE = 'who=colleague&age=adult&occasion=christmas&budget=under-10&interests=gaming'

  it('answers "colleague, adult, Christmas, under £10, gaming" with at least eight products under £10, each with a reason, no toddler toy', async () => {
    const res = await ask(DONE)
    expect(res.statusCode).toBe(200)
    const body = giftFinderOutput.strict().parse(res.json())
    expect(body.picks.length).toBeGreaterThanOrEqual(8)
    expect(body.picks.length).toBeLessThanOrEqual(24)
    for (const pick of body.picks) {
      expect(pick.product.price).toBeLessThanOrEqual(10)
      expect(pick.reason.length).toBeGreaterThan(5)
      expect(pick.product.title).not.toMatch(TODDLER)
    }
    // At most two from one leaf category.
    const leaves = new Map<string, number>()
    for (const { product } of body.picks) {
      const leaf = [product.categoryName, product.category_level1, product.category_level2, product.category_level3]
        .filter(Boolean)
        .join('::')
      leaves.set(leaf, (leaves.get(leaf) ?? 0) + 1)
    }
    expect(Math.max(...leaves.values())).toBeLessThanOrEqual(2)
    expect(body.title).toBe('Christmas gifts for your colleague who loves gaming, under £10')
    expect(body.note).toBeNull()
    expect(body.budget).toEqual({ max: 10, label: 'Under £10' })
  })

  it('gives the same products to anyone who opens the same address, over REST and tRPC', async () => {
    const first = (await ask(DONE, app, '10.0.0.1')).json<GiftFinderOutput>()
    const second = (await ask(DONE, app, '10.0.0.2')).json<GiftFinderOutput>()
    expect(second.picks.map((p) => p.product.id)).toEqual(first.picks.map((p) => p.product.id))
    const visitor = createCaller({ db: testDb.db, user: null })
    const viaTrpc = await visitor.giftFinder.find({
      who: 'colleague',
      age: 'adult',
      occasion: 'Christmas',
      budget: 'under-10',
      interests: ['gaming'],
      count: 12,
    })
    expect(viaTrpc.picks.map((p) => p.product.id)).toEqual(first.picks.map((p) => p.product.id))
  })

  it('keeps a child-age product from an adult unless an interest asks for it, and says so when the shop has little', async () => {
    const res = await ask('who=secret-santa&age=adult&occasion=christmas&budget=under-20&interests=unicorns')
    const body = res.json<GiftFinderOutput>()
    expect(res.statusCode).toBe(200)
    for (const pick of body.picks) {
      expect(pick.product.title).not.toMatch(TODDLER)
      expect(pick.product.title).not.toMatch(/playmobil|puppet|plush|cuddl/i)
      expect(pick.reason).toMatch(/unicorns/)
    }
    expect(body.picks.length).toBeLessThan(8)
    expect(body.note).toMatch(/truly suit/)
  })

  it('offers the nearest broader question, never filler', async () => {
    const body = (
      await ask('who=partner&age=adult&occasion=christmas&budget=under-20&interests=remote-control')
    ).json<GiftFinderOutput>()
    expect(body.picks.length).toBeLessThan(8)
    for (const pick of body.picks) expect(pick.reason).toMatch(/remote control/)
    expect(body.broader).not.toBeNull()
    expect(body.broader!.query.budget).not.toBe('under-20')
    expect(body.broader!.count).toBeGreaterThanOrEqual(8)
    const wider = (
      await ask(
        `who=partner&age=adult&occasion=christmas&budget=${body.broader!.query.budget}&interests=remote-control`,
      )
    ).json<GiftFinderOutput>()
    expect(wider.picks.length).toBe(body.broader!.count)
  })

  it('answers 400 naming the field for bad answers, and an unknown interest or occasion by name', async () => {
    const cases: [string, RegExp][] = [
      ['who=boss&age=adult&occasion=christmas&budget=any&interests=gaming', /^who must be one of/],
      ['who=friend&age=ancient&occasion=christmas&budget=any&interests=gaming', /^age must be one of/],
      ['who=friend&age=adult&occasion=christmas&budget=cheap&interests=gaming', /^budget must be one of/],
      ['who=friend&age=adult&budget=any&interests=gaming', /^occasion is required/],
      ['who=friend&age=adult&occasion=christmas&budget=any', /^interests must name 1 to 3/],
      ['who=friend&age=adult&occasion=christmas&budget=any&interests=a,b,c,d', /^interests must name 1 to 3/],
      ['who=friend&age=adult&occasion=christmas&budget=any&interests=Gaming!', /^interests must name/],
      ['who=friend&age=adult&occasion=christmas&budget=any&interests=gaming&count=4', /^count must be/],
      ['who=friend&age=adult&occasion=christmas&budget=any&interests=gaming&count=2.5', /^count must be/],
      ['who=friend&age=adult&occasion=christmas&budget=any&interests=warp-drives', /^Unknown interest "warp-drives"/],
      ['who=friend&age=adult&occasion=midsummer&budget=any&interests=gaming', /^Unknown occasion "midsummer"/],
      [`who=friend&age=adult&occasion=${'x'.repeat(500)}&budget=any&interests=gaming`, /^occasion is required/],
    ]
    for (const [query, message] of cases) {
      const res = await ask(query)
      expect(res.statusCode, query).toBe(400)
      expect(res.json<{ message: string }>().message, query).toMatch(message)
    }
  })

  it('is limited per IP (429 with Retry-After), another IP unaffected', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await ask(DONE, limited, '192.0.2.7')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await ask(DONE, limited, '192.0.2.7')
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await ask(DONE, limited, '192.0.2.8')).statusCode).toBe(200)
  })

  it('lists the interests it offers with their slugs and aliases', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/gift-finder/interests' })
    expect(res.statusCode).toBe(200)
    const list = res.json<{ slug: string; name: string; aliases: string[] }[]>()
    expect(list.find((i) => i.slug === 'gaming')?.name).toBe('Gaming')
    expect(list.find((i) => i.slug === 'football')?.aliases).toContain('soccer')
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>
    }>()
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/gift-finder', '/api/gift-finder/interests']))
  })
})

describe('GET /api/collections (issue 40)', () => {
  it('lists only collections with at least 12 products, each answering within its budget', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/collections' })).json<
      { slug: string; title: string; count: number }[]
    >()
    expect(list.map((c) => c.slug)).toEqual(
      expect.arrayContaining([
        'secret-santa-gifts-under-10',
        'gifts-for-a-7-year-old-who-loves-unicorns',
        'christmas-gifts-for-grandad-under-30',
      ]),
    )
    for (const c of list) expect(c.count).toBeGreaterThanOrEqual(12)
    const santa = await app.inject({ method: 'GET', url: '/api/collections/secret-santa-gifts-under-10' })
    expect(santa.statusCode).toBe(200)
    const body = santa.json<GiftFinderOutput>()
    expect(body.picks.length).toBeGreaterThanOrEqual(12)
    for (const pick of body.picks) {
      expect(pick.product.price).toBeLessThanOrEqual(10)
      expect(pick.product.title).not.toMatch(TODDLER)
    }
    const unicorns = (
      await app.inject({ method: 'GET', url: '/api/collections/gifts-for-a-7-year-old-who-loves-unicorns' })
    ).json<GiftFinderOutput>()
    expect(unicorns.picks.filter((p) => /unicorn/i.test(p.product.title)).length).toBeGreaterThanOrEqual(2)
  })

  it('answers 404 for an unknown collection and 400 for a malformed slug', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/collections/nope' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/collections/NOT%20A%20SLUG' })).statusCode).toBe(400)
  })
})
