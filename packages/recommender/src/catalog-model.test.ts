import { describe, expect, it } from 'vitest'
import { buildCatalogModel, type CatalogBucketRow } from './catalog-model.ts'
import { categoryUrl, urlReadsBack } from './paths.ts'
import { groupBuckets, specificProducts } from './specific-products.ts'
import { testCatalog } from './testing/catalog.ts'

const row = (levels: (string | null)[], count: number, over: Partial<CatalogBucketRow> = {}): CatalogBucketRow => ({
  levels,
  bucket: 2,
  count,
  minPrice: 10,
  maxPrice: 19,
  reviews: count * 3,
  ratingWeighted: count * 3 * 4,
  ratedReviews: count * 3,
  brands: [{ name: 'Acme', count }],
  titles: Array.from({ length: count }, (_, i) => `Acme Steam Locomotive ${i}`),
  ...over,
})

describe('buildCatalogModel', () => {
  it('makes every level of the tree a node with the products below it', () => {
    const model = buildCatalogModel('1', [
      row(['Hobbies', 'Model Trains & Railway Sets', 'Rail Vehicles', 'Trains'], 10),
      row(['Hobbies', 'Model Trains & Railway Sets', 'Rail Vehicles', 'Locomotives'], 5),
      row(['Hobbies', 'Model Building Kits', null, null], 4),
    ])
    expect(model.nodes.get('Hobbies')?.count).toBe(19)
    expect(model.nodes.get('Hobbies::Model Trains & Railway Sets::Rail Vehicles')?.count).toBe(15)
    expect(model.candidates.map((c) => c.id)).toEqual([
      'Hobbies',
      'Hobbies::Model Building Kits',
      'Hobbies::Model Trains & Railway Sets',
      // Rail Vehicles is its parent's only child with the same products: the parent stands for it.
      'Hobbies::Model Trains & Railway Sets::Rail Vehicles::Locomotives',
      'Hobbies::Model Trains & Railway Sets::Rail Vehicles::Trains',
    ])
  })

  it('leaves out nodes with too few products and single-child copies of their parent', () => {
    const model = buildCatalogModel('1', [
      row(['Bags', 'Schoolbags & Backpacks', 'Bags', null], 4),
      row(['Games', 'Chess', null, null], 1),
      row(['Games', 'Card Games', null, null], 6),
    ])
    const ids = model.candidates.map((c) => c.id)
    expect(ids).toContain('Bags')
    expect(ids).not.toContain('Bags::Schoolbags & Backpacks')
    expect(ids).not.toContain('Games::Chess')
    expect(ids).toContain('Games::Card Games')
  })

  it('shows vague or repeated names with their parent', () => {
    const model = buildCatalogModel('1', [
      row(['Fancy Dress', 'Costumes', 'Adults', null], 5),
      row(['Fancy Dress', 'Costumes', 'Kids & Toddlers', null], 5),
      row(['Tech', 'Electronic Toys', 'Robots', null], 3),
      row(['Tech', 'Remote Controlled Devices', 'Robots', null], 3),
    ])
    expect(model.nodes.get('Fancy Dress::Costumes::Adults')?.displayName).toBe('Costumes > Adults')
    expect(model.nodes.get('Tech::Electronic Toys::Robots')?.displayName).toBe('Electronic Toys > Robots')
    expect(model.nodes.get('Tech::Electronic Toys')?.displayName).toBe('Electronic Toys')
  })

  it('never offers a category whose listing URL would not read back as itself', () => {
    expect(urlReadsBack(['Die-Cast & Toy Vehicles', 'Toy Vehicles & Accessories'])).toBe(true)
    expect(urlReadsBack(['Arts & Crafts', "Children's Craft Kits"])).toBe(true)
    expect(urlReadsBack(['Home', 'Home Accessories', 'Seasonal Décor'])).toBe(true)
    expect(urlReadsBack(['Sports', 'Snooker/Pool/Billiards'])).toBe(false)
    expect(urlReadsBack(['Deals', '100% Off'])).toBe(false)
    const model = buildCatalogModel('1', [
      row(['Sports', 'Snooker/Pool', null, null], 5),
      row(['Sports', 'Darts', null, null], 5),
    ])
    expect(model.candidates.map((c) => c.id)).toEqual(['Sports', 'Sports::Darts'])
  })

  it('links to the shop listing with each level as its slug', () => {
    expect(categoryUrl(['Die-Cast & Toy Vehicles', 'Toy Vehicles & Accessories', 'Scaled Models'])).toBe(
      '/category/die-cast-and-toy-vehicles/toy-vehicles-and-accessories/scaled-models',
    )
    expect(categoryUrl(['Home', 'Seasonal Décor'])).toBe('/category/home/seasonal-d%C3%A9cor')
  })

  it('prices: a Bayesian rating near the catalog mean for few reviews, popularity within 0..1', () => {
    const model = testCatalog()
    for (const node of model.nodes.values()) {
      expect(node.popularity).toBeGreaterThanOrEqual(0)
      expect(node.popularity).toBeLessThanOrEqual(1)
      expect(node.rating).toBeCloseTo(4.4)
    }
  })
})

describe('specificProducts', () => {
  const model = testCatalog()
  const chess = model.nodes.get('Games::Chess')!

  it('gives at most three bands of real prices with brand and phrase tags', () => {
    const bands = specificProducts(chess, [])
    expect(bands).toHaveLength(3)
    expect(bands[0]!.priceRange).toBe('£5.99 to £19.99')
    expect(bands[0]!.tags[0]).toBe('Jaques')
    expect(bands.flatMap((b) => b.tags)).not.toContain('Chess')
  })

  it('keeps within the budget when one is chosen', () => {
    expect(specificProducts(chess, [{ min: 20, max: 50 }]).map((b) => b.priceRange)).toEqual([
      '£20.99 to £34.99',
      '£35.99 to £49.99',
    ])
  })

  it('groups price buckets into bands of similar size', () => {
    const bucket = (b: number, count: number) => ({
      bucket: b,
      count,
      minPrice: b,
      maxPrice: b,
      brands: [],
      phrases: [],
    })
    const groups = groupBuckets(
      [bucket(0, 10), bucket(1, 10), bucket(2, 10), bucket(3, 10), bucket(4, 10), bucket(5, 10)],
      3,
    )
    expect(groups.map((g) => g.map((b) => b.bucket))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ])
  })
})
