import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, products, refreshSearchWords } from '@presently/db'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { productListInput } from '@presently/domain'
import { listProducts } from './list-products.ts'
import { resolveSearch } from './product-filters.ts'
import { suggestSearch } from './search-suggestion.ts'

/**
 * Issue 44: which filter a search gets (full text, widened, typo-tolerant with its correction) is
 * memoised per catalog version (searchChoice). A later page, sort or seed of a search must answer
 * as the first did, and a change to the catalog must make the choice again.
 */
let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  await createTestProducts(t.db, [
    { title: 'Wooden Train Set with Tunnel', price: 24.99 },
    { title: 'Electric Train Starter Set', price: 59.5 },
    { title: 'Pirate Ship Playset', price: 18 },
  ])
  await refreshSearchWords(t.db)
}, 120_000)
afterAll(() => t?.close())

const list = (search: string, extra: Record<string, unknown> = {}) =>
  listProducts(t.db, productListInput.parse({ search, limit: 1, ...extra }))

describe('the memoised search choice (issue 44)', () => {
  it('answers every page, sort and seed of a misspelt search with its correction and the same total', async () => {
    const first = await list('trian')
    expect(first.suggestion).toBe('train')
    expect(first.total).toBe(2)
    const second = await list('trian', { page: 2 })
    expect(second).toMatchObject({ suggestion: 'train', total: 2 })
    expect(second.products[0]!.id).not.toBe(first.products[0]!.id)
    const cheapest = await list('trian', { sort: 'price_asc', seed: 'another' })
    expect(cheapest).toMatchObject({ suggestion: 'train', total: 2 })
    expect(cheapest.products[0]!.price).toBe(24.99)
  })

  it('chooses again after the catalog changes: a word nothing matched, then a product with it', async () => {
    const before = await list('zeppelin')
    expect(before).toMatchObject({ total: 0, suggestion: null })
    expect((await resolveSearch(t.db, 'zeppelin')).mode).toBe('trigram')
    const [zeppelin] = await createTestProducts(t.db, [{ title: 'Zeppelin Model Kit', price: 30 }])
    const after = await list('zeppelin', { seed: 'after' })
    expect(after).toMatchObject({ total: 1, suggestion: null })
    expect(after.products[0]!.id).toBe(zeppelin!.id)
    expect((await resolveSearch(t.db, 'zeppelin')).mode).toBe('fulltext')
  })

  it('chooses again when the only match leaves the catalog: the search falls back to typo tolerance', async () => {
    expect((await list('pirate')).total).toBe(1)
    await t.db.update(products).set({ disabled: true }).where(eq(products.title, 'Pirate Ship Playset'))
    const after = await list('pirate', { seed: 'disabled' })
    expect(after.total).toBe(0)
    expect((await resolveSearch(t.db, 'pirate')).mode).toBe('trigram')
  })
})

describe('the memoised correction (issue 44)', () => {
  it('is read again from the refreshed vocabulary once the catalog changes', async () => {
    expect(await suggestSearch(t.db, 'helicoptr toy')).toBeNull()
    await createTestProducts(t.db, [{ title: 'Rescue Helicopter Toy', price: 12 }])
    await refreshSearchWords(t.db)
    expect(await suggestSearch(t.db, 'helicoptr toy')).toBe('helicopter toy')
    expect(await suggestSearch(t.db, 'HELICOPTR toy')).toBe('helicopter toy')
  })
})

/**
 * Issue 44: a search listing's statement is rendered once per shape (which filters, which sort)
 * and each call sends its own values. Searches of one shape one after another must each get
 * their own answer.
 */
describe('the search statement built once per shape', () => {
  beforeAll(async () => {
    await createTestProducts(t.db, [
      { title: 'Stunt Kite for Beginners', price: 10, categoryName: 'Outdoor' },
      { title: 'Delta Kite with Tail', price: 40, categoryName: 'Hobbies' },
    ])
    await refreshSearchWords(t.db)
    // The first search of a text probes (a statement of its own shape); later ones do not.
    await list('kite')
    await list('train')
  })

  it('filters each price band and category by its own values', async () => {
    const cheap = await list('kite', { minPrice: 5, maxPrice: 20, limit: 10 })
    const dear = await list('kite', { minPrice: 30, maxPrice: 50, limit: 10 })
    expect(cheap.products.map((p) => p.title)).toEqual(['Stunt Kite for Beginners'])
    expect(dear.products.map((p) => p.title)).toEqual(['Delta Kite with Tail'])
    const outdoor = await list('kite', { categoryName: 'Outdoor', limit: 10 })
    const hobbies = await list('kite', { categoryName: 'Hobbies', limit: 10 })
    expect(outdoor.products.map((p) => p.title)).toEqual(['Stunt Kite for Beginners'])
    expect(hobbies.products.map((p) => p.title)).toEqual(['Delta Kite with Tail'])
  })

  it('searches each text with its own words, page and sort', async () => {
    const kites = await list('kite', { sort: 'price_desc', limit: 10 })
    const trains = await list('train', { sort: 'price_desc', limit: 10 })
    expect(kites.products.map((p) => p.price)).toEqual([40, 10])
    expect(trains.products.map((p) => p.price)).toEqual([59.5, 24.99])
    expect((await list('kite', { sort: 'price_desc', page: 2 })).products.map((p) => p.price)).toEqual([10])
  })
})
