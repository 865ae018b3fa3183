import { describe, expect, it } from 'vitest'
import { buildCatalogModel, bucketRange, type CatalogBucketRow } from '../catalog-model.ts'
import { OCCASIONS, profile, TODAY } from '../testing/catalog.ts'
import { planPicks, productPicks } from './picks.ts'
import type { PickProduct } from './types.ts'

/**
 * A deployment with broader feeds (CATALOG_FEEDS) gets broader picks from the same code (issue
 * 20): a small mixed feed of kitchen, garden, books and toys, as the importer would file it.
 */
const FEED: [path: string, title: string, price: number][] = [
  ['Home & Kitchen::Bakeware', 'Silicone Baking Mat Set for Bread and Pastry', 14.99],
  ['Home & Kitchen::Bakeware', 'Non-Stick Cake Tins, Set of 3', 22.5],
  ['Home & Kitchen::Bakeware', 'Great British Bake Off Cupcake Kit', 18],
  ['Home & Kitchen::Kitchen Tools', 'Stainless Steel Icing Set with 24 Nozzles', 12.99],
  ['Garden & Outdoors::Garden Tools', 'Burgon & Ball Gardener Trowel and Fork Gift Set', 26],
  ['Garden & Outdoors::Garden Tools', 'Kneeler for Gardening with Tool Pouch', 24],
  ['Garden & Outdoors::Bird Care', 'Hanging Bird Feeder Station', 19.99],
  ['Books::Food & Drink', 'The Baking Bible: 200 Recipes', 20],
  ['Books::Food & Drink', 'Mary Berry Baking Book', 16],
  ['Books::Gardening', 'RHS Gardening Through the Year', 17.5],
  ['Books::Children', 'My First Garden Book for Kids 3+ Years', 6.99],
  ['Toys::Baby', 'Baby Cupcake Stacking Toy 12 Months+', 9.99],
  ['Toys::Pretend Play', 'Kids Baking Set with Apron and Chef Hat', 15],
  ['Toys::Pretend Play', 'Toddler Garden Tool Set 3+ Years', 12],
  ['Toys::Fancy Dress', "Children's Gardener Costume", 14],
]

let id = 0
const products: PickProduct[] = FEED.map(([path, title, price]) => ({
  id: ++id,
  awProductId: 50_000 + id,
  title,
  description: null,
  price,
  imageUrl: null,
  brand: null,
  merchant: 'Mixed Feed Ltd',
  rating: 4.6,
  reviewCount: 80,
  productUrl: null,
  path,
  variantGroupId: null,
  variantSecondary: false,
  disabled: false,
  hidden: false,
  inStock: true,
}))

/** The catalog model of the feed: one bucket row per product. */
const rows: CatalogBucketRow[] = products.map((p) => {
  const bucket = [1, 2, 3, 4, 5].find((b) => p.price < bucketRange(b).max) ?? 5
  return {
    levels: [...p.path!.split('::'), null, null].slice(0, 4),
    bucket,
    count: 1,
    minPrice: p.price,
    maxPrice: p.price,
    reviews: 80,
    ratingWeighted: 80 * 4.6,
    ratedReviews: 80,
    brands: [],
    titles: [p.title],
  }
})
const model = buildCatalogModel('mixed', rows)

describe('picks from a mixed kitchen, garden, books and toys feed', () => {
  it('give Mum, 58, who loves baking and gardening, adult kitchen, garden and book products, never toys', () => {
    const mum = profile({
      name: 'Mum',
      dateOfBirth: '1967-04-01',
      relationship: { name: 'Mother', type: 'Family' },
      interests: [
        { name: 'Desserts and Baking', love: true, targets: [] },
        { name: 'Gardening', love: true, targets: [] },
      ],
    })
    const plan = planPicks(mum, OCCASIONS.christmas, model, TODAY)
    const result = productPicks(plan, products, {
      count: 8,
      today: TODAY,
      budget: { max: 30, source: 'query' },
      excludedProductIds: [],
      dismissed: [],
      liked: [],
      seed: 'mixed',
    })
    const paths = result.picks.map((p) => p.product.path!)
    expect(result.picks.length).toBeGreaterThanOrEqual(6)
    for (const path of paths) expect(path).not.toMatch(/^Toys::/)
    expect(paths.some((p) => p.startsWith('Home & Kitchen'))).toBe(true)
    expect(paths.some((p) => p.startsWith('Garden & Outdoors'))).toBe(true)
    expect(paths.some((p) => p.startsWith('Books'))).toBe(true)
    expect(result.picks.map((p) => p.product.title)).not.toContain('My First Garden Book for Kids 3+ Years')
    for (const pick of result.picks) expect(pick.reason).toMatch(/desserts and baking|gardening/)
  })

  it('give a child of 6 who loves baking the toy baking set an adult never gets', () => {
    const child = profile({
      name: 'Ivy',
      dateOfBirth: '2019-01-10',
      interests: [{ name: 'Desserts and Baking', love: true, targets: [] }],
    })
    const plan = planPicks(child, OCCASIONS.christmas, model, TODAY)
    const titles = productPicks(plan, products, {
      count: 8,
      today: TODAY,
      budget: { max: 30, source: 'query' },
      excludedProductIds: [],
      dismissed: [],
      liked: [],
      seed: 'mixed',
    }).picks.map((p) => p.product.title)
    expect(titles).toContain('Kids Baking Set with Apron and Chef Hat')
  })
})
