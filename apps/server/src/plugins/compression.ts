import type { FastifyInstance, onSendHookHandler } from 'fastify'
import fastifyCompress from '@fastify/compress'

/** API answers at least this big are compressed (bytes); a catalog listing page (~10 KB) is not. */
export const COMPRESS_THRESHOLD = 32 * 1024

/** Routes whose answers may be compressed here: the API's, never the built SPA's files. */
const isApiRoute = (url: string) => url.startsWith('/api/') || url.startsWith('/trpc')

/**
 * A compressed answer is another byte sequence than the JSON its ETag (@fastify/etag) was
 * computed on, so the ETag becomes weak (as nginx does): a strong validator may not name two
 * encodings (RFC 9110 §8.8.1). @fastify/etag matches W/"x" to "x", so revalidation still
 * answers 304.
 */
const weakenEtagOfCompressed: onSendHookHandler = (_request, reply, payload, done) => {
  const encoding = reply.getHeader('content-encoding')
  const etag = reply.getHeader('etag')
  if (encoding && encoding !== 'identity' && typeof etag === 'string' && !etag.startsWith('W/')) {
    void reply.header('etag', `W/${etag}`)
  }
  done(null, payload)
}

/**
 * Compresses big answers of /api and /trpc routes registered after this (issue 24: 2,000 liked
 * products are ~0.6 MB of JSON, 200 whole people ~0.3 MB): brotli quality 4 or gzip, as the
 * client accepts, through @fastify/compress, whose streams run in libuv's thread pool rather than
 * on the event loop. The SPA's files are left alone (compressed once at build time,
 * static-caching.md), as are answers under COMPRESS_THRESHOLD and request bodies (no
 * decompression). Register after @fastify/etag and before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // A route's options replace the plugin's defaults, not merge with the global ones: in full.
  const options = { threshold: COMPRESS_THRESHOLD, encodings: ['br' as const, 'gzip' as const] }
  // Runs before the plugin's own onRoute hook: API routes opt in, everything else stays out.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isApiRoute(route.url)) route.compress = { ...options }
  })
  await app.register(fastifyCompress, { ...options, global: false, globalDecompression: false })
  // Runs after the plugin's onRoute hook, so this onSend comes after its compressing one.
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.compress === false) return
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]
    route.onSend = [...existing, weakenEtagOfCompressed]
  })
}
