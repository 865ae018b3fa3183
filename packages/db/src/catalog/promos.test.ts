import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { importCatalog } from '../import/import-catalog.ts'
import { promoProducts, promos } from '../schema/index.ts'
import { refreshPromoProducts, refreshPromoProductsOf } from './promos.ts'

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

  it('a refresh updates the listings of the products it touched as a whole recompute would (issue 39)', async () => {
    const [promo] = await t.db
      .insert(promos)
      .values({
        name: 'promo-incremental',
        title: 'Promo incremental',
        rules: { categories: ['Games::Board Games'], keywords: ['birthday', 'party bag'], minPrice: 1, maxPrice: 100 },
      })
      .returning({ id: promos.id })
    await refreshPromoProducts(t.db, promo!.id)
    const listing = async () =>
      (
        await t.db.execute<{ id: string; position: number }>(sql`
          select p.source_product_id as id, pp.position from ${promoProducts} pp join products p on p.id = pp.product_id
          where pp.promo_id = ${promo!.id} order by pp.position`)
      ).rows.map((r) => `${r.id}@${r.position}`)
    const idOf = async (sourceId: string) =>
      Number(
        (await t.db.execute<{ id: number }>(sql`select id from products where source_product_id = ${sourceId}`)).rows[0]
          ?.id,
      )
    const touched = await Promise.all(['a', 'b', 'd', 'e', 'f', 'h'].map(idOf))
    // a leaves (above the band), e joins (now in it), b is withdrawn, f gains a keyword, d is
    // renamed (its rank and title order move), h is touched and unchanged.
    await t.db.execute(sql`update products set price = 150 where source_product_id = 'a'`)
    await t.db.execute(sql`update products set price = 50 where source_product_id = 'e'`)
    await t.db.execute(sql`update products set withdrawn_at = now() where source_product_id = 'b'`)
    await t.db.execute(sql`update products set title = 'Birthday Kite' where source_product_id = 'f'`)
    await t.db.execute(sql`update products set title = 'Zebra Birthday Banner' where source_product_id = 'd'`)
    const versionBefore = (await t.db.execute<{ v: string }>(sql`select version::text as v from catalog_state`)).rows[0]
    const written = await refreshPromoProductsOf(t.db, touched)
    expect(written).toBeGreaterThan(0)
    const incremental = await listing()
    // No bump: the refresh moves the catalog version once at its end.
    expect((await t.db.execute<{ v: string }>(sql`select version::text as v from catalog_state`)).rows[0]).toEqual(
      versionBefore,
    )
    await refreshPromoProducts(t.db, promo!.id)
    expect(incremental).toEqual(await listing())
    expect(incremental.map((r) => r.split('@')[0])).toEqual(['g', 'd', 'e', 'f'])
    await t.db.delete(promos).where(eq(promos.id, promo!.id))
  })
})
