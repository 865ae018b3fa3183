import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { registerStatic } from './static.ts'
import { composePage, createFirstView, FIRST_VIEW_CACHE_CONTROL, routeStylesheets } from './first-view.ts'

const indexHtml =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div></body></html>'

const manifest = {
  'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'], isEntry: true },
  'src/routes/product/$id.tsx?tsr-split=component': {
    file: 'assets/_id-2.js',
    imports: ['index.html', '_card-3.js'],
    dynamicImports: ['_banner-5.js'],
  },
  '_card-3.js': { file: 'assets/card-3.js', css: ['assets/card-3.css'], imports: ['_shared-4.js', 'index.html'] },
  '_shared-4.js': { file: 'assets/shared-4.js', css: ['assets/shared-4.css', 'assets/card-3.css'] },
  '_banner-5.js': { file: 'assets/banner-5.js', css: ['assets/banner-5.css'] },
}

/**
 * A stand-in for apps/web's server build: renders the URL it is given, what the app's own
 * /trpc/echo answered through the handed-in fetch (the page request's cookie), and the phone flag;
 * declines for a signed-in cookie, throws for /product/boom.
 */
const bundle = `
export async function renderFirstView({ url, origin, fetch, mobile }) {
  if (url.includes('boom')) throw new Error('render failed')
  const answer = await (await fetch(origin + '/trpc/echo?x=1')).json()
  if (answer.cookie.includes('session=')) return null
  return {
    html: '<title>Product Detail</title><main><h1>' + url + '</h1><p>' + answer.cookie + '|' + mobile + '</p></main>',
    stateScript: '<script type="application/json" id="first-view-state">{"queries":[]}</script>',
  }
}
`

let dir: string
let app: FastifyInstance

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'presently-first-view-'))
  const dist = path.join(dir, 'dist')
  await mkdir(path.join(dist, '.vite'), { recursive: true })
  await mkdir(path.join(dir, 'dist-ssr'))
  await writeFile(path.join(dist, 'index.html'), indexHtml)
  await writeFile(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest))
  await writeFile(path.join(dir, 'dist-ssr/entry-server.js'), bundle)
  app = Fastify({ logger: false })
  app.get('/trpc/echo', (request, reply) => reply.send({ cookie: request.headers.cookie ?? '' }))
  await registerStatic(app, dist, { firstView: createFirstView(app, dist, 'http://shop.test') })
})
afterAll(async () => {
  await app.close()
  await rm(dir, { recursive: true, force: true })
})

describe('first view (issue 24, LCP)', () => {
  it('serves a product page rendered by the web build, inert until the app takes over, brotli when accepted', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/product/42?person=1',
      headers: { 'accept-encoding': 'br, gzip', cookie: 'theme=x' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe(FIRST_VIEW_CACHE_CONTROL)
    const html = brotliDecompressSync(res.rawPayload).toString()
    expect(html).toContain(
      '<div id="root"><div inert aria-hidden="true"><main><h1>/product/42?person=1</h1><p>theme=x|false</p></main></div></div>' +
        '<script type="application/json" id="first-view-state">',
    )
    // The app is added after the first paint, by public/first-view.js.
    expect(html).toContain('<head><script src="/first-view.js" data-entry="/assets/index-1.js" defer></script>')
    expect(html).not.toContain('<script type="module"')
    // The title moves to the head, with the route's stylesheets after the entry's.
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/card-3.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/shared-4.css"><title>Product Detail</title></head>',
    )
  })

  it('renders the phone layout for a phone', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/product/42',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' },
    })
    expect(res.body).toContain('|true</p>')
  })

  it.each([
    ['a signed-in visitor (the render declines)', '/product/42', { cookie: 'session=abc' }],
    ['a failed render', '/product/boom', {}],
  ])('serves the plain app shell for %s', async (_case, url, headers) => {
    const res = await app.inject({ method: 'GET', url, headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(indexHtml)
  })

  it('leaves other client routes to the plain shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/my-account/profile' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(indexHtml)
  })
})

describe('routeStylesheets', () => {
  it("collects the CSS of a route's split chunk and its static imports, once, without the entry's or lazy chunks'", () => {
    expect(routeStylesheets(manifest, 'product/$id.tsx')).toEqual(['/assets/card-3.css', '/assets/shared-4.css'])
    expect(routeStylesheets(manifest, 'index.tsx')).toEqual([])
  })
})

describe('composePage', () => {
  it('needs the empty #root of the app shell', () => {
    expect(composePage('<html><body><div id="app"></div></body></html>', { html: '', stateScript: '' }, [])).toBeNull()
  })

  it('keeps "$" in the markup as it is', () => {
    const page = composePage('<head></head><div id="root"></div>', { html: '<p>$& $1 £5</p>', stateScript: '' }, [])
    expect(page).toContain('<p>$& $1 £5</p>')
  })
})

describe('kept pages (issue 24: one render per catalog version, not per visitor)', () => {
  /** Counts its renders (globalThis) and shows the count, so a kept page is told from a new one. */
  const countingBundle = `
export async function renderFirstView({ url, mobile }) {
  globalThis.__firstViewRenders = (globalThis.__firstViewRenders ?? 0) + 1
  return {
    html: '<title>Listing</title><main><h1>' + url + '</h1><p>render ' + globalThis.__firstViewRenders + '|' + mobile + '</p></main>',
    stateScript: '',
  }
}
`
  let keptDir: string
  let shop: FastifyInstance
  let version: string | undefined = '7'
  const renders = () => (globalThis as { __firstViewRenders?: number }).__firstViewRenders ?? 0
  const page = (url: string, headers: Record<string, string> = {}) => shop.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    keptDir = await mkdtemp(path.join(os.tmpdir(), 'presently-first-view-kept-'))
    const dist = path.join(keptDir, 'dist')
    await mkdir(path.join(dist, '.vite'), { recursive: true })
    await mkdir(path.join(keptDir, 'dist-ssr'))
    await writeFile(path.join(dist, 'index.html'), indexHtml)
    await writeFile(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest))
    await writeFile(path.join(keptDir, 'dist-ssr/entry-server.js'), countingBundle)
    shop = Fastify({ logger: false })
    // What the shop's plugins provide: the catalog version in memory and the signed-in user.
    shop.decorate('catalogVersion', {
      current: () => version,
      refresh: async () => {},
      lsnOf: () => undefined,
    })
    await registerStatic(shop, dist, { firstView: createFirstView(shop, dist, 'http://shop.test') })
  })
  afterAll(async () => {
    await shop.close()
    await rm(keptDir, { recursive: true, force: true })
  })

  it('renders a page once per catalog version and layout, for every visitor, in every encoding', async () => {
    const first = await page('/category/games', { 'accept-encoding': 'br' })
    const before = renders()
    const again = await page('/category/games', { 'accept-encoding': 'br' })
    const plain = await page('/category/games')
    const gzip = await page('/category/games', { 'accept-encoding': 'gzip' })
    expect(renders()).toBe(before)
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    // Another layout, another page; another URL, another page.
    expect((await page('/category/games', { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile/15E148' })).body).toContain(
      '|true</p>',
    )
    expect((await page('/category/toys')).body).toContain('<h1>/category/toys</h1>')
    expect(renders()).toBe(before + 2)
    // The catalog changed: rendered afresh, once.
    version = '8'
    const changed = await page('/category/games')
    expect(changed.body).not.toBe(plain.body)
    await page('/category/games')
    expect(renders()).toBe(before + 3)
  })

  it('renders every time for a caller with a session cookie, or while the catalog version is unknown', async () => {
    await page('/product/5')
    const start = renders()
    // (The page routes do not look the session up: the cookie alone decides; the web app's render
    // declines for a signed-in caller, who then gets the plain shell.)
    await page('/product/5', { cookie: 'theme=dark; session=abc' })
    await page('/product/5', { cookie: 'session=abc' })
    expect(renders()).toBe(start + 2)
    await page('/product/5', { cookie: 'theme=dark' })
    expect(renders()).toBe(start + 2)
    version = undefined
    await page('/product/6')
    await page('/product/6')
    expect(renders()).toBe(start + 4)
    version = '9'
  })
})
