import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createDb, type Db } from '../client.ts'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { catalogImports, products } from '../schema/index.ts'
import { fixture } from '../../test/fixtures.ts'
import { analyzeProducts, BULK_MIN_ROWS, estimateFeedRows, listSecondaryIndexes, shouldBulkLoad } from './bulk-load.ts'
import { CatalogImportError, importCatalog, type ImportCatalogOptions, type ImportSummary } from './import-catalog.ts'

describe('shouldBulkLoad', () => {
  it('takes the bulk path for a long feed into an empty or small table only', () => {
    expect(shouldBulkLoad({ estimatedRows: 1_000_000, existingProducts: 0 })).toBe(true)
    expect(shouldBulkLoad({ estimatedRows: 1_000_000, existingProducts: 250_000 })).toBe(true)
    expect(shouldBulkLoad({ estimatedRows: 1_000_000, existingProducts: 250_001 })).toBe(false)
    expect(shouldBulkLoad({ estimatedRows: BULK_MIN_ROWS - 1, existingProducts: 0 })).toBe(false)
  })
  it('estimates rows from the file size, a gzip file at four times its size', () => {
    expect(estimateFeedRows(43_000_000, false)).toBe(215_000)
    // The shipped catalog (568,508 bytes of gzip) stays on the row-by-row path.
    expect(estimateFeedRows(568_508, true)).toBeLessThan(BULK_MIN_ROWS)
  })
})

/** Everything an import leaves in the catalog, without ids and timestamps of this run. */
async function catalogState(db: Db) {
  const rows = await db.execute(sql`
    select p.source, p.source_product_id, p.aw_product_id, p.title, p.image_url, p.price, p.currency, p.feed_price,
      p.category_name, p.category_level1, p.category_level2, p.category_level3, p.category_hidden, p.feed_category_path,
      p.brand, p.merchant_name, p.merchant_id, p.merchant_category, p.long_description, p.affiliate_url,
      p.average_rating, p.review_count, p.size, p.colour, p.item_group_id, p.best_seller_rank, p.disabled,
      p.variant_type, p.variant_value, p.variant_secondary, p.search_vector::text as search_vector, p.popularity,
      vg.base_product_name, vg.brand_name, vg.match_method, vg.similarity_score,
      primary_p.source_product_id as primary_variant
    from products p
    left join variant_groups vg on vg.id = p.variant_group_id
    left join products primary_p on primary_p.id = vg.primary_variant_id
    order by p.source, p.source_product_id`)
  const promos = await db.execute(sql`
    select pp.promo_id, p.source, p.source_product_id, pp.position
    from promo_products pp join products p on p.id = pp.product_id
    order by pp.promo_id, pp.position`)
  return { products: rows.rows, promos: promos.rows }
}

/** CREATE INDEX statements of products, by name. */
async function indexDefinitions(db: Db): Promise<Record<string, string>> {
  const result = await db.execute<{ indexname: string; indexdef: string }>(
    sql`select indexname, indexdef from pg_indexes where tablename = 'products' order by indexname`,
  )
  return Object.fromEntries(result.rows.map((r) => [r.indexname, r.indexdef]))
}

/** What a summary says, without this run's ids, times and path. */
function outcome(summary: ImportSummary) {
  const { durationMs: _d, rowsPerSecond: _r, importId: _i, bulk: _b, ...rest } = summary
  return rest
}

describe('the bulk path of importCatalog', () => {
  let normal: TestDatabase
  let bulk: TestDatabase
  let empty: TestDatabase
  let dir: string
  beforeAll(async () => {
    ;[normal, bulk, empty] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()])
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-bulk-'))
  }, 60_000)
  afterAll(async () => {
    await Promise.all([normal?.close(), bulk?.close(), empty?.close()])
    await rm(dir, { recursive: true, force: true })
  })

  const write = async (name: string, content: string | Buffer) => {
    const file = path.join(dir, name)
    await writeFile(file, content)
    return file
  }

  it('leaves the same products, variant groups and promos as the row-by-row path', async () => {
    const before = await indexDefinitions(bulk.db)
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(10)
    const variants = await write(
      'variants.csv',
      [
        'id,title,price,item_group_id,size,colour,brand,affiliate_id',
        'v1,Running Tee,20.00,TEE-1,S,,Acme,',
        'v2,Running Tee,20.00,TEE-1,M,,Acme,',
        'v3,Running Tee Long Sleeve,25.00,TEE-1,L,,Acme,',
        'v4,Yoga Mat Blue,30.00,,,,Acme,',
        'v5,Yoga Mat Green,28.00,,,,Acme,',
        'v6,Hornby Wooden Train 45 cm,12.00,,,,Hornby,',
        'v7,Hornby Wooden Train 60 cm,14.00,,,,Hornby,',
        // The Awin sample's first product holds this affiliate id: skipped, the others go on.
        'v8,Taken Affiliate Id,9.00,,,,Acme,__TAKEN__',
        'v9,Birthday Gift Mug,8.00,,,,Acme,',
      ].join('\n'),
    )
    const awin = fixture('awin_datafeed_sample_lululemon_us.csv')
    const steps: [ImportCatalogOptions, ImportCatalogOptions][] = [
      // Into an empty table (plain INSERTs, unique indexes rebuilt too); the later bulk imports
      // meet existing products (upserts).
      [
        { file: awin, rates: { USD: 0.79 } },
        { file: awin, rates: { USD: 0.79 }, bulk: true },
      ],
      ...[fixture('amazon_uk_toys_promptcloud_sample.csv'), fixture('synthetic_promptcloud_edge_cases.csv')].map(
        (file): [ImportCatalogOptions, ImportCatalogOptions] => [
          { file, batchSize: 7 },
          { file, batchSize: 7, bulk: true },
        ],
      ),
    ]
    for (const [one, other] of steps) {
      // The row-by-row side as an upsert of every row (refresh: false): the bulk path never refreshes.
      expect(outcome(await importCatalog(bulk.db, other))).toEqual(
        outcome(await importCatalog(normal.db, { ...one, refresh: false })),
      )
    }
    const [taken] = await normal.db
      .select({ id: products.awProductId })
      .from(products)
      .where(eq(products.source, 'awin'))
      .orderBy(products.sourceProductId)
      .limit(1)
    const text = (await readFile(variants, 'utf8')).replace('__TAKEN__', String(taken?.id))
    const withTaken = await write('variants-taken.csv', text)
    const mapping = { source: 'variants', currency: 'GBP' }
    const rowByRow = await importCatalog(normal.db, { file: withTaken, mapping, batchSize: 4 })
    const bulkLoaded = await importCatalog(bulk.db, { file: withTaken, mapping, batchSize: 4, bulk: true })
    expect(bulkLoaded.bulk).toBe(true)
    expect(rowByRow.bulk).toBe(false)
    expect(outcome(bulkLoaded)).toEqual(outcome(rowByRow))
    expect(bulkLoaded.skipReasons).toEqual([{ reason: 'affiliate id collision', count: 1, lines: ['9'] }])
    expect(bulkLoaded.imported).toBe(8)

    const [expected, actual] = await Promise.all([catalogState(normal.db), catalogState(bulk.db)])
    expect(actual.products.length).toBeGreaterThan(50)
    expect(actual.products.filter((p) => p.base_product_name !== null).length).toBeGreaterThanOrEqual(5)
    expect(actual).toEqual(expected)
    // Every index is back, defined as the migrations made it.
    expect(await indexDefinitions(bulk.db)).toEqual(before)
    // The planner has statistics of the search vector and of the expression indexes, which the
    // rebuild's ANALYZE leaves to the import's last one (issue 24).
    const stats = await bulk.db.execute<{ name: string }>(sql`
      select tablename || '.' || attname as name from pg_stats
      where (tablename = 'products' and attname in ('search_vector', 'price'))
         or tablename in ('products_category_idx', 'products_listing_name_idx')`)
    const analyzed = stats.rows.map((r) => r.name)
    expect(analyzed).toEqual(expect.arrayContaining(['products.search_vector', 'products.price']))
    expect(analyzed.filter((n) => n.startsWith('products_category_idx.')).length).toBe(4)
    expect(analyzed.filter((n) => n.startsWith('products_listing_name_idx.')).length).toBeGreaterThan(0)
    // analyzeProducts lowers search_vector's statistics target for one ANALYZE and puts it back.
    const target = await bulk.db.execute<{ target: number }>(sql`
      select attstattarget::int as target from pg_attribute
      where attrelid = 'products'::regclass and attname = 'search_vector'`)
    expect(target.rows[0]?.target).toBe(1000)
  })

  it('analyzes products for a role that may write its rows but does not own it (no ALTER TABLE)', async () => {
    const role = `presently_writer_${Date.now().toString(36)}`
    await empty.db.execute(sql.raw(`create role ${role} login password 'writer'`))
    try {
      await empty.db.execute(sql.raw(`grant select, insert, update, delete on products to ${role}`))
      const url = new URL(empty.url)
      url.username = role
      url.password = 'writer'
      const writer = createDb(url.toString(), { max: 1 })
      try {
        await expect(analyzeProducts(writer.db)).resolves.toBeUndefined()
      } finally {
        await writer.pool.end()
      }
      const target = await empty.db.execute<{ target: number }>(sql`
        select attstattarget::int as target from pg_attribute
        where attrelid = 'products'::regclass and attname = 'search_vector'`)
      expect(target.rows[0]?.target).toBe(1000)
    } finally {
      await empty.db.execute(sql.raw(`revoke all on products from ${role}`))
      await empty.db.execute(sql.raw(`drop role ${role}`))
    }
  })

  /** A feed of `rows` generated products in the shop's own column names. */
  const generated = (rows: number, prefix: string) =>
    [
      'id,title,price,brand',
      ...Array.from(
        { length: rows },
        (_, i) => `${prefix}${i},Generated ${prefix} item ${i},${(i % 90) + 1}.99,Brand ${i % 7}`,
      ),
    ].join('\n')

  it('rolls everything back, unique indexes included, when an import into an empty table fails midway', async () => {
    const before = await indexDefinitions(empty.db)
    expect(await empty.db.$count(products)).toBe(0)
    const file = await write('abort.csv', generated(3000, 'abort-'))
    let batches = 0
    const attempt = importCatalog(empty.db, {
      file,
      mapping: { source: 'abort', currency: 'GBP' },
      batchSize: 200,
      bulk: true,
      onProgress: () => {
        // Several batches are in the table (inside the transaction) when this fails.
        if (++batches === 5) throw new Error('stopped by the test')
      },
    })
    await expect(attempt).rejects.toThrow('stopped by the test')
    expect(await empty.db.$count(products)).toBe(0)
    expect(await indexDefinitions(empty.db)).toEqual(before)
    expect(before).toHaveProperty('products_source_key')
    const [record] = await empty.db
      .select()
      .from(catalogImports)
      .where(sql`${catalogImports.file} = ${file}`)
    expect(record).toMatchObject({ status: 'failed', imported: 0, updated: 0, error: 'stopped by the test' })
  })

  it('rolls everything back when the import’s connection is killed midway (as when the process dies)', async () => {
    const before = await indexDefinitions(bulk.db)
    const count = await bulk.db.$count(products)
    const file = await write('killed.csv', generated(20_000, 'killed-'))
    let kill: Promise<number> | undefined
    const attempt = importCatalog(bulk.db, {
      file,
      mapping: { source: 'killed', currency: 'GBP' },
      // Small batches: the load is still running when the kill arrives, even on a busy machine.
      batchSize: 200,
      bulk: true,
      onProgress: (p) => {
        if (p.read < 2000 || kill) return
        // The backend holding the bulk path's lock on products is the import's transaction.
        kill = bulk.pool
          .query<{ pid: number }>(
            `select pg_terminate_backend(pid) as pid from pg_locks
             where relation = 'products'::regclass and mode = 'AccessExclusiveLock' and granted and pid <> pg_backend_pid()`,
          )
          .then((r) => r.rowCount ?? 0)
      },
    })
    await expect(attempt).rejects.toThrow()
    expect(await kill).toBe(1)
    expect(await bulk.db.$count(products, eq(products.source, 'killed'))).toBe(0)
    expect(await bulk.db.$count(products)).toBe(count)
    expect(await indexDefinitions(bulk.db)).toEqual(before)
  })

  it('commits nothing of a truncated .gz, and says so', async () => {
    const whole = gzipSync(generated(6000, 'trunc-'))
    const file = await write('truncated.csv.gz', whole.subarray(0, Math.floor(whole.length * 0.6)))
    const attempt = importCatalog(bulk.db, {
      file,
      mapping: { source: 'trunc', currency: 'GBP' },
      batchSize: 500,
      bulk: true,
    })
    const error = (await attempt.catch((e: unknown) => e)) as CatalogImportError
    expect(error).toBeInstanceOf(CatalogImportError)
    expect(error).toMatchObject({ code: 'BAD_GZIP', committed: 0 })
    expect(error.message).toMatch(
      /is a truncated \(unexpected end of file\) gzip file; [\d,]+ rows read before it, 0 rows committed \(a bulk import is all or nothing\)$/,
    )
    expect(await bulk.db.$count(products, eq(products.source, 'trunc'))).toBe(0)
    expect((await listSecondaryIndexes(bulk.db)).length).toBeGreaterThanOrEqual(8)
  })
})
