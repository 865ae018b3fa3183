import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { products } from '../schema/index.ts'
import { fixture } from '../../test/fixtures.ts'

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const tsx = path.resolve(packageDir, '../../node_modules/.bin/tsx')

interface Run {
  code: number
  stdout: string
  stderr: string
}

/**
 * `npm run import` as a catalog manager runs it, with its output piped (not a terminal), on the
 * test's database.
 */
function runImport(url: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['src/cli/import.ts', ...args],
      { cwd: packageDir, env: { ...process.env, DATABASE_URL: url, INIT_CWD: packageDir }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

describe('npm run import (the CLI)', () => {
  let t: TestDatabase
  let dir: string
  beforeAll(async () => {
    t = await createTestDatabase()
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-cli-'))
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('prints progress lines when its output is not a terminal, then the summary with skip reasons and lines', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `c${i},Boxed gift ${i},${i % 100 === 0 ? '' : '4.50'}`)
    const file = path.join(dir, 'progress.csv')
    await writeFile(file, ['SKU,Name,Price', ...rows].join('\n'))
    const run = await runImport(t.url, [
      file,
      '--map',
      'SKU=id,Name=title,Price=price',
      '--merchant',
      'Gift Box Co',
      '--currency',
      'GBP',
      '--batch-size',
      '250',
      '--progress-every',
      '0',
    ])
    expect(run.code).toBe(0)
    const progress = run.stderr.split('\n').filter((line) => line.startsWith('importing: '))
    expect(progress.length).toBeGreaterThan(3)
    expect(progress.at(-1)).toMatch(/^importing: 3,000 rows, [\d,]+ rows\/s, 30 skipped \(100% of the file, \d+ s\)$/)
    expect(run.stderr).not.toContain('\r')
    expect(run.stdout).toContain('format:       mapping, source gift_box_co, merchant Gift Box Co')
    expect(run.stdout).toContain('written:      2,970 new, 0 updated')
    expect(run.stdout).toMatch(/ {6}30 × no usable price \(lines 2, 102, 202, 302, 402, \.\.\.\)/)
    expect(await t.db.$count(products, eq(products.source, 'gift_box_co'))).toBe(2970)
  }, 120_000)

  it('exits 2 when more rows are skipped than --max-skip allows, naming the reason', async () => {
    const run = await runImport(t.url, [fixture('awin_datafeed_sample_lululemon_us.csv')])
    expect(run.code).toBe(2)
    expect(run.stdout).toContain('10 × price in USD and no --rate USD given (lines 2, 3, 4, 5, 6, ...)')
    expect(run.stdout).toContain('too many rows skipped: 10 of 10, more than the 1 --max-skip allows')
    const converted = await runImport(t.url, [fixture('awin_datafeed_sample_lululemon_us.csv'), '--rate', 'USD=0.79'])
    expect(converted.code).toBe(0)
    expect(converted.stdout).toContain('currencies:   10 USD (converted to GBP at USD=0.79)')
  }, 120_000)

  it('exits 1 with one clear line for a directory, a header without rows and a fake .gz', async () => {
    const folder = await runImport(t.url, [dir])
    expect(folder.code).toBe(1)
    expect(folder.stderr.trim()).toBe(`error: file ${dir} is a directory, not a file`)
    const missing = await runImport(t.url, [path.join(dir, 'nope.csv')])
    expect(missing.stderr.trim()).toBe(`error: file not found: ${path.join(dir, 'nope.csv')}`)

    const headerOnly = path.join(dir, 'header.csv')
    await writeFile(headerOnly, 'id,title,price\n')
    const empty = await runImport(t.url, [headerOnly, '--source', 'h', '--currency', 'GBP'])
    expect(empty.code).toBe(1)
    expect(empty.stderr.trim()).toBe(`error: ${headerOnly} has a header and no rows`)

    const fake = path.join(dir, 'fake.csv.gz')
    await writeFile(fake, 'id,title,price\nf1,Fake,1.00\n')
    const gz = await runImport(t.url, [fake, '--source', 'f', '--currency', 'GBP'])
    expect(gz.code).toBe(1)
    expect(gz.stderr.trim().split('\n')).toEqual([
      `error: ${fake} is not a gzip file (no gzip header), though its name ends in .gz; 0 rows read before it, 0 rows already committed`,
    ])
  }, 120_000)

  it('--dry-run checks the whole file and writes nothing', async () => {
    const before = await t.db.$count(products)
    const run = await runImport(t.url, [fixture('amazon_uk_toys_promptcloud_sample.csv'), '--dry-run'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('dry run (nothing written)')
    expect(run.stdout).toContain('would write:  40 products')
    expect(run.stdout).toContain('not for sale: 13 rows without a price')
    expect(await t.db.$count(products)).toBe(before)
  }, 120_000)

  it('imports the shipped PromptCloud catalog and exits 0: rows without a price are not for sale, not skips (issue 25)', async () => {
    const run = await runImport(t.url, [path.resolve(packageDir, 'seed/amazon_uk_toys_promptcloud_10k.csv.gz')])
    expect(run.stderr).not.toContain('error')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('not for sale: 1,435 rows without a price, left out (not counted as skipped)')
    expect(run.stdout).toContain('skipped:      0 (0.0%)')
    expect(run.stdout).not.toContain('too many rows skipped')
    expect(await t.db.$count(products, eq(products.source, 'amazon_uk'))).toBe(8565)
  }, 180_000)

  it('stays honest for other feeds: empty prices there are skips, and --missing-price not-for-sale is asked for', async () => {
    const file = path.join(dir, 'half-priced.csv')
    await writeFile(file, ['SKU,Name,Price', 'h1,One,2.50', 'h2,Two,', 'h3,Three,', 'h4,Four,4.00'].join('\n'))
    const base = [file, '--map', 'SKU=id,Name=title,Price=price', '--merchant', 'Half Shop', '--currency', 'GBP']
    const strict = await runImport(t.url, base)
    expect(strict.code).toBe(2)
    expect(strict.stdout).toContain('2 × no usable price')
    const lenient = await runImport(t.url, [...base, '--missing-price', 'not-for-sale'])
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toContain('not for sale: 2 rows without a price')
    // The PromptCloud preset can be made strict again.
    const sample = await runImport(t.url, [
      fixture('amazon_uk_toys_promptcloud_sample.csv'),
      '--dry-run',
      '--missing-price',
      'skip',
    ])
    expect(sample.code).toBe(2)
  }, 120_000)

  it('derives stable ids from the product URL for a feed without an id column, and says so (issue 25)', async () => {
    // A LookFantastic-style export: name, URL, type, price, no id.
    const file = path.join(dir, 'no-ids.csv')
    const feed = (query: string) =>
      [
        'name,URL,type,price',
        `Rose Face Oil,https://www.lookfantastic.com/rose-face-oil/1234.html${query},Skincare,£18.00`,
        `Hand Cream Trio,https://WWW.LookFantastic.com/hand-cream-trio/5678.html${query},Bath & Body,£12.50`,
      ].join('\n')
    await writeFile(file, feed(''))
    const args = [file, '--map', 'name=title,URL=productUrl,type=category,price=price', '--merchant', 'LookFantastic']
    const first = await runImport(t.url, args)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('ids:          derived from the product URL (URL): the feed maps no id column')
    expect(first.stdout).toContain('written:      2 new, 0 updated')
    const rows = await t.db
      .select({ id: products.sourceProductId, url: products.affiliateUrl })
      .from(products)
      .where(eq(products.source, 'lookfantastic'))
      .orderBy(products.sourceProductId)
    expect(rows.map((r) => r.id)).toEqual([
      'https://www.lookfantastic.com/hand-cream-trio/5678.html',
      'https://www.lookfantastic.com/rose-face-oil/1234.html',
    ])
    // The same products with tracking parameters added: the ids hold, nothing is duplicated.
    await writeFile(file, feed('?utm_source=feed&utm_medium=csv#top'))
    const again = await runImport(t.url, [...args, '--id-from', 'productUrl'])
    expect(again.code).toBe(0)
    // A re-import is a refresh (issue 39): both rows changed (their URLs), none new.
    expect(again.stdout).toContain('refresh:      0 unchanged (not written), 2 changed, 0 new')
    expect(await t.db.$count(products, eq(products.source, 'lookfantastic'))).toBe(2)
    // Without a URL column either, the refusal says how to fix it.
    const bare = await runImport(t.url, [file, '--map', 'name=title,price=price', '--merchant', 'LookFantastic'])
    expect(bare.code).toBe(1)
    expect(bare.stderr).toContain('--id-from productUrl')
  }, 120_000)
})
