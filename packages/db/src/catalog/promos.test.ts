import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { importCatalog } from '../import/import-catalog.ts'
import { promoProducts, promos } from '../schema/index.ts'
import { refreshPromoProducts } from './promos.ts'

describe('refreshPromoProducts with categories and keywords (issue 24: the keyword branch as a GIN search)', () => {
  let t: TestDatabase
  let dir: string
  beforeAll(async () => {
    t = await createTestDatabase()
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-promos-'))
    const file = path.join(dir, 'promo-feed.csv')
    await writeFile(
      file,
      [
        'id,title,price,category_path',
        'a,Chess Set,20.00,Games > Board Games', // the category itself
        'b,Ludo,10.00,Games > Board Games > Classic', // below it
        'c,Snap,10.00,Games > Board Games Extra', // starts with its name, not below it
        'd,Birthday Banner,5.00,Party > Decorations', // keyword only
        'e,Birthday Chess,200.00,Games > Board Games', // both, above the price band
        'f,Kite,12.00,Outdoor', // neither
        'g,Party Bag Fillers,4.00,Party', // the phrase keyword
        'h,Bag Party,4.00,Party', // the words in the other order
      ].join('\n'),
    )
    await importCatalog(t.db, { file, mapping: { source: 'promo-test', currency: 'GBP' } })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('lists the products in the category or below it, or matching a keyword, within the price band', async () => {
    const [promo] = await t.db
      .insert(promos)
      .values({
        name: 'promo-test',
        title: 'Promo test',
        rules: { categories: ['Games::Board Games'], keywords: ['birthday', 'party bag'], minPrice: 1, maxPrice: 100 },
      })
      .returning({ id: promos.id })
    await refreshPromoProducts(t.db, promo!.id)
    const listed = await t.db.execute<{ id: string }>(sql`
      select p.source_product_id as id from ${promoProducts} pp join products p on p.id = pp.product_id
      where pp.promo_id = ${promo!.id} order by pp.position`)
    // Keyword matches first (ranked), then by title.
    expect(listed.rows.map((r) => r.id)).toEqual(['g', 'd', 'a', 'b'])
    await t.db.delete(promos).where(eq(promos.id, promo!.id))
  })
})
