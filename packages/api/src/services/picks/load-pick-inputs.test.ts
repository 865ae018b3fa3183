import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray, products } from '@presently/db'
import { createTestDatabase, createTestProducts, type TestDatabase, type TestProductInput } from '@presently/db/testing'
import { loadPickProducts } from './load-pick-inputs.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => t.close())

/** A path's levels as product columns. */
function at(
  path: string,
): Pick<TestProductInput, 'categoryName' | 'categoryLevel1' | 'categoryLevel2' | 'categoryLevel3'> {
  const [categoryName, categoryLevel1 = null, categoryLevel2 = null, categoryLevel3 = null] = path.split('::')
  return { categoryName, categoryLevel1, categoryLevel2, categoryLevel3 }
}

let version = 0

describe('loadPickProducts: the per-path read', () => {
  it("reads each path's subtree, the 40 most popular visible, in-stock products within budget", async () => {
    // 150 products under "Picks Top" at every depth, with ratings and review counts that spread
    // their popularity, prices from £5 to £79, and some not offerable; siblings and another top
    // level beside them.
    const paths = [
      'Picks Top',
      'Picks Top::Trains',
      'Picks Top::Trains::Sets',
      'Picks Top::Trains::Sets::Steam',
      'Picks Top::Trains::Track',
      'Picks Top::Dolls',
    ]
    const inputs: TestProductInput[] = []
    for (let i = 0; i < 150; i++) {
      inputs.push({
        title: `Pick product ${i}`,
        price: 5 + ((i * 37) % 75),
        ...at(paths[i % paths.length]!),
        averageRating: 3 + ((i * 7) % 20) / 10,
        reviewCount: (i * 53) % 900,
        disabled: i % 11 === 0,
        categoryHidden: i % 13 === 0,
        variantSecondary: i % 17 === 0,
        inStock: i % 19 === 0 ? false : i % 3 === 0 ? true : null,
      })
    }
    inputs.push({ title: 'Elsewhere', price: 10, ...at('Picks Other::Trains'), averageRating: 5, reviewCount: 5000 })
    const rows = await createTestProducts(t.db, inputs)
    const read = await t.db
      .select({ id: products.id, popularity: products.popularity })
      .from(products)
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      )
    const popularity = new Map(read.map((r) => [r.id, r.popularity ?? -Infinity]))

    /** What the read must answer for one path and budget: the rule written out over the rows. */
    const offerable = (path: string, maxPrice: number | null) => {
      const levels = path.split('::')
      return rows
        .filter((r) => {
          const own = [r.categoryName, r.categoryLevel1, r.categoryLevel2, r.categoryLevel3]
          return levels.every((level, i) => own[i] === level)
        })
        .filter((r) => !r.disabled && !r.categoryHidden && !r.variantSecondary && r.inStock !== false)
        .filter((r) => maxPrice === null || r.price <= maxPrice)
    }
    const expected = (path: string, maxPrice: number | null) =>
      offerable(path, maxPrice)
        .sort((a, b) => popularity.get(b.id)! - popularity.get(a.id)! || a.id - b.id)
        .slice(0, 40)
        .map((r) => r.id)
        .sort((a, b) => a - b)

    const cases: [string[], number | null][] = [
      [['Picks Top'], null],
      [['Picks Top'], 30],
      [['Picks Top::Trains'], null],
      [['Picks Top::Trains'], 20],
      [['Picks Top::Trains::Sets'], 40],
      [['Picks Top::Trains::Sets::Steam'], null],
      [['Picks Top::Dolls', 'Picks Top::Trains::Track'], 25],
    ]
    for (const [list, maxPrice] of cases) {
      const got = await loadPickProducts(t.db, {
        catalogVersion: `test-${version++}`,
        paths: list,
        terms: [],
        likedIds: [],
        maxPrice,
      })
      const want = [...new Set(list.flatMap((path) => expected(path, maxPrice)))].sort((a, b) => a - b)
      expect(want.length).toBeGreaterThan(0)
      expect(got.map((p) => p.id)).toEqual(want)
    }
    // The cut matters: the top level and the budget-free second level hold more than 40 offerable products.
    expect(offerable('Picks Top', null).length).toBeGreaterThan(80)
    expect(offerable('Picks Top::Trains', null).length).toBeGreaterThan(40)
  })

  it('reads the liked products whatever their price, each set of ids on its own, the same objects as the other reads', async () => {
    const [cheap, dear, other] = await createTestProducts(t.db, [
      { title: 'Liked cheap', price: 5, ...at('Liked Top::Kites'), averageRating: 3, reviewCount: 1 },
      { title: 'Liked dear', price: 500, ...at('Liked Top::Kites'), averageRating: 3, reviewCount: 1 },
      { title: 'Liked other', price: 7, ...at('Liked Other'), averageRating: 3, reviewCount: 1 },
    ])
    const read = (likedIds: number[]) =>
      loadPickProducts(t.db, { catalogVersion: 'liked', paths: ['Liked Top'], terms: [], likedIds, maxPrice: 20 })
    const ids = async (likedIds: number[]) => (await read(likedIds)).map((p) => p.id)
    // The path's read alone: within the budget only.
    expect(await ids([])).toEqual([cheap!.id])
    // Liked first, whatever the price; the path's read after them.
    expect(await ids([dear!.id])).toEqual([dear!.id, cheap!.id])
    expect(await ids([other!.id, dear!.id])).toEqual([dear!.id, other!.id, cheap!.id])
    expect(await ids([other!.id])).toEqual([other!.id, cheap!.id])
    // One object per product and version, whichever read brought it.
    const [a, b] = [await read([cheap!.id]), await read([])]
    expect(a[0]).toBe(b[0])
    // The same read hands out the same list, liked products or not (the engine lays a list out once).
    expect(await read([dear!.id, other!.id])).toBe(await read([other!.id, dear!.id]))
    expect(await read([])).toBe(await read([]))
    expect(await read([dear!.id])).not.toBe(await read([other!.id]))
  })
})
