import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyEtag from '@fastify/etag'
import { COMPRESS_THRESHOLD, registerCompression } from './compression.ts'

/** A JSON list of `n` liked-product-like rows (~150 bytes each). */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, productTitle: `Wooden train set number ${i}`, price: 24.99, tags: [] }))

let app: FastifyInstance
beforeAll(async () => {
  app = Fastify({ logger: false })
  await app.register(fastifyEtag)
  await registerCompression(app)
  app.get('/api/big', () => Promise.resolve(rows(2000)))
  app.get('/api/small', () => Promise.resolve(rows(150)))
  // Not an API route (the SPA's files are compressed at build time).
  app.get('/big.json', () => Promise.resolve(rows(2000)))
  await app.ready()
})
afterAll(async () => app.close())

describe('compression of big JSON answers (issue 24)', () => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ])(
    'sends %s to a client accepting "%s", with a weak ETag that still revalidates',
    async (encoding, accept, decode) => {
      const res = await app.inject({ url: '/api/big', headers: { 'accept-encoding': accept } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.vary).toMatch(/accept-encoding/i)
      expect(res.rawPayload.length).toBeLessThan(JSON.stringify(rows(2000)).length / 4)
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(rows(2000))
      const etag = String(res.headers.etag)
      expect(etag).toMatch(/^W\/"/)
      const again = await app.inject({ url: '/api/big', headers: { 'accept-encoding': accept, 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
    },
  )

  it('leaves answers under the threshold, clients without compression and non-API routes alone', async () => {
    const smallSize = JSON.stringify(rows(150)).length
    // Past @fastify/compress's own 1 KB default, under ours.
    expect(smallSize).toBeGreaterThan(1024 * 8)
    expect(smallSize).toBeLessThan(COMPRESS_THRESHOLD)
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.headers.etag).toMatch(/^"/)
    const plain = await app.inject({ url: '/api/big' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(rows(2000))
    const spaFile = await app.inject({ url: '/big.json', headers: { 'accept-encoding': 'br' } })
    expect(spaFile.headers['content-encoding']).toBeUndefined()
  })
})
