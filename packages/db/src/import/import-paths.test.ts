import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { products } from '../schema/index.ts'
import { importCatalog, type ImportSummary } from './import-catalog.ts'

/**
 * Issue 24 "Import": the bulk path (COPY straight into an empty products table, or through a
 * staging table and one upsert per batch into a non-empty one) gives the rows and the summary
 * written down here, the same as the row-by-row path, for a first feed and a second feed with
 * new, changed, unchanged and missing rows and bad rows in the middle.
 */

const mapping = { source: 'paths', merchant: 'Paths Shop', currency: 'GBP' }

const FIRST = [
  'id,title,price,brand,category_path', // 1
  'p1,Wooden Ark,10.00,Acme,Toys > Wooden', // 2
  'p2,Kite,5.50,Acme,Outdoor', // 3
  'p3,Tea Set,12.00,Brio,Toys > Pretend Play', // 4
  'p4,Drum,20.00,Brio,Music', // 5
  'p5,Jigsaw,8.25,,Games > Puzzles', // 6
].join('\n')

const SECOND = [
  'id,title,price,brand,category_path', // 1
  'p1,Wooden Ark,10.00,Acme,Toys > Wooden', // 2: unchanged
  'p2,Kite,6.00,Acme,Outdoor', // 3: price changed
  'p6,Robot,30.00,Acme,Tech', // 4: new
  'p7,"Broken "quote" row",3.00,Acme,Toys', // 5: a bad record in the middle
  'p8,No Price,,Acme,Toys', // 6: no price (a skip for a hand-mapped feed)
  'p3,Tea Set for Two,12.00,Brio,Toys > Pretend Play', // 7: title changed
  'p1,Wooden Ark again,11.00,Acme,Toys', // 8: the same id twice
  'p5,Jigsaw,8.25,,Games > Puzzles', // 9: unchanged (and disabled by staff in between)
  // p4 is missing: a feed updates and adds, it never deletes.
].join('\n')

/** The summary without this run's ids, times, file and path. */
function outcome(summary: ImportSummary) {
  const { durationMs: _d, rowsPerSecond: _r, importId: _i, bulk: _b, file: _f, ...rest } = summary
  return rest
}

/** The products of the feed as the shop keeps them, by feed id. */
async function rows(db: Db) {
  return db
    .select({
      id: products.sourceProductId,
      title: products.title,
      price: products.price,
      brand: products.brand,
      category: products.categoryName,
      level1: products.categoryLevel1,
      disabled: products.disabled,
      changed: sql<boolean>`${products.updatedAt} <> ${products.createdAt}`,
    })
    .from(products)
    .where(eq(products.source, 'paths'))
    .orderBy(products.sourceProductId)
}

describe('import paths (issue 24): the rows and the summary of a first and a second feed', () => {
  let dir: string
  const databases: TestDatabase[] = []
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-import-paths-'))
    await writeFile(path.join(dir, 'first.csv'), FIRST)
    await writeFile(path.join(dir, 'second.csv'), SECOND)
  })
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()))
    await rm(dir, { recursive: true, force: true })
  })

  it.each([
    ['row by row', false],
    ['bulk (COPY into the empty table, then the staging table and upserts)', true],
  ])('%s', async (_label, bulk) => {
    const t = await createTestDatabase()
    databases.push(t)
    const first = await importCatalog(t.db, { file: path.join(dir, 'first.csv'), mapping, bulk, batchSize: 2 })
    expect(first.bulk).toBe(bulk)
    expect(outcome(first)).toMatchObject({
      read: 5,
      imported: 5,
      updated: 0,
      skipped: 0,
      notForSale: 0,
      skipReasons: [],
      currencies: { GBP: 5 },
      tooManySkipped: false,
    })
    // Staff disable p5 between the two feeds: the import leaves that alone.
    await t.db.update(products).set({ disabled: true }).where(eq(products.sourceProductId, 'p5'))

    // refresh: false: both paths upsert every row (the refresh has its own tests, refresh.test.ts).
    const second = await importCatalog(t.db, {
      file: path.join(dir, 'second.csv'),
      mapping,
      bulk,
      refresh: false,
      batchSize: 2,
      maxSkip: '50%',
    })
    expect(second.bulk).toBe(bulk)
    expect(outcome(second)).toMatchObject({
      read: 8,
      imported: 1,
      // Every row of the feed that already had a product, changed or not.
      updated: 4,
      skipped: 3,
      notForSale: 0,
      currencies: { GBP: 5 },
      skipReasons: [
        { reason: 'broken quoting', count: 1, lines: ['5'] },
        { reason: 'duplicate row id', count: 1, lines: ['8'] },
        { reason: 'no usable price', count: 1, lines: ['6'] },
      ],
      maxSkipped: 4,
      tooManySkipped: false,
    })
    expect(second.rejections.map((r) => [r.line, r.reason, r.value])).toEqual([
      [5, 'broken quoting', expect.stringMatching(/quote/i)],
      [6, 'no usable price', ''],
      [8, 'duplicate row id', 'p1 (first on line 2)'],
    ])
    expect(await rows(t.db)).toEqual([
      {
        id: 'p1',
        title: 'Wooden Ark',
        price: 10,
        brand: 'Acme',
        category: 'Toys',
        level1: 'Wooden',
        disabled: false,
        changed: false,
      },
      {
        id: 'p2',
        title: 'Kite',
        price: 6,
        brand: 'Acme',
        category: 'Outdoor',
        level1: null,
        disabled: false,
        changed: true,
      },
      {
        id: 'p3',
        title: 'Tea Set for Two',
        price: 12,
        brand: 'Brio',
        category: 'Toys',
        level1: 'Pretend Play',
        disabled: false,
        changed: true,
      },
      {
        id: 'p4',
        title: 'Drum',
        price: 20,
        brand: 'Brio',
        category: 'Music',
        level1: null,
        disabled: false,
        changed: false,
      },
      {
        id: 'p5',
        title: 'Jigsaw',
        price: 8.25,
        brand: null,
        category: 'Games',
        level1: 'Puzzles',
        disabled: true,
        changed: false,
      },
      {
        id: 'p6',
        title: 'Robot',
        price: 30,
        brand: 'Acme',
        category: 'Tech',
        level1: null,
        disabled: false,
        changed: false,
      },
    ])
    // Ids follow the feed's order on both paths (the new product comes last).
    const order = await t.db
      .select({ id: products.sourceProductId })
      .from(products)
      .where(eq(products.source, 'paths'))
      .orderBy(products.id)
    expect(order.map((r) => r.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'])
    // Search finds the changed title (the generated search vector follows the row).
    expect(await t.db.$count(products, sql`${products.searchVector} @@ plainto_tsquery('english', 'tea two')`)).toBe(1)
  })
})
