import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { catalogImports, products } from '../schema/index.ts'
import { fixture } from '../../test/fixtures.ts'
import { deriveAwProductId } from './aw-product-id.ts'
import { CatalogImportError, importCatalog, type ImportProgress } from './import-catalog.ts'
import { seedCatalogIfEmpty } from '../seed/seed-catalog.ts'

const SAMPLE = fixture('amazon_uk_toys_promptcloud_sample.csv')

describe('importCatalog', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase()
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const count = async (source?: string) =>
    t.db.$count(products, source === undefined ? undefined : eq(products.source, source))

  it('imports the real Amazon sample, joining the sibling descriptions file', async () => {
    const progress: ImportProgress[] = []
    const summary = await importCatalog(t.db, { file: SAMPLE, batchSize: 16, onProgress: (p) => progress.push(p) })
    // The 13 rows without a price are not for sale (the preset's rule, issue 25), not skips.
    expect(summary).toMatchObject({
      format: 'promptcloud',
      read: 53,
      imported: 40,
      updated: 0,
      skipped: 0,
      notForSale: 13,
    })
    expect(summary.descriptionsFile).toBe(fixture('amazon_uk_toys_promptcloud_sample_with_descriptions.csv'))
    expect(summary.rejections).toHaveLength(0)
    const strict = await importCatalog(null, { file: SAMPLE, dryRun: true, mapping: { missingPrice: 'skip' } })
    expect(strict).toMatchObject({ skipped: 13, notForSale: 0 })
    expect(strict.rejections[0]).toEqual({ line: 11, reason: 'no usable price', value: '' })
    expect(strict.rejections.map((r) => r.line)).toEqual([11, 16, 17, 18, 19, 27, 29, 30, 35, 40, 42, 48, 51])
    expect(summary.rowsPerSecond).toBeGreaterThan(0)
    expect(progress.at(-1)).toMatchObject({ read: 53, imported: 40, bytesRead: progress.at(-1)?.totalBytes })
    expect(await count()).toBe(40)

    const [hornby] = await t.db.select().from(products).where(eq(products.title, 'Hornby 2014 Catalogue'))
    expect(hornby).toMatchObject({
      awProductId: 4824126136,
      source: 'amazon_uk',
      sourceProductId: 'eac7efa5dbd3d667f26eb3d3ab504464',
      price: 3.42,
      currency: 'GBP',
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Trains & Railway Sets',
      categoryLevel2: 'Rail Vehicles',
      categoryLevel3: 'Trains',
      brand: 'Hornby',
      merchantName: 'Amazon UK',
      averageRating: 4.9,
      reviewCount: 15,
    })
    const [santa] = await t.db.select().from(products).where(eq(products.title, "Hornby Santa's Express Train Set"))
    expect(santa?.affiliateUrl).toBe('https://www.amazon.co.uk/dp/B00OG9OXF4')
    expect(santa?.longDescription).toMatch(/^Product Description Inject a bit of Hornby magic/)
  })

  it('re-imports without duplicates: a refresh, nothing imported or written, all unchanged', async () => {
    const summary = await importCatalog(t.db, { file: SAMPLE })
    expect(summary).toMatchObject({
      read: 53,
      refresh: true,
      imported: 0,
      updated: 0,
      unchanged: 40,
      withdrawn: 0,
      skipped: 0,
      notForSale: 13,
    })
    expect(await count()).toBe(40)
    const [{ duplicates } = { duplicates: -1 }] = await t.db
      .select({
        duplicates: sql<number>`count(*) - count(distinct (${products.source}, ${products.sourceProductId}))`.mapWith(
          Number,
        ),
      })
      .from(products)
    expect(duplicates).toBe(0)
    // Values did not change, so updated_at did not move.
    expect(await t.db.$count(products, sql`${products.updatedAt} <> ${products.createdAt}`)).toBe(0)
  })

  it('moves updated_at only for products whose values changed', async () => {
    const summary = await importCatalog(t.db, { file: SAMPLE, descriptionsFile: false })
    expect(summary).toMatchObject({ descriptionsFile: null, imported: 0, updated: 4, unchanged: 36 })
    // The 4 priced rows with a descriptions row lose their description / ASIN link.
    expect(await t.db.$count(products, sql`${products.updatedAt} <> ${products.createdAt}`)).toBe(4)
    await importCatalog(t.db, { file: SAMPLE })
  })

  it('reports rejected rows with their line and reason, and goes on', async () => {
    const summary = await importCatalog(t.db, {
      file: fixture('synthetic_promptcloud_edge_cases.csv'),
      descriptionsFile: false,
    })
    expect(summary).toMatchObject({ read: 8, imported: 3, updated: 0, skipped: 5 })
    expect(summary.rejections.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 3, reason: 'no title' },
      { line: 6, reason: 'malformed CSV record' },
      { line: 7, reason: 'duplicate row id' },
      { line: 8, reason: 'no usable price' },
      { line: 9, reason: 'no usable price' },
    ])
    expect(summary.rejections[2]?.value).toBe('synthetic-0001 (first on line 2)')
    const rows = await t.db
      .select({ title: products.title, price: products.price })
      .from(products)
      .where(sql`${products.sourceProductId} like 'synthetic-%'`)
      .orderBy(products.sourceProductId)
    expect(rows).toEqual([
      { title: 'Range Priced Wooden Train Set', price: 2.99 },
      { title: 'Two-line\nTitle Train', price: 1299 },
      { title: 'Deep Category Figure', price: 7.5 },
    ])
  })

  it('refuses the real Awin sample (US dollars) without a rate, and never stores dollars as pounds', async () => {
    const file = fixture('awin_datafeed_sample_lululemon_us.csv')
    const summary = await importCatalog(t.db, { file })
    expect(summary).toMatchObject({ format: 'awin', read: 10, imported: 0, skipped: 10, tooManySkipped: true })
    expect(summary.skipReasons).toEqual([
      { reason: 'price in USD and no --rate USD given', count: 10, lines: ['2', '3', '4', '5', '6'] },
    ])
    expect(await count('awin')).toBe(0)
  })

  it('imports the real Awin sample at --rate USD=0.79, keeping the 11-digit aw_product_id and the dollar price', async () => {
    const file = fixture('awin_datafeed_sample_lululemon_us.csv')
    const summary = await importCatalog(t.db, { file, rates: { USD: 0.79 } })
    expect(summary).toMatchObject({ format: 'awin', descriptionsFile: null, read: 10, imported: 10, skipped: 0 })
    expect(summary).toMatchObject({ rates: { USD: 0.79 }, currencies: { USD: 10 } })
    const [leggings] = await t.db
      .select({ price: products.price, feedPrice: products.feedPrice, currency: products.currency })
      .from(products)
      .where(eq(products.awProductId, 40026645008))
    // $98.00 x 0.79 = £77.42
    expect(leggings).toEqual({ price: 77.42, feedPrice: 98, currency: 'USD' })
    const [run] = await t.db
      .select()
      .from(catalogImports)
      .where(eq(catalogImports.id, summary.importId ?? 0))
    expect(run).toMatchObject({
      status: 'completed',
      format: 'awin',
      source: 'awin',
      rates: { USD: 0.79 },
      imported: 10,
    })
    const rows = await t.db
      .select({
        awProductId: products.awProductId,
        sourceProductId: products.sourceProductId,
        price: products.price,
        currency: products.currency,
      })
      .from(products)
      .where(eq(products.source, 'awin'))
      .orderBy(products.awProductId)
    expect(rows.map((r) => r.awProductId)).toEqual([
      33201702351, 33201702353, 33201717137, 33201717139, 33201717141, 33201717145, 33201717151, 33201718633,
      39329154040, 40026645008,
    ])
    for (const r of rows) {
      expect(String(r.awProductId)).toMatch(/^\d{11}$/)
      expect(r.sourceProductId).toBe(String(r.awProductId))
      expect(r.currency).toBe('USD')
    }
    expect(await importCatalog(t.db, { file, rates: { USD: 0.79 } })).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: 10,
    })
    expect(await count('awin')).toBe(10)
  })

  it('skips a row whose derived affiliate id is taken by another product, keeping the rest', async () => {
    const hornbyId = 'eac7efa5dbd3d667f26eb3d3ab504464'
    await t.db.delete(products).where(and(eq(products.source, 'amazon_uk'), eq(products.sourceProductId, hornbyId)))
    await t.db.insert(products).values({
      awProductId: deriveAwProductId('amazon_uk', hornbyId),
      source: 'manual',
      sourceProductId: 'taken',
      title: 'Holds the id',
      price: 1,
    })
    const summary = await importCatalog(t.db, { file: SAMPLE })
    expect(summary).toMatchObject({ imported: 0, updated: 0, unchanged: 39, skipped: 1, notForSale: 13 })
    expect(summary.rejections[0]).toEqual({ line: 2, reason: 'affiliate id collision', value: '4824126136' })
  })

  it('fails clearly on a missing file or an unknown format', async () => {
    await expect(importCatalog(t.db, { file: fixture('nope.csv') })).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' })
    const unknown = importCatalog(t.db, { file: fixture('amazon_uk_toys_promptcloud_sample_with_descriptions.csv') })
    await expect(unknown).rejects.toBeInstanceOf(CatalogImportError)
    await expect(unknown).rejects.toMatchObject({ code: 'UNKNOWN_FORMAT' })
    await expect(importCatalog(t.db, { file: SAMPLE, descriptionsFile: fixture('README.md') })).rejects.toMatchObject({
      code: 'BAD_DESCRIPTIONS',
    })
  })

  it('does not seed a database that has products', async () => {
    expect(await seedCatalogIfEmpty(t.db)).toBeNull()
  })
})

describe('seedCatalogIfEmpty', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase()
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('imports the shipped 10k catalog (.csv.gz) with its descriptions into an empty database, once', async () => {
    const messages: string[] = []
    const summaries = await seedCatalogIfEmpty(t.db, (m) => messages.push(m))
    expect(summaries).toHaveLength(1)
    const summary = summaries?.[0]
    expect(summary?.read).toBe(10_000)
    expect(summary?.imported).toBeGreaterThan(8_000)
    expect(summary).toMatchObject({ imported: 8565, updated: 0, skipped: 0, notForSale: 1435 })
    expect(summary?.skipReasons).toEqual([])
    expect(summary?.tooManySkipped).toBe(false)
    expect(summary?.descriptionsFile).toMatch(/amazon_uk_toys_promptcloud_863_with_descriptions\.csv\.gz$/)
    expect(messages).toHaveLength(2)
    expect(await t.db.$count(products)).toBe(8565)
    expect(
      await t.db.$count(products, sql`${products.affiliateUrl} like 'https://www.amazon.co.uk/dp/%'`),
    ).toBeGreaterThan(700)
    expect(await seedCatalogIfEmpty(t.db)).toBeNull()
  }, 120_000)
})
