import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { catalogImports, priceHistory, productLikes, products, users } from '../schema/index.ts'
import { importCatalog } from './import-catalog.ts'

const HEADER = 'id,title,price,currency,brand,category_path,in_stock,recommended_price\n'

interface FeedRow {
  id: string
  title?: string
  price: string
  inStock?: string
  rrp?: string
}

const line = (r: FeedRow) =>
  `${r.id},"${r.title ?? `Wooden Toy ${r.id}`}",${r.price},GBP,Acme,Toys > Wooden,${r.inStock ?? 'in stock'},${r.rrp ?? ''}\n`

describe('a feed refresh (issue 39)', () => {
  let t: TestDatabase
  let dir: string
  let n = 0
  const feed = async (rows: FeedRow[]) => {
    const file = path.join(dir, `feed-${n++}.csv`)
    await writeFile(file, HEADER + rows.map(line).join(''))
    return file
  }
  const refresh = async (rows: FeedRow[], extra: { maxSkip?: string } = {}) =>
    importCatalog(t.db, { file: await feed(rows), mapping: { source: 'toyshop', merchant: 'Toy Shop' }, ...extra })
  const version = async () =>
    Number(
      (await t.db.execute<{ version: string }>(sql`select version from catalog_state where id = 1`)).rows[0]?.version,
    )
  // xmin: the transaction that last wrote the row; unchanged rows keep theirs.
  const xmins = async () =>
    new Map(
      (
        await t.db.execute<{ source_product_id: string; xmin: string }>(
          sql`select source_product_id, xmin::text from products where source = 'toyshop'`,
        )
      ).rows.map((r) => [r.source_product_id, r.xmin]),
    )
  const byId = async (id: string) => (await t.db.select().from(products).where(eq(products.sourceProductId, id)))[0]!

  const first: FeedRow[] = [
    { id: 'A1', price: '40.00', rrp: '49.99' },
    { id: 'A2', price: '12.00' },
    { id: 'A3', price: '8.00', inStock: 'out of stock' },
    { id: 'A4', price: '20.00' },
    { id: 'A5', price: '5.00' },
  ]

  beforeAll(async () => {
    t = await createTestDatabase()
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-refresh-'))
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('writes only changed rows, adds new ones, withdraws missing ones and counts each', async () => {
    const initial = await refresh(first)
    expect(initial).toMatchObject({ refresh: false, imported: 5, updated: 0, unchanged: 0, withdrawn: 0 })
    expect(await byId('A1')).toMatchObject({ recommendedPrice: 49.99, price: 40 })
    expect((await byId('A1')).feedHash).toBeGreaterThan(0)
    const before = await xmins()
    const versionBefore = await version()

    const summary = await refresh([
      { id: 'A1', price: '28.00', rrp: '49.99' }, // cheaper
      { id: 'A2', price: '12.00' }, // unchanged
      { id: 'A3', price: '8.00' }, // back in stock
      { id: 'A5', price: '5.00' }, // unchanged
      { id: 'A6', price: '15.00' }, // new
    ])
    expect(summary).toMatchObject({ refresh: true, unchanged: 2, updated: 2, imported: 1, withdrawn: 1, skipped: 0 })
    const after = await xmins()
    expect(after.get('A2')).toBe(before.get('A2'))
    expect(after.get('A5')).toBe(before.get('A5'))
    expect(after.get('A1')).not.toBe(before.get('A1'))
    expect(await byId('A1')).toMatchObject({ price: 28, withdrawnAt: null })
    expect(await byId('A3')).toMatchObject({ inStock: true })
    expect(await byId('A4')).toMatchObject({ inStock: false })
    expect((await byId('A4')).withdrawnAt).toBeInstanceOf(Date)
    // Readers see the refresh: the catalog version moved, once (overrides, variants and promos
    // defer their bumps to the end, so cached answers go cold once).
    expect(await version()).toBe(versionBefore + 1)

    const [run] = await t.db.select().from(catalogImports).where(eq(catalogImports.id, summary.importId!))
    expect(run).toMatchObject({
      refresh: true,
      unchanged: 2,
      updated: 2,
      imported: 1,
      withdrawn: 1,
      status: 'completed',
    })
  })

  it('records each price or stock change once, with the price before the first one', async () => {
    const history = async (id: string) =>
      t.db
        .select({ pence: priceHistory.pricePence, inStock: priceHistory.inStock })
        .from(priceHistory)
        .innerJoin(products, eq(products.id, priceHistory.productId))
        .where(eq(products.sourceProductId, id))
        .orderBy(asc(priceHistory.observedAt), asc(priceHistory.id))
    expect(await history('A1')).toEqual([
      { pence: 4000, inStock: true },
      { pence: 2800, inStock: true },
    ])
    expect(await history('A3')).toEqual([
      { pence: 800, inStock: false },
      { pence: 800, inStock: true },
    ])
    expect(await history('A4')).toEqual([
      { pence: 2000, inStock: true },
      { pence: 2000, inStock: false },
    ])
    // Unchanged, and new, products have no history: their price holds since they were created.
    expect(await history('A2')).toEqual([])
    expect(await history('A6')).toEqual([])
  })

  it('sells a withdrawn product again when the feed carries it again, unchanged or not', async () => {
    const summary = await refresh([
      { id: 'A1', price: '28.00', rrp: '49.99' },
      { id: 'A2', price: '12.00' },
      { id: 'A3', price: '8.00' },
      { id: 'A4', price: '20.00' },
      { id: 'A5', price: '5.00' },
      { id: 'A6', price: '15.00' },
    ])
    expect(summary).toMatchObject({ unchanged: 5, updated: 1, imported: 0, withdrawn: 0 })
    expect(await byId('A4')).toMatchObject({ withdrawnAt: null, inStock: true })
  })

  it('withdraws nothing when more rows were skipped than allowed (a broken feed)', async () => {
    const summary = await refresh(
      [
        { id: 'A1', price: '28.00', rrp: '49.99' },
        { id: 'A2', price: 'free' },
        { id: 'A3', price: 'free' },
      ],
      { maxSkip: '1' },
    )
    expect(summary).toMatchObject({ tooManySkipped: true, withdrawn: 0, unchanged: 1 })
    const rows = await t.db
      .select({ id: products.sourceProductId, withdrawnAt: products.withdrawnAt })
      .from(products)
      .where(eq(products.source, 'toyshop'))
    expect(rows.every((r) => r.withdrawnAt === null)).toBe(true)
  })

  it('a duplicate row id in a refresh is skipped, the first row counts', async () => {
    const summary = await refresh([
      { id: 'A1', price: '28.00', rrp: '49.99' },
      { id: 'A1', price: '1.00' },
      { id: 'A2', price: '12.00' },
      { id: 'A3', price: '8.00' },
      { id: 'A4', price: '20.00' },
      { id: 'A5', price: '5.00' },
      { id: 'A6', price: '15.00' },
    ])
    expect(summary).toMatchObject({ unchanged: 6, skipped: 1, withdrawn: 0 })
    expect(summary.skipReasons[0]).toMatchObject({ reason: 'duplicate row id', lines: ['3'] })
    expect(await byId('A1')).toMatchObject({ price: 28 })
  })

  it('a refresh racing users liking its products: every like lands, every change lands', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ email: 'racer@example.com', displayName: 'Racer' })
      .returning({ id: users.id })
    const rows: FeedRow[] = Array.from({ length: 300 }, (_, i) => ({ id: `R${i}`, price: '10.00' }))
    await importCatalog(t.db, {
      file: await feed(rows),
      mapping: { source: 'raceshop', merchant: 'Race Shop' },
    })
    const ids = (await t.db.select({ id: products.id }).from(products).where(eq(products.source, 'raceshop'))).map(
      (r) => r.id,
    )
    const changed = rows.map((r, i) => (i % 2 === 0 ? { ...r, price: '7.00' } : r)).filter((_, i) => i % 3 !== 0)
    const [result] = await Promise.all([
      importCatalog(t.db, {
        file: await feed(changed),
        mapping: { source: 'raceshop', merchant: 'Race Shop' },
        batchSize: 10,
      }),
      (async () => {
        for (const productId of ids) await t.db.insert(productLikes).values({ userId: user!.id, productId })
      })(),
    ])
    expect(result).toMatchObject({ refresh: true, withdrawn: 100 })
    expect(await t.db.$count(productLikes, inArray(productLikes.productId, ids))).toBe(300)
    expect(await t.db.$count(products, sql`source = 'raceshop' and price = 7`)).toBe(100)
  })

  it('regroups variants when a new product has a partner, and leaves them alone when none has', async () => {
    const shop = { source: 'variantshop', merchant: 'Variant Shop' }
    const rows: FeedRow[] = [
      { id: 'V1', title: 'Rainbow Kite', price: '10.00' },
      { id: 'V2', title: 'Pocket Drone', price: '30.00' },
    ]
    await importCatalog(t.db, { file: await feed(rows), mapping: shop })
    const groupOf = async (id: string) => (await byId(id)).variantGroupId
    expect(await groupOf('V1')).toBeNull()
    const phases: string[] = []
    const withPartner = await importCatalog(t.db, {
      file: await feed([...rows, { id: 'V3', title: 'Rainbow Kite Red', price: '11.00' }]),
      mapping: shop,
      onPhase: (name) => phases.push(name),
    })
    expect(withPartner).toMatchObject({ refresh: true, imported: 1, unchanged: 2 })
    expect(phases).toContain('variants')
    expect(await groupOf('V1')).not.toBeNull()
    expect(await groupOf('V3')).toBe(await groupOf('V1'))
    expect(await groupOf('V2')).toBeNull()

    phases.length = 0
    const alone = await importCatalog(t.db, {
      file: await feed([
        ...rows,
        { id: 'V3', title: 'Rainbow Kite Red', price: '11.00' },
        { id: 'V4', title: 'Giant Puzzle', price: '9.00' },
      ]),
      mapping: shop,
      onPhase: (name) => phases.push(name),
    })
    expect(alone).toMatchObject({ refresh: true, imported: 1, unchanged: 3 })
    expect(phases).not.toContain('variants')
    expect(phases).toContain('variantCheck')
    expect(await groupOf('V4')).toBeNull()
    expect(await groupOf('V3')).toBe(await groupOf('V1'))
  })

  it('a refresh that changes nothing runs none of the steps after the rows, a refused new row included', async () => {
    const shop = { source: 'collideshop', merchant: 'Collide Shop', columns: { affiliate_id: 'affiliateId' } }
    const file = async (lines: string[]) => {
      const name = path.join(dir, `collide-${n++}.csv`)
      await writeFile(name, ['id,title,price,currency,affiliate_id', ...lines].join('\n') + '\n')
      return name
    }
    const rows = ['K1,Tin Robot,10.00,GBP,7000001', 'K2,Paper Kite,4.00,GBP,7000002']
    await importCatalog(t.db, { file: await file(rows), mapping: shop })
    const versionBefore = await version()
    const phases: string[] = []
    // K3 takes K1's affiliate id: refused by the database, it is no new product.
    const summary = await importCatalog(t.db, {
      file: await file([...rows, 'K3,Tin Robot Copy,12.00,GBP,7000001']),
      mapping: shop,
      onPhase: (name) => phases.push(name),
    })
    expect(summary).toMatchObject({ refresh: true, unchanged: 2, imported: 0, updated: 0, skipped: 1, withdrawn: 0 })
    expect(summary.skipReasons[0]).toMatchObject({ reason: 'affiliate id collision' })
    for (const step of ['overrides', 'variants', 'variantCheck', 'promos', 'searchWords']) {
      expect(phases).not.toContain(step)
    }
    expect(await version()).toBe(versionBefore + 1)
  })

  it('counts a record hashing as the one that wrote its product unchanged without mapping it, and maps the others', async () => {
    const shop = { source: 'rawshop', merchant: 'Raw Shop' }
    const file = async (lines: string[]) => {
      const name = path.join(dir, `raw-${n++}.csv`)
      await writeFile(name, ['id,title,price,currency,notes', ...lines].join('\n') + '\n')
      return name
    }
    const rawById = async (id: string) =>
      (
        await t.db
          .select()
          .from(products)
          .where(sql`${products.source} = 'rawshop' and ${products.sourceProductId} = ${id}`)
      )[0]!
    const rows = ['R1,Tin Robot,10.00,GBP,a', 'R2,Paper Kite,4.00,GBP,b', 'R3,Yo-yo,2.00,GBP,c']
    await importCatalog(t.db, { file: await file(rows), mapping: shop })
    for (const id of ['R1', 'R2', 'R3']) expect((await rawById(id)).feedRawHash).toBeGreaterThan(0)
    // R1: the stored feedHash no longer matches, but its record is the one that wrote it, so the
    // refresh does not map or hash it. R2: no raw hash (written before they were kept) and a
    // wrong feedHash: mapped, hashed and written. R3: no raw hash, right feedHash: mapped, unchanged.
    await t.db.execute(sql`update products set feed_hash = 1 where source = 'rawshop' and source_product_id = 'R1'`)
    await t.db.execute(
      sql`update products set feed_hash = 1, feed_raw_hash = null where source = 'rawshop' and source_product_id = 'R2'`,
    )
    await t.db.execute(
      sql`update products set feed_raw_hash = null where source = 'rawshop' and source_product_id = 'R3'`,
    )
    const rawOfR2 = async () =>
      (
        await t.db.execute<{ feed_raw_hash: string | null }>(
          sql`select feed_raw_hash from products where source = 'rawshop' and source_product_id = 'R2'`,
        )
      ).rows[0]?.feed_raw_hash
    const again = await importCatalog(t.db, { file: await file([...rows, 'R1,Tin Robot,10.00,GBP,a']), mapping: shop })
    expect(again).toMatchObject({ refresh: true, unchanged: 2, updated: 1, imported: 0, withdrawn: 0, skipped: 1 })
    // The duplicate of an unmapped record is refused as any duplicate.
    expect(again.skipReasons[0]).toMatchObject({ reason: 'duplicate row id' })
    expect((await rawById('R1')).feedHash).toBe(1)
    expect(Number(await rawOfR2())).toBeGreaterThan(0)
    expect(again.currencies).toEqual({ GBP: 3 })

    // A cell the mapping ignores changed: mapped again and, with the same values, not written
    // (R3); R1's record changed too, so it is mapped and its wrong stored feedHash is rewritten.
    const before = await xminsOf('rawshop')
    const notes = await importCatalog(t.db, {
      file: await file(['R1,Tin Robot,10.00,GBP,z', 'R2,Paper Kite,4.00,GBP,b', 'R3,Yo-yo,2.00,GBP,y']),
      mapping: shop,
    })
    expect(notes).toMatchObject({ refresh: true, unchanged: 2, updated: 1 })
    const after = await xminsOf('rawshop')
    expect(after.slice(1)).toEqual(before.slice(1))
    expect(after[0]).not.toEqual(before[0])
    expect((await rawById('R1')).feedHash).not.toBe(1)

    // Another mapping (here the merchant name) makes every record's raw hash another: all mapped,
    // and written since what they become changed.
    const renamed = await importCatalog(t.db, {
      file: await file(rows),
      mapping: { ...shop, merchant: 'Raw Shop Ltd' },
    })
    expect(renamed).toMatchObject({ refresh: true, unchanged: 0, updated: 3 })
    expect(await rawById('R1')).toMatchObject({ merchantName: 'Raw Shop Ltd', price: 10 })
  })

  it('refuses a row whose affiliate id another product holds and writes the rest of its batch together', async () => {
    const shop = { source: 'clashshop', merchant: 'Clash Shop', columns: { affiliate_id: 'affiliateId' } }
    const file = async (lines: string[]) => {
      const name = path.join(dir, `clash-${n++}.csv`)
      await writeFile(name, ['id,title,price,currency,affiliate_id', ...lines].join('\n') + '\n')
      return name
    }
    await importCatalog(t.db, {
      file: await file(['C1,Tin Drum,10.00,GBP,8000001', 'C2,Rag Doll,4.00,GBP,8000002']),
      mapping: shop,
    })
    const summary = await importCatalog(t.db, {
      file: await file([
        'C1,Tin Drum,9.00,GBP,8000001', // cheaper
        'C2,Rag Doll,4.00,GBP,8000002', // unchanged
        'C3,Drum Copy,12.00,GBP,8000001', // C1's affiliate id: refused
        'C4,Spinning Top,3.00,GBP,8000004', // new
      ]),
      mapping: shop,
    })
    expect(summary).toMatchObject({ refresh: true, unchanged: 1, updated: 1, imported: 1, skipped: 1 })
    expect(summary.skipReasons[0]).toMatchObject({ reason: 'affiliate id collision', count: 1 })
    const rows = await xminsOf('clashshop')
    expect(rows.map((r) => r.source_product_id)).toEqual(['C1', 'C2', 'C4'])
    // C1 and C4 were written in one transaction, not one a row.
    expect(rows[0]?.xmin).toBe(rows[2]?.xmin)
  })

  const xminsOf = async (source: string) =>
    (
      await t.db.execute<{ source_product_id: string; xmin: string }>(
        sql`select source_product_id, xmin::text from products where source = ${source} order by 1`,
      )
    ).rows
})
