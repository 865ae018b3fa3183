import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { TestDatabase } from '@presently/db/testing'
import { createCaller } from '@presently/api'
import { buildTestApp, shippedCatalogDatabase } from '../testing/auth-helpers.ts'

// Issue 26 item 6 against the real shipped catalog (10k amazon.co.uk rows), REST and tRPC.
let testDb: TestDatabase
let app: FastifyInstance
type Listing = {
  products: { title: string; price: number; categoryName: string | null; category_level1: string | null }[]
  total: number
  suggestion: string | null
  giftQuestion: {
    line: string
    relationship: string | null
    age: number | null
    occasion: string | null
    maxPrice: number | null
  } | null
}
const search = async (q: string, extra = ''): Promise<Listing> => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/products?search=${encodeURIComponent(q)}${/limit=/.test(extra) ? '' : '&limit=12'}${extra}`,
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}

beforeAll(async () => {
  testDb = await shippedCatalogDatabase()
  app = await buildTestApp(testDb.db)
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

describe('gift questions (issue 26)', () => {
  /** Every product of a search, page by page (the catalog is small enough). */
  const all = async (q: string): Promise<Listing['products']> => {
    const pages: Listing[] = [await search(q, '&limit=100')]
    while (pages.length < pages[0]!.total / 100) pages.push(await search(q, `&limit=100&page=${pages.length + 1}`))
    return pages.flatMap((page) => page.products)
  }

  it('"gift for grandad under £20" lists popular gifts at most £20, no baby toys, with its line', async () => {
    const answer = await search('gift for grandad under £20')
    expect(answer.giftQuestion).toEqual({
      line: 'Showing gifts for a grandad, under £20',
      relationship: 'Grandfather',
      age: null,
      occasion: null,
      maxPrice: 20,
    })
    expect(answer.suggestion).toBeNull()
    expect(answer.total).toBeGreaterThan(100)
    const products = await all('gift for grandad under £20')
    expect(products).toHaveLength(answer.total)
    expect(products.every((p) => p.price <= 20)).toBe(true)
    expect(products.some((p) => /\b(baby|toddler|infant|newborn)\b/i.test(p.title))).toBe(false)
    expect(products.some((p) => /\b(baby|toddler)/i.test(p.categoryName ?? ''))).toBe(false)
    // The category counts count the same products.
    const tree = await app.inject({
      method: 'GET',
      url: `/api/search/categories-with-counts?q=${encodeURIComponent('gift for grandad under £20')}`,
    })
    const { tree: roots, counts } = tree.json().data as { tree: { id: string }[]; counts: Record<string, number> }
    const counted = roots.reduce((sum, root) => sum + (counts[root.id] ?? 0), 0)
    expect(counted).toBe(products.filter((p) => p.categoryName !== null).length)
    // A grown-up: no title whose age range ends in childhood ("Ages 3-5").
    expect(products.some((p) => /\bages?\s*\d{1,2}\s*-\s*(\d|1[0-7])\b/i.test(p.title))).toBe(false)
    // Fewer than the whole catalog under £20: the baby products and the children's age ranges went.
    const under20 = await app.inject({ method: 'GET', url: '/api/products?maxPrice=20&limit=1' })
    expect(answer.total).toBeLessThan(under20.json().total)
  }, 120_000)

  it('"christmas present for a 9 year old" leaves out titles whose age range excludes 9', async () => {
    const answer = await search('christmas present for a 9 year old')
    expect(answer.giftQuestion).toMatchObject({
      line: 'Showing christmas gifts for a 9 year old',
      age: 9,
      occasion: 'christmas',
    })
    expect(answer.total).toBeGreaterThan(100)
    const products = await all('christmas present for a 9 year old')
    for (const { title } of products) {
      for (const m of title.matchAll(/\bages?\s*(\d{1,2})\s*(?:-|to)\s*(\d{1,2})/gi)) {
        expect(9 >= Number(m[1]) && 9 <= Number(m[2]), title).toBe(true)
      }
      for (const m of title.matchAll(/\b(\d{1,2})\s*\+\s*(?:years?|yrs?)/gi))
        expect(Number(m[1]), title).toBeLessThanOrEqual(9)
      expect(title, title).not.toMatch(/\b(baby|toddler|infant|newborn)\b/i)
    }
    // The catalog names such ranges: without the question they are listed.
    const everything = await app.inject({ method: 'GET', url: '/api/products?limit=1' })
    expect(answer.total).toBeLessThan(everything.json().total)
  }, 120_000)

  it("searches the question's own gift words within the budget", async () => {
    const answer = await search('lego gift for grandad under £20', '&limit=50')
    expect(answer.total).toBeGreaterThan(0)
    expect(answer.products.every((p) => p.price <= 20 && /lego/i.test(p.title))).toBe(true)
    expect(answer.giftQuestion?.line).toBe('Showing gifts for a grandad, under £20')
  })

  it('a plain search and a listing have no gift question; tRPC answers the same', async () => {
    expect((await search('lego')).giftQuestion).toBeNull()
    const caller = createCaller({ db: testDb.db, user: null })
    const answer = await caller.products.list({
      page: 1,
      limit: 12,
      includeVariants: false,
      search: 'gift for grandad under £20',
    })
    expect(answer.giftQuestion?.line).toBe('Showing gifts for a grandad, under £20')
    expect(answer.total).toBe((await search('gift for grandad under £20')).total)
    expect(answer.products.every((p) => p.price <= 20)).toBe(true)
  })
})
