import { mkdtemp, writeFile, mkdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { registerStatic } from './static.ts'

const indexHtml = '<!doctype html><div id="root"></div>' + '<!-- padding -->'.repeat(100)
const appJs = 'console.log("presently");\n'.repeat(200)

/** Writes `name` and, like the build (vite.config.ts), its .br and .gz beside it. */
async function writeCompressed(name: string, text: string) {
  await writeFile(name, text)
  await writeFile(`${name}.br`, brotliCompressSync(text))
  await writeFile(`${name}.gz`, gzipSync(text))
}

let dir: string
let app: FastifyInstance

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'presently-static-'))
  await mkdir(path.join(dir, 'assets'))
  await writeCompressed(path.join(dir, 'index.html'), indexHtml)
  await writeCompressed(path.join(dir, 'assets', 'app-1a2b3c.js'), appJs)
  await writeFile(path.join(dir, 'assets', 'tiny-4d5e6f.js'), 'console.log(1)')
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeCompressed(path.join(dir, 'sw.js'), appJs)
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Presently"}')
  app = Fastify({ logger: false })
  await registerStatic(app, dir)
})
afterAll(async () => {
  await app.close()
  await rm(dir, { recursive: true, force: true })
})

describe('SPA serving', () => {
  it('serves hashed assets with a year of immutable caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.body).toBe(appJs)
  })

  it.each([
    ['/sw.js', /javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ])('serves the installable app file %s unhashed, revalidated every time (issue 24)', async (url, type) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(type)
    // A service worker cached for a year would pin every visitor to an old build.
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers.etag).toBeTruthy()
  })

  it.each([
    ['br', 'gzip, deflate, br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', 'gzip, deflate', (b: Buffer) => gunzipSync(b)],
    ['gzip', 'br;q=0, gzip', (b: Buffer) => gunzipSync(b)],
  ])('sends the prebuilt %s file to a client accepting "%s"', async (encoding, accept, decode) => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': accept },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(res.headers['content-length'])).toBeLessThan(appJs.length / 4)
    expect(decode(res.rawPayload).toString()).toBe(appJs)
  })

  it('sends the plain file to a client accepting no encoding, and when no compressed file exists', async () => {
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(appJs)
    const tiny = await app.inject({
      method: 'GET',
      url: '/assets/tiny-4d5e6f.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(tiny.statusCode).toBe(200)
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body).toBe('console.log(1)')
  })

  it.each(['/', '/index.html', '/category/hobbies'])(
    'revalidates index.html at %s: no-cache, an ETag, 304 when unchanged, brotli when accepted',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml)
      const etag = res.headers.etag as string
      expect(etag).toBeTruthy()
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag },
      })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      // Another encoding is another entity: its own ETag.
      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(gzip.headers.etag).not.toBe(etag)
    },
  )

  it('revalidates files outside /assets (no hash in their names)', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers.etag).toBeTruthy()
  })
  it('falls back to index.html for client routes, whatever the Accept header', async () => {
    for (const url of ['/', '/category/hobbies', '/product/4824126136?person=1']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(indexHtml)
    }
  })
  it('serves files added after start (a rebuilt dist)', async () => {
    await writeFile(path.join(dir, 'assets', 'new.js'), 'console.log(2)')
    expect((await app.inject({ method: 'GET', url: '/assets/new.js' })).statusCode).toBe(200)
  })
  it('answers 404 for a missing asset and an unknown API path', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404)
    const api = await app.inject({ method: 'GET', url: '/api/unknown' })
    expect(api.statusCode).toBe(404)
    expect(api.json().success).toBe(false)
  })
})
