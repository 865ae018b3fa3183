import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { catalogImports, products, variantGroups } from '../schema/index.ts'
import { fixture } from '../../test/fixtures.ts'
import { importCatalog } from './import-catalog.ts'

/**
 * The importer's behaviours of issue 14 on small feeds each test writes: mappings and SKU ids,
 * merchant and source as feed data, currencies, skip limits, damaged files, dry runs,
 * encodings, line numbers after a broken quote, variants by item-group id.
 */
describe('importing feeds of other shapes', () => {
  let t: TestDatabase
  let dir: string
  beforeAll(async () => {
    t = await createTestDatabase()
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-feeds-'))
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const write = async (name: string, content: string | Buffer) => {
    const file = path.join(dir, name)
    await writeFile(file, content)
    return file
  }
  const bySource = (source: string) =>
    t.db
      .select({
        sku: products.sourceProductId,
        awProductId: products.awProductId,
        title: products.title,
        price: products.price,
        feedPrice: products.feedPrice,
        currency: products.currency,
        merchantName: products.merchantName,
        affiliateUrl: products.affiliateUrl,
        imageUrl: products.imageUrl,
        categoryName: products.categoryName,
        categoryLevel1: products.categoryLevel1,
      })
      .from(products)
      .where(eq(products.source, source))
      .orderBy(products.sourceProductId)

  it('maps a TSV feed by hand: SKU ids kept as the feed key, numeric ids assigned, merchant and links from the feed', async () => {
    const file = await write(
      'lookfantastic.tsv',
      [
        'SKU\tProduct Name\tRRP\tLink\tPicture\tDepartment',
        'G02-006-01-S\tSilk Pillowcase\t£45.00\thttps://www.lookfantastic.com/p/1\thttps://static.thcdn.com/1.jpg\tHome > Bedding',
        'G02-006-01-M\tSilk Pillowcase Medium\t49.50\thttps://www.lookfantastic.com/p/2\t\tHome > Bedding',
      ].join('\n'),
    )
    const summary = await importCatalog(t.db, {
      file,
      mapping: {
        columns: {
          SKU: 'id',
          'Product Name': 'title',
          RRP: 'price',
          Link: 'productUrl',
          Picture: 'imageUrl',
          Department: 'categoryPath',
        },
        merchant: 'LookFantastic',
        currency: 'GBP',
      },
    })
    expect(summary).toMatchObject({
      format: 'mapping',
      source: 'lookfantastic',
      delimiter: '\t',
      imported: 2,
      skipped: 0,
    })
    const rows = await bySource('lookfantastic')
    expect(rows).toEqual([
      {
        sku: 'G02-006-01-M',
        awProductId: expect.any(Number) as number,
        title: 'Silk Pillowcase Medium',
        price: 49.5,
        feedPrice: 49.5,
        currency: 'GBP',
        merchantName: 'LookFantastic',
        affiliateUrl: 'https://www.lookfantastic.com/p/2',
        imageUrl: null,
        categoryName: 'Home',
        categoryLevel1: 'Bedding',
      },
      expect.objectContaining({ sku: 'G02-006-01-S', price: 45, imageUrl: 'https://static.thcdn.com/1.jpg' }),
    ])
    for (const row of rows) expect(String(row.awProductId)).toMatch(/^\d{10}$/)
  })

  it('a LookFantastic feed through the PromptCloud preset is not "Amazon UK" and gets no Amazon links', async () => {
    const header =
      'uniq_id,product_name,amazon_category_and_sub_category,manufacturer,price,number_of_reviews,average_rating'
    const file = await write('lf-promptcloud.csv', `${header}\nlf-1,Rose Face Oil,Beauty > Skincare,Pai,32.00,12,4.6\n`)
    const summary = await importCatalog(t.db, {
      file,
      mapping: { preset: 'promptcloud', merchant: 'LookFantastic', currency: 'GBP' },
    })
    expect(summary).toMatchObject({
      format: 'promptcloud',
      source: 'lookfantastic',
      merchant: 'LookFantastic',
      imported: 1,
    })
    const [oil] = (await bySource('lookfantastic')).filter((r) => r.sku === 'lf-1')
    expect(oil).toMatchObject({ merchantName: 'LookFantastic', affiliateUrl: null, price: 32, currency: 'GBP' })
  })

  it('refuses a hand-mapped feed that does not say which feed it is, or maps a column that is not there', async () => {
    const file = await write('anon.csv', 'sku,name,cost\nA-1,Thing,5\n')
    await expect(
      importCatalog(t.db, { file, mapping: { columns: { sku: 'id', name: 'title', cost: 'price' } } }),
    ).rejects.toMatchObject({
      code: 'BAD_MAPPING',
      message: expect.stringMatching(/--source <name> or --merchant/) as string,
    })
    await expect(
      importCatalog(t.db, { file, mapping: { columns: { sku: 'id', nom: 'title', cost: 'price' }, source: 'x' } }),
    ).rejects.toMatchObject({
      code: 'BAD_MAPPING',
      message: expect.stringMatching(/not in the header.*: nom/) as string,
    })
    await expect(importCatalog(t.db, { file })).rejects.toMatchObject({ code: 'UNKNOWN_FORMAT' })
  })

  it('keeps each row’s currency: converts at the given rate, refuses the rest with the exact reason', async () => {
    const file = await write(
      'mixed.csv',
      [
        'id,title,price,currency',
        'm1,Pounds,10.00,GBP',
        'm2,Dollars,10.00,USD',
        'm3,Euros,10.00,EUR',
        'm4,Dollar sign in a pound row,$10.00,GBP',
        'm5,Not a code,10.00,dollars',
      ].join('\n'),
    )
    const summary = await importCatalog(t.db, {
      file,
      mapping: { source: 'mixed' },
      rates: { USD: 0.79 },
      maxSkip: '100%',
    })
    expect(summary).toMatchObject({ imported: 2, skipped: 3, currencies: { GBP: 1, USD: 1 }, rates: { USD: 0.79 } })
    expect(summary.skipReasons.map((r) => [r.reason, r.lines])).toEqual([
      ['currency mismatch', ['5']],
      ['invalid currency', ['6']],
      ['price in EUR and no --rate EUR given', ['4']],
    ])
    expect((await bySource('mixed')).map((r) => [r.sku, r.price, r.feedPrice, r.currency])).toEqual([
      ['m1', 10, 10, 'GBP'],
      ['m2', 7.9, 10, 'USD'],
    ])
  })

  it('reads the currency from a price symbol when the feed has no currency column', async () => {
    const file = await write('symbols.csv', 'id,title,price\ns1,Pound,£4.00\ns2,Dollar,$4.00\ns3,Bare,4.00\n')
    const summary = await importCatalog(t.db, { file, mapping: { source: 'symbols' }, maxSkip: '100%' })
    expect(summary.currencies).toEqual({ GBP: 1 })
    expect(summary.skipReasons.map((r) => r.reason)).toEqual([
      'no currency: map a currency column or give --currency',
      'price in USD and no --rate USD given',
    ])
  })

  it('reports too many skipped rows against --max-skip (default 10%)', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => `k${i},Item ${i},${i < 17 ? '1.00' : ''}`)
    const file = await write('skips.csv', ['id,title,price', ...rows].join('\n'))
    const mapping = { source: 'skips', currency: 'GBP' }
    // 3 of 20 skipped = 15%.
    expect(await importCatalog(t.db, { file, mapping })).toMatchObject({
      skipped: 3,
      maxSkipped: 2,
      tooManySkipped: true,
    })
    expect(await importCatalog(t.db, { file, mapping, maxSkip: '15%' })).toMatchObject({ tooManySkipped: false })
    expect(await importCatalog(t.db, { file, mapping, maxSkip: 2 })).toMatchObject({ tooManySkipped: true })
  })

  it('fails on a header without rows, an empty file and a directory ("not a file")', async () => {
    const headerOnly = await write('header-only.csv', 'id,title,price\n')
    await expect(
      importCatalog(t.db, { file: headerOnly, mapping: { source: 'h', currency: 'GBP' } }),
    ).rejects.toMatchObject({
      code: 'NO_ROWS',
      message: `${headerOnly} has a header and no rows`,
    })
    await expect(importCatalog(t.db, { file: await write('empty.csv', '') })).rejects.toMatchObject({
      code: 'EMPTY_FILE',
    })
    const folder = path.join(dir, 'a-folder.csv')
    await mkdir(folder)
    await expect(importCatalog(t.db, { file: folder })).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: `${folder} is a directory, not a file`,
    })
    const [failed] = await t.db
      .select({ status: catalogImports.status, error: catalogImports.error })
      .from(catalogImports)
      .where(eq(catalogImports.file, headerOnly))
    expect(failed).toEqual({ status: 'failed', error: `${headerOnly} has a header and no rows` })
  })

  it('a truncated .gz says so in one line naming the file, and keeps the rows already committed', async () => {
    const rows = Array.from(
      { length: 6000 },
      (_, i) => `t${i},Truncated item number ${i} with some words,${(i % 90) + 1}.99`,
    )
    const whole = gzipSync(['id,title,price', ...rows].join('\n'))
    const file = await write('truncated.csv.gz', whole.subarray(0, Math.floor(whole.length * 0.6)))
    const attempt = importCatalog(t.db, { file, mapping: { source: 'truncated', currency: 'GBP' }, batchSize: 500 })
    await expect(attempt).rejects.toMatchObject({ code: 'BAD_GZIP' })
    const error = (await attempt.catch((e: unknown) => e)) as Error & { committed: number }
    expect(error.message).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is a truncated \\(unexpected end of file\\) gzip file; [\\d,]+ rows read before it, [\\d,]+ rows already committed$`,
      ),
    )
    expect(error.message).not.toContain('\n')
    expect(error.committed).toBeGreaterThan(1000)
    expect(await t.db.$count(products, eq(products.source, 'truncated'))).toBe(error.committed)
  })

  it('a file named .gz that is not gzip is refused by name', async () => {
    const file = await write('fake.csv.gz', 'id,title,price\nf1,Fake,1.00\n')
    await expect(importCatalog(t.db, { file, mapping: { source: 'fake', currency: 'GBP' } })).rejects.toMatchObject({
      code: 'BAD_GZIP',
      message: `${file} is not a gzip file (no gzip header), though its name ends in .gz; 0 rows read before it, 0 rows already committed`,
    })
  })

  it('--dry-run reads and checks the whole file and writes nothing', async () => {
    const before = await t.db.$count(products)
    const imports = await t.db.$count(catalogImports)
    const summary = await importCatalog(null, { file: fixture('amazon_uk_toys_promptcloud_sample.csv'), dryRun: true })
    expect(summary).toMatchObject({
      dryRun: true,
      read: 53,
      imported: 40,
      updated: 0,
      skipped: 0,
      notForSale: 13,
      importId: null,
    })
    expect(await t.db.$count(products)).toBe(before)
    expect(await t.db.$count(catalogImports)).toBe(imports)
  })

  it('detects latin-1 text, and never mangles it when told the wrong encoding', async () => {
    const text = 'id,title,price,brand\nl1,Café Crème Tea Set,12.50,Société Générale\nl2,Piñata,3.00,Ñandú\n'
    const file = await write('latin1.csv', iconv.encode(text, 'latin1'))
    const summary = await importCatalog(t.db, { file, mapping: { source: 'latin', currency: 'GBP' } })
    expect(summary).toMatchObject({ encoding: 'windows-1252', encodingDetected: true, imported: 2 })
    expect((await bySource('latin')).map((r) => r.title)).toEqual(['Café Crème Tea Set', 'Piñata'])
    await expect(
      importCatalog(t.db, { file, mapping: { source: 'latin', currency: 'GBP', encoding: 'utf8' } }),
    ).rejects.toMatchObject({
      code: 'BAD_ENCODING',
      message: expect.stringMatching(
        /is not valid UTF-8 \(line 2\): give its encoding, e\.g\. --encoding windows-1252/,
      ) as string,
    })
    const given = await importCatalog(t.db, { file, mapping: { source: 'latin', currency: 'GBP', encoding: 'latin1' } })
    // The same text read as latin1 is the same rows: a refresh writes nothing.
    expect(given).toMatchObject({ encoding: 'latin1', encodingDetected: false, updated: 0, unchanged: 2 })
  })

  it('keeps line numbers right after a broken quote, reporting the broken record’s physical lines', async () => {
    const file = await write(
      'quotes.csv',
      [
        'id,title,price', // 1
        'q1,Fine,1.00', // 2
        'q2,"Two-line', // 3
        'title",2.00', // 4
        'q3,"Broken "quote" here",3.00', // 5: a quote inside a quoted cell, not doubled
        'q4,No price,', // 6
        'q5,Good,5.00', // 7
        '', // 8
        'q6,After a blank line,', // 9
        'q7,"Never closed,7.00', // 10: the quote runs to the end of the file...
        'q8,Eaten,8.00', // 11
      ].join('\n'),
    )
    const summary = await importCatalog(t.db, { file, mapping: { source: 'quotes', currency: 'GBP' }, maxSkip: '100%' })
    expect(summary.rejections.map((r) => [r.line, r.endLine, r.reason])).toEqual([
      [5, undefined, 'broken quoting'],
      [6, undefined, 'no usable price'],
      [9, undefined, 'no usable price'],
      [10, 11, 'broken quoting'],
    ])
    expect(summary.skipReasons).toContainEqual({ reason: 'broken quoting', count: 2, lines: ['5', '10-11'] })
    expect((await bySource('quotes')).map((r) => r.title)).toEqual(['Fine', 'Two-line\ntitle', 'Good'])
  })
  it('groups variants by the feed’s item-group id before the title rules', async () => {
    const file = await write(
      'groups.csv',
      [
        'id,title,price,item_group_id,size,brand',
        'g1,Running Tee,20.00,TEE-1,S,Acme',
        'g2,Running Tee,20.00,TEE-1,M,Acme',
        'g3,Running Tee Long Sleeve,25.00,TEE-1,L,Acme',
        'g4,Yoga Mat Blue,30.00,,,Acme',
        'g5,Yoga Mat Green,30.00,,,Acme',
      ].join('\n'),
    )
    await importCatalog(t.db, {
      file,
      mapping: {
        source: 'groups',
        currency: 'GBP',
        columns: {
          item_group_id: 'itemGroupId',
          size: 'size',
          brand: 'brand',
          id: 'id',
          title: 'title',
          price: 'price',
        },
      },
    })
    const members = await t.db
      .select({ sku: products.sourceProductId, method: variantGroups.matchMethod, value: products.variantValue })
      .from(products)
      .innerJoin(variantGroups, eq(variantGroups.id, products.variantGroupId))
      .where(eq(products.source, 'groups'))
      .orderBy(products.sourceProductId)
    expect(members).toEqual([
      { sku: 'g1', method: 'item_group_id', value: 'S' },
      { sku: 'g2', method: 'item_group_id', value: 'M' },
      { sku: 'g3', method: 'item_group_id', value: 'L' },
      { sku: 'g4', method: 'title_base_name', value: 'Blue' },
      { sku: 'g5', method: 'title_base_name', value: 'Green' },
    ])
  })

  it('imports a mapping file with its settings (the CATALOG_FEEDS form)', async () => {
    const feed = await write('shop.csv', 'code;name;amount;cur\nx1;Scarf;20,00;EUR\n')
    const mappingFile = await write(
      'shop.mapping.json',
      JSON.stringify({
        file: 'shop.csv',
        source: 'eushop',
        columns: { code: 'id', name: 'title', amount: 'price', cur: 'currency' },
        rates: { EUR: 0.85 },
      }),
    )
    const { resolveFeedEntry } = await import('../seed/seed-catalog.ts')
    for (const entry of [mappingFile, feed]) {
      const { file, mapping } = await resolveFeedEntry(entry)
      expect(file).toBe(feed)
      const summary = await importCatalog(t.db, { file, mapping })
      expect(summary).toMatchObject({ delimiter: ';', source: 'eushop', read: 1, skipped: 0 })
    }
    expect((await bySource('eushop')).map((r) => [r.price, r.feedPrice, r.currency])).toEqual([[17, 20, 'EUR']])
    expect(JSON.parse(await readFile(mappingFile, 'utf8'))).toHaveProperty('rates')
    expect(await t.db.execute(sql`select 1`)).toBeTruthy()
  })
})
