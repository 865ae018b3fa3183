import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { createCaller } from '@presently/api'
import { buildApp } from '../app.ts'

// Issue 26 item 6 against the real shipped catalog (10k amazon.co.uk rows), REST and tRPC.
let testDb: TestDatabase
let app: FastifyInstance
type Listing = {
  products: { title: string; categoryName: string | null; category_level1: string | null }[]
  total: number
  suggestion: string | null
}
const search = async (q: string, extra = ''): Promise<Listing> => {
  const res = await app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(q)}&limit=12${extra}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  await importCatalog(testDb.db, { file: seedCatalogFile })
  app = await buildApp({
    env: { APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    db: testDb.db,
    logger: false,
  })
}, 120_000)
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('"Did you mean ...?" from the catalog vocabulary (issue 26)', () => {
  it.each([
    ['lgeo', 'lego'],
    ['dinosuar', 'dinosaur'],
    ['jigsw', 'jigsaw'],
    ['Lgeo star wars', 'lego star wars'],
  ])('%s suggests %s, and the suggestion finds products', async (typed, corrected) => {
    const answer = await search(typed)
    expect(answer.suggestion).toBe(corrected)
    expect(answer.total).toBeGreaterThan(0)
    expect((await search(corrected)).total).toBeGreaterThan(0)
  })

  it('shows what the suggestion finds first: "lgeo" lists LEGO sets', async () => {
    const answer = await search('lgeo')
    expect(answer.products.slice(0, 6).every((p) => /lego/i.test(p.title))).toBe(true)
  })

  it('suggests nothing for words the catalog knows, or for a listing without a search', async () => {
    expect((await search('lego')).suggestion).toBeNull()
    expect((await search('hornby')).suggestion).toBeNull()
    const res = await app.inject({ method: 'GET', url: '/api/products?limit=1' })
    expect(res.json().suggestion).toBeNull()
  })

  it('answers the same through tRPC', async () => {
    const caller = createCaller({ db: testDb.db, user: null })
    const answer = await caller.products.list({ page: 1, limit: 12, includeVariants: false, search: 'dinosuar' })
    expect(answer.suggestion).toBe('dinosaur')
  })
})

describe('ranking: whole words and title starts before fuzzy matches (issue 26)', () => {
  it('"jigsw" ranks jigsaw puzzles first, not the Saw mask', async () => {
    const answer = await search('jigsw')
    expect(answer.products[0]!.title).not.toMatch(/mask/i)
    expect(answer.products.slice(0, 6).every((p) => /jigsaw/i.test(p.title) && !/mask/i.test(p.title))).toBe(true)
  })

  it('"jigsaw" puts puzzles before a mask that mentions one', async () => {
    const answer = await search('jigsaw')
    expect(answer.products.slice(0, 12).some((p) => /mask/i.test(p.title))).toBe(false)
  })

  it('"baking set" leads with what the Baking interest points at, not a Disney castle', async () => {
    const answer = await search('baking set')
    expect(answer.products[0]!.title).not.toMatch(/castle/i)
    expect(answer.products[0]!.categoryName).toMatch(/Party Supplies|Tools & Garden/)
  })

  it('a title holding every word ranks above a description-only match', async () => {
    const answer = await search('dinosaur')
    expect(answer.products.slice(0, 12).every((p) => /dinosaur/i.test(p.title))).toBe(true)
  })
})
