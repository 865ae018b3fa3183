import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { buildApp } from '../app.ts'

let testDb: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  await createTestProducts(testDb.db, [
    {
      title: 'Hornby 2014 Catalogue',
      price: 3.42,
      brand: 'Hornby',
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Trains & Railway Sets',
    },
    { title: 'Airfix Spitfire', price: 12.5, categoryName: 'Hobbies', categoryLevel1: 'Model Building Kits' },
    ...Array.from({ length: 30 }, (_, i) => ({ title: `Puzzle ${i}`, price: 2 + i, categoryName: 'Games' })),
  ])
  app = await buildApp({
    env: { APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    db: testDb.db,
    logger: false,
  })
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('GET /api/products', () => {
  it('returns the documented shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products?page=1&limit=12' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    // The spec's fields, and issue 26's two optional extensions (suggestion, giftQuestion).
    expect(Object.keys(body).sort()).toEqual([
      'giftQuestion',
      'itemsPerPage',
      'page',
      'priceRange',
      'products',
      'suggestion',
      'total',
      'totalPages',
      'totalProducts',
    ])
    expect(body.giftQuestion).toBeNull()
    expect(body).toMatchObject({
      total: 32,
      totalProducts: 32,
      totalPages: 3,
      page: 1,
      itemsPerPage: 12,
      priceRange: { minPrice: 2, maxPrice: 31 },
    })
    expect(body.products).toHaveLength(12)
    expect(Object.keys(body.products[0]).sort()).toEqual(
      [
        'affiliateUrl',
        'averageRating',
        'awProductId',
        'brand',
        'categoryName',
        'category_level1',
        'category_level2',
        'category_level3',
        'disabled',
        'id',
        'imageUrl',
        'longDescription',
        'merchantCategory',
        'merchantName',
        'price',
        'reviewCount',
        'title',
      ].sort(),
    )
  })

  it('maps category_name and category_level1 query parameters', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/products/by-category?category_name=hobbies&category_level1=MODEL%20TRAINS%20%26%20RAILWAY%20SETS',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().products.map((p: { title: string }) => p.title)).toEqual(['Hornby 2014 Catalogue'])
  })

  it.each([
    ['page=0', 'Invalid page'],
    ['page=abc', 'Invalid page'],
    ['limit=1000', 'Invalid limit'],
    ['sort=cheapest', 'Invalid sort'],
    ['minPrice=20&maxPrice=10', 'minPrice must not be greater than maxPrice'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await app.inject({ method: 'GET', url: `/api/products?${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false })
    expect(res.json().message).toContain(message)
  })
})

describe('GET /api/products/{id}', () => {
  it('returns one product by id and by affiliate id', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/products?search=hornby' })).json()
    const hornby = list.products[0]
    const byId = await app.inject({ method: 'GET', url: `/api/products/${hornby.id}` })
    expect(byId.json()).toMatchObject({ title: 'Hornby 2014 Catalogue', price: 3.42 })
    const byAw = await app.inject({ method: 'GET', url: `/api/products/${hornby.awProductId}?type=aw` })
    expect(byAw.json().id).toBe(hornby.id)
  })

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/products/987654' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, message: 'Product not found' })
    const bad = await app.inject({ method: 'GET', url: '/api/products/not-a-number' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('infrastructure routes', () => {
  it('reports liveness without the database and readiness with it', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok' })
  })

  it('serves tRPC at /trpc', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ limit: 2 }))}`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().result.data.products).toHaveLength(2)
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json().success).toBe(false)
  })
})
