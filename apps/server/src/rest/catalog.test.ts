import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { TestDatabase } from '@presently/db/testing'
import { eq, products } from '@presently/db'
import { categoryToSlug, slugToCategory } from '@presently/domain'
import { buildTestApp, shippedCatalogDatabase } from '../testing/auth-helpers.ts'

// The real shipped catalog (10k amazon.co.uk rows) with its seeded overrides and promos.
let testDb: TestDatabase
let app: FastifyInstance
const get = async (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

beforeAll(async () => {
  testDb = await shippedCatalogDatabase()
  app = await buildTestApp(testDb.db)
}, 120_000)
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('category tree', () => {
  it('returns nodes with "::" ids and hides hidden categories', async () => {
    const res = await get('/api/category-overrides/tree')
    expect(res.statusCode).toBe(200)
    type Node = { id: string; name: string; children: Node[] }
    const { categories }: { categories: Node[] } = res.json()
    const names = categories.map((c) => c.name)
    expect(names).toEqual(expect.arrayContaining(['Hobbies', 'Tech', 'Food & Drink', 'Gifts & Cards', 'Music', 'Home']))
    expect(names).not.toContain('Sex & Sensuality')
    const hobbies = categories.find((c) => c.name === 'Hobbies')!
    expect(hobbies.id).toBe('Hobbies')
    expect(hobbies.children.map((c) => c.id)).toContain('Hobbies::Model Trains & Railway Sets')
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')))
  })

  it.each([
    ['Tech'],
    ['Skincare and fragrance'],
    ['gifts and cards'],
    ['tools and garden'],
    ['Hobbies'],
    ['Music'],
    ['Home'],
  ])('the home tile %s leads to real products through its slug', async (tile) => {
    const name = slugToCategory(categoryToSlug(tile))
    const res = await get(`/api/products/by-category?category_name=${encodeURIComponent(name)}&limit=12`)
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBeGreaterThan(0)
  })

  it('matches hyphenated names read back from their slugs (Die-Cast, Winnie-the-Pooh)', async () => {
    const dieCast = slugToCategory(categoryToSlug('Die-Cast & Toy Vehicles'))
    expect(dieCast).toBe('DIE CAST & TOY VEHICLES')
    const res = await get(`/api/products/by-category?category_name=${encodeURIComponent(dieCast)}&limit=1`)
    expect(res.json().total).toBeGreaterThan(1000)
    expect(res.json().products[0].categoryName).toBe('Die-Cast & Toy Vehicles')
    const pooh = await get(
      `/api/products/by-category?category_name=CHARACTERS%20%26%20BRANDS&category_level1=${encodeURIComponent(slugToCategory('winnie-the-pooh'))}`,
    )
    expect(pooh.json().products[0].category_level1).toBe('Winnie-the-Pooh')
  })

  it('the Chocolate tile (Food & Drink > Food > Chocolate) has real products', async () => {
    const res = await get(
      '/api/products/by-category?category_name=FOOD%20%26%20DRINK&category_level1=FOOD&category_level2=CHOCOLATE',
    )
    expect(res.json().products[0].category_level2).toBe('Chocolate')
  })
})

describe('search', () => {
  it('finds products despite a typo and ranks by relevance', async () => {
    const res = await get('/api/products?search=hornbi&limit=12')
    const titles = (res.json().products as { title: string }[]).map((p) => p.title)
    expect(titles.some((t) => t.includes('Hornby'))).toBe(true)
  })

  it('returns the category tree and counts of the results', async () => {
    const res = await get('/api/search/categories-with-counts?q=hornby')
    expect(res.statusCode).toBe(200)
    const { success, data } = res.json()
    expect(success).toBe(true)
    expect(data.counts.Hobbies).toBeGreaterThan(0)
    expect(data.tree.some((n: { id: string }) => n.id === 'Hobbies')).toBe(true)
    const total = (await get('/api/products?search=hornby&limit=1')).json().total
    const rootSum = (data.tree as { id: string }[]).reduce((n, node) => n + (data.counts[node.id] as number), 0)
    expect(rootSum).toBeLessThanOrEqual(total)
  })

  it('refuses an empty query', async () => {
    const res = await get('/api/search/categories-with-counts?q=%20')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('No search query provided')
  })
})

describe('promotions', () => {
  it('finds a promo by name in the wrapped shape, 404 for an unknown one', async () => {
    const res = await get('/api/promos/name/christmas')
    expect(res.json()).toMatchObject({ success: true, data: { name: 'christmas', title: 'Christmas Gifts' } })
    const missing = await get('/api/promos/name/halloween')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, message: 'Promo not found' })
  })

  it('pages promo products with the documented arithmetic', async () => {
    const promo = (await get('/api/promos/name/christmas')).json().data
    const page1 = (await get(`/api/promos/${promo.id}/products/paginated?page=1&limit=10`)).json()
    expect(page1.success).toBe(true)
    expect(page1.data.products).toHaveLength(10)
    expect(page1.data.totalPages).toBe(Math.ceil(page1.data.total / 10))
    expect(Object.keys(page1.data.products[0]).sort()).toEqual(
      [
        'awProductId',
        'disabled',
        'productAffiliateUrl',
        'productId',
        'productImageUrl',
        'productLongDescription',
        'productMerchantCategory',
        'productPrice',
        'productTitle',
        'promoProductId',
      ].sort(),
    )
    const all = (await get(`/api/promos/${promo.id}/products`)).json().data
    expect(all).toHaveLength(page1.data.total)
    expect(
      all.filter((p: { productTitle: string }) =>
        /christmas|xmas|santa|advent|reindeer|snowman|stocking filler/i.test(p.productTitle),
      ).length,
    ).toBe(all.length)
  })

  it('counts a promo’s products per category', async () => {
    const promo = (await get('/api/promos/name/new-baby')).json().data
    const res = (await get(`/api/category-overrides/category-counts/promo/${promo.id}`)).json()
    expect(res.success).toBe(true)
    expect(res.data.categoryCounts['Baby & Toddler Toys']).toBeGreaterThan(0)
  })

  it('answers 404 for an unknown promo id and 400 for a malformed one', async () => {
    expect((await get('/api/promos/99999/products/paginated')).statusCode).toBe(404)
    expect((await get('/api/promos/abc/products')).statusCode).toBe(400)
  })
})

describe('products: max price, description, redirect, variants', () => {
  it('reports the highest price', async () => {
    const max = (await get('/api/products/max-price')).json().maxPrice
    const top = (await get('/api/products?sort=price_desc&limit=1')).json().products[0].price
    expect(max).toBe(top)
  })

  it('formats a real description as sanitised HTML', async () => {
    const [withDescription] = await testDb.db
      .select()
      .from(products)
      .where(eq(products.title, '20pcs Scale 1/200 Model Single Head Street Lights Lamppost'))
    const res = await get(`/api/products/${withDescription!.awProductId}/descriptions/formatted`)
    expect(res.json().description).toMatch(/^<p>These delicate model street lights/)
    expect(res.json().description).not.toContain('<script')
  })

  it('returns only the stored affiliate URL', async () => {
    const [product] = await testDb.db
      .select()
      .from(products)
      .where(eq(products.title, '20pcs Scale 1/200 Model Single Head Street Lights Lamppost'))
    const res = await get(`/api/redirect/${product!.awProductId}?type=aw`)
    expect(res.json()).toEqual({ affiliateUrl: 'https://www.amazon.co.uk/dp/B008PKAAZ2' })
    expect((await get('/api/redirect/1')).statusCode).toBe(200)
    expect((await get('/api/redirect/99999999999?type=aw')).statusCode).toBe(404)
  })

  it('groups real size variants', async () => {
    const small = (await get('/api/products?search=Monchhichi%2045%20cm%20Classic%20Boy&includeVariants=true&limit=48'))
      .json()
      .products.find((p: { title: string }) => p.title === 'Monchhichi 45 cm Classic Boy')
    const status = (await get(`/api/variants/product/${small.id}/status`)).json()
    expect(status).toMatchObject({
      success: true,
      data: { isVariant: true, variantType: 'size', variantValue: '45 cm' },
    })
    const group = (await get(`/api/variants/product/${small.awProductId}/group?awProductId=true`)).json().data
    expect(group.baseProductName).toBe('monchhichi classic boy')
    expect(group.variants.map((v: { productTitle: string }) => v.productTitle).sort()).toEqual([
      'Monchhichi 45 cm Classic Boy',
      'Monchhichi 80 cm Classic Boy',
    ])
    expect(group.primaryVariant.id).toBe(group.primaryVariantId)
    const collapsed = (await get('/api/products?search=Monchhichi%20Classic%20Boy&limit=48'))
      .json()
      .products.filter((p: { title: string }) => p.title.startsWith('Monchhichi') && p.title.endsWith('Classic Boy'))
    expect(collapsed).toHaveLength(1)
  })
})

describe('caching and visibility', () => {
  it('sends Cache-Control and ETag, and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/products?page=1&limit=12&sort=name_asc')
    expect(first.headers['cache-control']).toBe('public, max-age=300')
    const etag = first.headers.etag as string
    expect(etag).toBeTruthy()
    const second = await get('/api/products?page=1&limit=12&sort=name_asc', { 'if-none-match': etag })
    expect(second.statusCode).toBe(304)
  })

  it('never lists a disabled product', async () => {
    const first = (await get('/api/products?sort=name_asc&limit=1')).json().products[0]
    await testDb.db.update(products).set({ disabled: true }).where(eq(products.id, first.id))
    // A write from outside the server is heard by notification; do not race it here.
    await app.catalogVersion.refresh()
    const after = (await get('/api/products?sort=name_asc&limit=5')).json().products.map((p: { id: number }) => p.id)
    expect(after).not.toContain(first.id)
    expect((await get(`/api/products/${first.id}`)).statusCode).toBe(404)
    await testDb.db.update(products).set({ disabled: false }).where(eq(products.id, first.id))
  })
})
