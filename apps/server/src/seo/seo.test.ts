import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { parseDocument } from 'htmlparser2'
import { findAll, getAttributeValue, textContent } from 'domutils'
import type { Element } from 'domhandler'
import { validateXML } from 'xmllint-wasm'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { eq, products, users } from '@presently/db'
import { createCaller } from '@presently/api'
import { buildApp } from '../app.ts'
import { sitemapFiles, SITEMAP_MAX_URLS } from './sitemap.ts'

// Issue 40, "Links that travel": the tags of every page a link leads to (read with a real HTML
// parser), robots.txt, the sitemap against the sitemaps protocol's schema, and a shared list's
// preview that never holds its token.
const ORIGIN = 'http://shop.test'
const here = path.dirname(fileURLToPath(import.meta.url))
let testDb: TestDatabase
let app: FastifyInstance
let dist: string
let schema: string

/** A page's head as a map of its meta tags (property or name -> content), its canonical and JSON-LD. */
async function head(url: string) {
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode, url).toBe(200)
  expect(res.headers['content-type']).toMatch(/text\/html/)
  const doc = parseDocument(res.body)
  const metas = findAll((e: Element) => e.name === 'meta', doc.children)
  const tags = new Map<string, string>()
  for (const m of metas) {
    const key = getAttributeValue(m, 'property') ?? getAttributeValue(m, 'name')
    if (key) {
      expect(tags.has(key), `${url}: one ${key}`).toBe(false)
      tags.set(key, getAttributeValue(m, 'content') ?? '')
    }
  }
  const canonical = findAll(
    (e: Element) => e.name === 'link' && getAttributeValue(e, 'rel') === 'canonical',
    doc.children,
  ).map((e) => getAttributeValue(e, 'href'))
  const jsonLd = findAll(
    (e: Element) => e.name === 'script' && getAttributeValue(e, 'type') === 'application/ld+json',
    doc.children,
  ).map((e) => JSON.parse(textContent(e)) as Record<string, unknown>)
  return { tags, canonical, jsonLd, body: res.body, doc }
}

/** The tags every shared page carries (title, description, picture; Twitter's large card). */
function expectPreview(tags: Map<string, string>, url: string) {
  for (const key of [
    'description',
    'og:title',
    'og:description',
    'og:type',
    'og:image',
    'og:site_name',
    'twitter:card',
    'twitter:title',
    'twitter:description',
    'twitter:image',
  ])
    expect(tags.get(key), `${url} ${key}`).toBeTruthy()
  expect(tags.get('twitter:card')).toBe('summary_large_image')
  expect(tags.get('og:image')).toMatch(/^https?:\/\//)
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  await importCatalog(testDb.db, { file: seedCatalogFile })
  dist = await mkdtemp(path.join(os.tmpdir(), 'presently-seo-'))
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><meta name="description" content="Presently: shell" /></head><body><div id="root"></div></body></html>',
  )
  schema = await readFile(path.join(here, 'fixtures/sitemap.xsd'), 'utf8')
  app = await buildApp({
    env: { APP_URL: ORIGIN, LOG_LEVEL: 'silent', WEB_DIST: dist, GIFT_FINDER_RATE_LIMIT_PER_MINUTE: 10_000 },
    db: testDb.db,
    logger: false,
  })
}, 180_000)
afterAll(async () => {
  await app.close()
  await testDb.close()
  await rm(dist, { recursive: true, force: true })
})

describe('preview tags of the pages links lead to (issue 40)', () => {
  it('the landing page', async () => {
    const { tags, canonical } = await head('/')
    expectPreview(tags, '/')
    expect(tags.get('og:url')).toBe(`${ORIGIN}/`)
    expect(canonical).toEqual([`${ORIGIN}/`])
    expect(tags.get('description')).not.toBe('Presently: shell')
  })

  it('a listing, with its canonical address free of sort and page size', async () => {
    const { tags, canonical } = await head('/category/games/card-games?sort=price-asc&limit=48&page=2')
    expectPreview(tags, 'listing')
    expect(tags.get('og:title')).toMatch(/^Card Games/)
    expect(canonical).toEqual([`${ORIGIN}/category/games/card-games?page=2`])
    expect(tags.get('og:image')).toBe(`${ORIGIN}/og/games.png`)
  })

  it('a product page: price, availability, the card picture without a photo, JSON-LD with availability and price validity', async () => {
    const [product] = await testDb.db
      .select({ id: products.id, aw: products.awProductId, title: products.title, price: products.price })
      .from(products)
      .where(eq(products.title, 'University Games 32 Dice Strategy Game'))
    const url = `/product/${product!.aw}`
    const { tags, canonical, jsonLd } = await head(url)
    expectPreview(tags, url)
    expect(tags.get('og:type')).toBe('product')
    expect(tags.get('og:title')).toBe(`${product!.title} – Presently`)
    expect(tags.get('product:price:amount')).toBe(Number(product!.price).toFixed(2))
    expect(tags.get('product:price:currency')).toBe('GBP')
    expect(tags.get('twitter:data1')).toBe(`£${Number(product!.price).toFixed(2)}`)
    expect(tags.get('og:image')).toBe(`${ORIGIN}/og/games.png`)
    expect(canonical).toEqual([`${ORIGIN}${url}`])
    expect(jsonLd).toHaveLength(1)
    const offer = jsonLd[0]!.offers as Record<string, string>
    expect(offer.availability).toBe('https://schema.org/InStock')
    expect(offer.priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(offer.price).toBe(Number(product!.price).toFixed(2))
    // Out of stock where the feed says so.
    await testDb.db.update(products).set({ inStock: false }).where(eq(products.awProductId, product!.aw))
    const after = await head(url)
    expect((after.jsonLd[0]!.offers as Record<string, string>).availability).toBe('https://schema.org/OutOfStock')
    expect(after.tags.get('product:availability')).toBe('out of stock')
  })

  it("the gift finder and its answers: the answer's own title, a product's picture or a card", async () => {
    expectPreview((await head('/gift-finder')).tags, '/gift-finder')
    const url = '/gift-finder?who=colleague&age=adult&event=christmas&budget=under-10&interests=gaming'
    const { tags, canonical } = await head(url)
    expectPreview(tags, url)
    expect(tags.get('og:title')).toBe('Christmas gifts for your colleague who loves gaming, under £10 – Presently')
    expect(tags.get('og:description')).toMatch(
      /^\d+ gift ideas from £\d+\.\d\d to £\d+\.\d\d, each with the reason it fits\.$/,
    )
    expect(canonical).toEqual([`${ORIGIN}${url}`])
  })

  it('a collection', async () => {
    const { tags, canonical } = await head('/collections/secret-santa-gifts-under-10')
    expectPreview(tags, 'collection')
    expect(tags.get('og:title')).toBe('Secret Santa gifts under £10 – Presently')
    expect(canonical).toEqual([`${ORIGIN}/collections/secret-santa-gifts-under-10`])
  })

  it("a shared wish list: its name and the owner's first name, noindex, and no tag holds the token", async () => {
    const [owner] = await testDb.db
      .insert(users)
      .values({ email: 'alex.giver@example.com', emailConfirmedAt: new Date(), displayName: 'Alex Giver' })
      .returning()
    const caller = createCaller({
      db: testDb.db,
      user: { id: owner!.id, email: owner!.email, isStaff: false, isAdmin: false },
    })
    const list = await caller.wishLists.create({ name: 'Alex’s birthday list' })
    const { url: shareUrl } = await caller.wishLists.share({ id: list.id })
    const token = new URL(shareUrl, ORIGIN).pathname.split('/').at(-1)!
    expect(token.length).toBeGreaterThan(10)
    const { tags, canonical, body, doc } = await head(`/lists/shared/${token}`)
    expectPreview(tags, 'shared list')
    expect(tags.get('og:title')).toBe('Alex’s birthday list – Alex’s wish list on Presently')
    expect(tags.get('robots')).toBe('noindex, nofollow')
    expect(tags.has('og:url')).toBe(false)
    expect(canonical).toEqual([])
    // No attribute of any element of the head, and nothing in the page, holds the token.
    const headElements = findAll((e: Element) => e.name !== 'html', doc.children)
    for (const e of headElements) for (const value of Object.values(e.attribs)) expect(value).not.toContain(token)
    expect(body).not.toContain(token)
  })
})

describe('robots.txt and the sitemap (issue 40)', () => {
  it('robots.txt keeps crawlers out of private areas, shared lists and exchanges, and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/plain/)
    for (const line of [
      'Disallow: /my-account/',
      'Disallow: /lists/shared/',
      'Disallow: /exchanges/',
      'Disallow: /exchange/',
    ])
      expect(res.body).toContain(line)
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })

  it('/sitemap.xml is valid against the sitemaps protocol and lists categories, products and collections', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/xml/)
    const result = await validateXML({
      xml: { fileName: 'sitemap.xml', contents: res.body },
      schema: { fileName: 'sitemap.xsd', contents: schema },
    })
    expect(result.errors.map((e) => e.message)).toEqual([])
    expect(result.valid).toBe(true)
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(locs.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
    expect(locs).toContain(`${ORIGIN}/category/games`)
    expect(locs).toContain(`${ORIGIN}/collections/secret-santa-gifts-under-10`)
    expect(locs.filter((l) => l.startsWith(`${ORIGIN}/product/`)).length).toBeGreaterThan(7000)
    expect(locs.some((l) => l.includes('/lists/shared/'))).toBe(false)
    // The same bytes again while the catalog has not changed (kept per catalog version).
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toBe(res.body)
  })

  it('splits into an index of parts of at most 50,000 URLs each past that, every file valid', async () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({ path: `/product/${i + 1}`, lastmod: '2026-11-28' }))
    const files = sitemapFiles(ORIGIN, entries, { max: 3, lastmod: '2026-11-28' })
    expect([...files.keys()].sort()).toEqual(['/sitemap.xml', '/sitemaps/1.xml', '/sitemaps/2.xml', '/sitemaps/3.xml'])
    expect(files.get('/sitemap.xml')).toContain('<sitemapindex')
    for (const [name, xml] of files) {
      const result = await validateXML({
        xml: { fileName: name.slice(1).replace('/', '-'), contents: xml },
        schema: { fileName: 'sitemap.xsd', contents: schema },
      })
      expect(
        result.errors.map((e) => e.message),
        name,
      ).toEqual([])
    }
    expect(files.get('/sitemaps/3.xml')!.match(/<url>/g)).toHaveLength(1)
    // Under the limit there is one file, a urlset.
    expect([...sitemapFiles(ORIGIN, entries).keys()]).toEqual(['/sitemap.xml'])
  })

  it('draws a 1200x630 PNG card per category, and 404 for an unknown one', async () => {
    const res = await app.inject({ method: 'GET', url: '/og/games.png' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const png = res.rawPayload
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(1200)
    expect(png.readUInt32BE(20)).toBe(630)
    expect((await app.inject({ method: 'GET', url: '/og/not-a-category.png' })).statusCode).toBe(404)
  })
})
