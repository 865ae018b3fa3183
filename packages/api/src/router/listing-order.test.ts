import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { createCaller } from '../root.ts'

/**
 * Listing orders of issue 14: "Recommended" (the default) from the catalog's popularity
 * signals with a stable tie-break, and name sorts in case-insensitive en-GB order ignoring
 * leading punctuation (ICU collation; this runs on PGlite and, with DATABASE_URL, on a server).
 */
let testDb: TestDatabase
let caller: ReturnType<typeof createCaller>

beforeAll(async () => {
  testDb = await createTestDatabase()
  caller = createCaller({ db: testDb.db, user: null })
  await createTestProducts(testDb.db, [
    { title: '"THE PIRATE BAY" PUNK ANARCHY BADGE', price: 2, categoryName: 'Order' },
    { title: 'The Gruffalo Party Invitations', price: 3, categoryName: 'Order', averageRating: 4.5, reviewCount: 1040 },
    { title: 'the apple game', price: 4, categoryName: 'Order', averageRating: 5, reviewCount: 1 },
    {
      title: '**PLUS 2 PACKETS FREE** Glass Beads',
      price: 5,
      categoryName: 'Order',
      averageRating: 4.7,
      reviewCount: 40,
    },
    { title: 'Zebra Puppet', price: 6, categoryName: 'Order', bestSellerRank: 900 },
    { title: 'Äpfel Puzzle', price: 7, categoryName: 'Order' },
    { title: '1 body with 1/35 Sherman', price: 8, categoryName: 'Order' },
    { title: 'Plain Kite', price: 9, categoryName: 'Order' },
  ])
})
afterAll(async () => testDb.close())

const titles = async (sort?: 'name_asc' | 'name_desc' | 'recommended') =>
  (await caller.products.list({ categoryName: 'Order', limit: 20, ...(sort ? { sort } : {}) })).products.map(
    (p) => p.title,
  )

describe('listing orders', () => {
  it('sorts names case-insensitively in en-GB order, ignoring leading punctuation', async () => {
    const ascending = [
      '1 body with 1/35 Sherman',
      'Äpfel Puzzle',
      'Plain Kite',
      '**PLUS 2 PACKETS FREE** Glass Beads',
      'the apple game',
      'The Gruffalo Party Invitations',
      '"THE PIRATE BAY" PUNK ANARCHY BADGE',
      'Zebra Puppet',
    ]
    expect(await titles('name_asc')).toEqual(ascending)
    expect(await titles('name_desc')).toEqual([...ascending].reverse())
  })

  it('defaults to "Recommended": many good reviews first, one 5-star review does not win, sales rank counts', async () => {
    const recommended = await titles('recommended')
    expect(recommended.slice(0, 4)).toEqual([
      'The Gruffalo Party Invitations',
      '**PLUS 2 PACKETS FREE** Glass Beads',
      'Zebra Puppet',
      'the apple game',
    ])
    expect(await titles()).toEqual(recommended)
    // Products without signals tie, and the tie breaks on id (the order they were added).
    expect(recommended.slice(4)).toEqual([
      '"THE PIRATE BAY" PUNK ANARCHY BADGE',
      'Äpfel Puzzle',
      '1 body with 1/35 Sherman',
      'Plain Kite',
    ])
  })

  it('pages through the recommended order without repeats or gaps', async () => {
    const pages = []
    for (let page = 1; page <= 3; page++) {
      pages.push(
        ...(await caller.products.list({ categoryName: 'Order', limit: 3, page })).products.map((p) => p.title),
      )
    }
    expect(pages).toEqual(await titles('recommended'))
  })

  it('returns the rating, review count and merchant with each product', async () => {
    const [first] = (await caller.products.list({ categoryName: 'Order', limit: 1 })).products
    expect(first).toMatchObject({ averageRating: 4.5, reviewCount: 1040 })
    expect(first).toHaveProperty('merchantName')
  })
})
