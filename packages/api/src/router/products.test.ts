import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { eq, products } from '@presently/db'
import { createCaller } from '../root.ts'

let testDb: TestDatabase
let caller: ReturnType<typeof createCaller>

beforeAll(async () => {
  testDb = await createTestDatabase()
  caller = createCaller({ db: testDb.db, user: null })
  await createTestProducts(testDb.db, [
    {
      title: 'Hornby 2014 Catalogue',
      price: 3.42,
      brand: 'Hornby',
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Trains & Railway Sets',
    },
    {
      title: 'Hornby R1173 Flying Scotsman Train Set',
      price: 99.99,
      brand: 'Hornby',
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Trains & Railway Sets',
    },
    {
      title: 'Airfix Spitfire Model Kit',
      price: 12.5,
      brand: 'Airfix',
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Building Kits',
    },
    { title: 'Crayola Colouring Set', price: 7, brand: 'Crayola', categoryName: 'Arts & Crafts' },
    { title: 'Disabled Drum Kit', price: 40, brand: 'Acme', categoryName: 'Hobbies', disabled: true },
    ...Array.from({ length: 20 }, (_, i) => ({
      title: `Jigsaw Puzzle ${String(i).padStart(2, '0')}`,
      price: 5 + i,
      categoryName: 'Games',
    })),
  ])
})
afterAll(async () => testDb.close())

describe('products.list', () => {
  it('pages with the documented arithmetic and hides disabled products', async () => {
    const page1 = await caller.products.list({ limit: 10, sort: 'name_asc' })
    expect(page1.total).toBe(24)
    expect(page1.totalProducts).toBe(24)
    expect(page1.totalPages).toBe(3)
    expect(page1.itemsPerPage).toBe(10)
    expect(page1.products).toHaveLength(10)
    const page3 = await caller.products.list({ limit: 10, page: 3, sort: 'name_asc' })
    expect(page3.products).toHaveLength(4)
    const all = [
      ...page1.products,
      ...(await caller.products.list({ limit: 10, page: 2, sort: 'name_asc' })).products,
      ...page3.products,
    ]
    expect(new Set(all.map((p) => p.id)).size).toBe(24)
    expect(all.some((p) => p.title === 'Disabled Drum Kit')).toBe(false)
  })

  it('sorts by price and name in both directions', async () => {
    const asc = await caller.products.list({ limit: 100, sort: 'price_asc' })
    const prices = asc.products.map((p) => p.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const desc = await caller.products.list({ limit: 100, sort: 'price_desc' })
    expect(desc.products[0]?.price).toBe(99.99)
    const names = (await caller.products.list({ limit: 100, sort: 'name_desc' })).products.map((p) => p.title)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
  })

  it('keeps a seeded random order stable across pages', async () => {
    const first = await caller.products.list({ limit: 12, sort: 'random', seed: 'abc' })
    const second = await caller.products.list({ limit: 12, page: 2, sort: 'random', seed: 'abc' })
    const again = await caller.products.list({ limit: 12, sort: 'random', seed: 'abc' })
    expect(again.products.map((p) => p.id)).toEqual(first.products.map((p) => p.id))
    const ids = [...first.products, ...second.products].map((p) => p.id)
    expect(new Set(ids).size).toBe(24)
  })

  it('filters by category levels case-insensitively', async () => {
    const trains = await caller.products.list({
      categoryName: 'HOBBIES',
      categoryLevel1: 'MODEL TRAINS & RAILWAY SETS',
    })
    expect(trains.products.map((p) => p.title).sort()).toEqual([
      'Hornby 2014 Catalogue',
      'Hornby R1173 Flying Scotsman Train Set',
    ])
    expect(trains.products[0]?.category_level1).toBe('Model Trains & Railway Sets')
  })

  it('filters by an inclusive price band and reports the unfiltered price range', async () => {
    const band = await caller.products.list({ minPrice: 7, maxPrice: 12.5, limit: 100 })
    expect(band.products.every((p) => p.price >= 7 && p.price <= 12.5)).toBe(true)
    expect(band.products.some((p) => p.price === 7)).toBe(true)
    expect(band.products.some((p) => p.price === 12.5)).toBe(true)
    expect(band.priceRange).toEqual({ minPrice: 3.42, maxPrice: 99.99 })
  })

  it('searches by full text and tolerates typos', async () => {
    const exact = await caller.products.list({ search: 'flying scotsman' })
    expect(exact.products[0]?.title).toBe('Hornby R1173 Flying Scotsman Train Set')
    const typo = await caller.products.list({ search: 'hornbi' })
    expect(typo.products.map((p) => p.title)).toContain('Hornby 2014 Catalogue')
  })

  it('rejects malformed input', async () => {
    await expect(caller.products.list({ page: 0 })).rejects.toThrow()
    await expect(caller.products.list({ limit: 500 })).rejects.toThrow()
  })
})

describe('products.byId', () => {
  it('reads by shop id and by affiliate id, and hides disabled products', async () => {
    const [hornby] = await testDb.db.select().from(products).where(eq(products.title, 'Hornby 2014 Catalogue'))
    expect(hornby).toBeDefined()
    const byId = await caller.products.byId({ id: hornby!.id })
    expect(byId).toMatchObject({ title: 'Hornby 2014 Catalogue', price: 3.42, categoryName: 'Hobbies' })
    const byAw = await caller.products.byId({ id: hornby!.awProductId, type: 'aw' })
    expect(byAw.id).toBe(hornby!.id)
    const [disabled] = await testDb.db.select().from(products).where(eq(products.disabled, true))
    await expect(caller.products.byId({ id: disabled!.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Product not found',
    })
    await expect(caller.products.byId({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('products.list for a promo', () => {
  it('answers NOT_FOUND for an unknown promo id', async () => {
    await expect(caller.products.list({ promoId: 987_654 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Promo not found',
    })
  })
})

describe('ids at the boundary (issue 10)', () => {
  it('answers BAD_REQUEST, not a database error, for ids past the column type', async () => {
    const int4Past = 2_147_483_648
    await expect(caller.products.byId({ id: int4Past })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.products.affiliateUrl({ id: int4Past })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.variants.status({ id: int4Past })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.variants.group({ id: int4Past })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.products.list({ promoId: int4Past })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(caller.products.list({ search: 'a\u0000b' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    // Affiliate-network ids live in a bigint column: large ones are simply not found.
    await expect(caller.products.byId({ id: int4Past, type: 'aw' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(caller.variants.status({ id: int4Past, byAwProductId: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
