import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, sql } from '@presently/db'
import { CATALOG_SEARCH_WORDS, createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { productListInput } from '@presently/domain'
import { listProducts } from './list-products.ts'
import { primaryVariantCondition, resolveSearch, visibleCondition } from './product-filters.ts'

/**
 * Issue 44: search ranking moved into one PostgreSQL statement must order the shipped catalog
 * exactly as before. The fixture holds, for 50 real queries (every path of resolveSearch: title
 * matches, description-only matches widened by an interest, websearch syntax, typos with and
 * without a suggestion, gift questions), the first 24 product ids, the total and the suggestion,
 * as the ranking of commit f2eb3f4 (before issue 44) gave them. One answer was captured again
 * after the merge of issue 40: 'baking set' widens by the Baking interest, whose categories
 * issue 43's seed (migration 0033) narrowed (19 results, now 15); no other query moved.
 *
 * CAPTURE_SEARCH_RANKING=1 rewrites the fixture from the code as it is (only when a ranking
 * change is intended, said in the commit).
 */
const fixtureFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/search-ranking.json')

const RANKING_QUERIES = [
  // The catalog's search words that bench:scale times too: title matches of every size.
  ...CATALOG_SEARCH_WORDS.slice(0, 34),
  // Websearch syntax.
  '"star wars" lego',
  'lego -duplo',
  'jigsaw or puzzle',
  // Words only descriptions hold, widened by an interest (baking) or not.
  'baking set',
  'knitting',
  'football',
  // Typos: a suggestion from the catalog's words, and a fallback to trigrams.
  'hornbi',
  'scalextrik',
  'dinosour',
  'helicoptr',
  'lgeo',
  'puppit',
  'ballon',
  // Gift questions (budget and age filters).
  'gift for grandad under £20',
  'present for a 7 year old girl',
  'jigsaw for mum',
] as const

interface Ranked {
  ids: number[]
  total: number
  suggestion: string | null
}

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
  await importCatalog(testDb.db, { file: seedCatalogFile })
}, 180_000)
afterAll(() => testDb?.close())

async function rank(search: string): Promise<Ranked> {
  const list = await listProducts(testDb.db, productListInput.parse({ search, page: 1, limit: 24 }))
  return { ids: list.products.map((p) => p.id), total: list.total, suggestion: list.suggestion }
}

describe('search ranking on the shipped catalog (issue 44)', () => {
  it('lists 50 queries exactly as the ranking before issue 44 did (first 24 ids, total, suggestion)', async () => {
    const now: Record<string, Ranked> = {}
    for (const query of RANKING_QUERIES) now[query] = await rank(query)
    if (process.env.CAPTURE_SEARCH_RANKING === '1') {
      writeFileSync(fixtureFile, `${JSON.stringify(now, null, 1)}\n`)
      return
    }
    const before = JSON.parse(readFileSync(fixtureFile, 'utf8')) as Record<string, Ranked>
    expect(Object.keys(before)).toHaveLength(50)
    for (const query of RANKING_QUERIES) expect({ query, ...now[query] }).toEqual({ query, ...before[query] })
  })
})

describe('a typo search ranks its deferred similarity exactly (issue 44, SplitRank)', () => {
  /**
   * The order of `search` with the whole rank computed on every matching row (the filter's
   * unsplit condition and rank), as the statement ordered before the split; optionally within a
   * price band.
   */
  async function fullRanking(search: string, maxPrice?: number): Promise<number[]> {
    const filter = await resolveSearch(testDb.db, search)
    const band = maxPrice === undefined ? sql`true` : sql`${products.price} <= ${maxPrice}`
    const rows = await testDb.db.execute<{ id: number }>(sql`
      select ${products.id} as id from ${products}
       where ${visibleCondition()} and ${primaryVariantCondition()} and ${band} and ${filter.condition}
       order by ${filter.rank} desc, ${products.popularity} desc nulls last, ${products.id} asc`)
    return rows.rows.map((row) => Number(row.id))
  }

  it('gives every page of a corrected typo search, with and without a price band, as the full ranking orders it', async () => {
    for (const search of ['ballon', 'puppit', 'dinosour', 'jigsaww', 'helicoptr']) {
      for (const maxPrice of [undefined, 15]) {
        const expected = await fullRanking(search, maxPrice)
        expect(expected.length, search).toBeGreaterThan(14)
        const pages: number[] = []
        for (let page = 1; (page - 1) * 7 < expected.length && page <= 6; page++) {
          const list = await listProducts(testDb.db, productListInput.parse({ search, page, limit: 7, maxPrice }))
          expect(list.total, search).toBe(expected.length)
          pages.push(...list.products.map((p) => p.id))
        }
        expect({ search, maxPrice, ids: pages }).toEqual({ search, maxPrice, ids: expected.slice(0, pages.length) })
      }
    }
  })
})
