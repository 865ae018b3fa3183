import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { TestDatabase } from '@presently/db/testing'
import { createCaller } from '@presently/api'
import type { SearchSuggestions } from '@presently/domain'
import { buildTestApp, shippedCatalogDatabase } from '../testing/auth-helpers.ts'

// Issue 43 §3 on the real shipped catalog: suggestions as people type (REST and tRPC), and the
// honest answers of gift questions that used to list nothing.
let testDb: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  testDb = await shippedCatalogDatabase()
  app = await buildTestApp(testDb.db)
}, 180_000)
afterAll(async () => {
  await app?.close()
  await testDb?.close()
})

const suggest = async (q: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/search/suggestions?q=${encodeURIComponent(q)}` })
  return { status: res.statusCode, body: res.json<SearchSuggestions & { message?: string }>() }
}

describe('GET /api/search/suggestions (issue 43 §3)', () => {
  it('suggests LEGO searches, products and the LEGO interest after two letters, signed out', async () => {
    const { status, body } = await suggest('le')
    expect(status).toBe(200)
    expect(body.query).toBe('le')
    expect(body.queries).toContain('lego')
    expect(body.products.length).toBeGreaterThan(0)
    expect(body.products.some((p) => /lego/i.test(p.title))).toBe(true)
    expect(body.interests.map((i) => i.name)).toContain('LEGO')
  })

  it('completes the last word after the words before it, and names categories', async () => {
    const { body } = await suggest('jigs')
    expect(body.queries[0]).toBe('jigsaw')
    expect(body.categories.map((c) => c.label)).toContain('Jigsaws & Puzzles')
    expect(body.products.every((p) => p.price > 0)).toBe(true)
    const more = await suggest('harry potter le')
    expect(more.body.queries).toContain('harry potter lego')
  })

  it('corrects "harry poter lego" to the catalog\'s franchise, not "harry power lego"', async () => {
    const { body } = await suggest('harry poter lego')
    expect(body.correction).toBe('harry potter lego')
    expect(body.queries).toEqual([])
    // The listing's own "Did you mean" agrees.
    const listing = await app.inject({ method: 'GET', url: '/api/products?search=harry%20poter%20lego&limit=12' })
    expect(listing.json().suggestion).toBe('harry potter lego')
  })

  it('answers tRPC products.suggest with the same suggestions', async () => {
    const caller = createCaller({ db: testDb.db, user: null })
    expect(await caller.products.suggest({ q: 'jigs' })).toEqual((await suggest('jigs')).body)
  })

  it('refuses a single character, a missing q, NUL and over-long text with 400 naming the field', async () => {
    for (const q of ['l', ' ', 'a\u0000b', 'x'.repeat(101)]) {
      const { status, body } = await suggest(q)
      expect(status, q).toBe(400)
      expect(JSON.stringify(body)).toMatch(/q|Search/)
    }
    const missing = await app.inject({ method: 'GET', url: '/api/search/suggestions' })
    expect(missing.statusCode).toBe(400)
  })

  it('answers hostile text without a 5xx and without matching it as syntax', async () => {
    for (const q of ["'); drop table products; --", '%%__\\\\', 'lego:* | !a', '(((', '<script>']) {
      const { status, body } = await suggest(q)
      expect(status, q).toBe(200)
      expect(Array.isArray(body.products)).toBe(true)
    }
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>
    }>()
    expect(Object.keys(doc.paths)).toContain('/api/search/suggestions')
  })
})

describe('gift questions the catalog has little for (issue 43 §3)', () => {
  const search = async (q: string) =>
    (await app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(q)}&limit=12` })).json<{
      total: number
      products: { title: string }[]
      giftQuestion: { line: string } | null
    }>()

  it('"present for a runner" says the catalog has nothing for running and shows popular gifts', async () => {
    const answer = await search('present for a runner')
    expect(answer.total).toBeGreaterThan(0)
    expect(answer.giftQuestion?.line).toBe('Nothing in the catalog is for running. Showing popular gifts')
    // Not a toy whose title happens to say "Runner".
    expect(answer.products.some((p) => /runner/i.test(p.title))).toBe(false)
  })

  it('"something for a teenage boy who loves football" lists football products for a teenager', async () => {
    const answer = await search('something for a teenage boy who loves football')
    expect(answer.total).toBeGreaterThan(0)
    expect(answer.giftQuestion?.line).toBe('Showing gifts for a teenager')
    expect(answer.products.every((p) => /football|soccer/i.test(JSON.stringify(p)))).toBe(true)
  })
})
