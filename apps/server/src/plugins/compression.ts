import type { FastifyInstance } from 'fastify'
import fastifyCompress from '@fastify/compress'

/** JSON answers at least this big are compressed (bytes); a catalog listing page (~10 KB) is not. */
export const COMPRESS_THRESHOLD = 32 * 1024

/**
 * Compresses big JSON answers of /api and /trpc (issue 24: 2,000 liked products are ~0.6 MB of
 * JSON, 200 whole people ~0.3 MB): brotli quality 4 or gzip, as the client accepts, through
 * @fastify/compress, whose streams run in libuv's thread pool rather than on the event loop.
 * Only `application/json`: the built SPA is compressed once at build time (static-caching.md),
 * and answers under COMPRESS_THRESHOLD stay as they are (the headers would outweigh the saving).
 *
 * The ETag (@fastify/etag, registered before this) is computed on the JSON itself; a compressed
 * answer is another byte sequence, so its ETag is made weak here (as nginx does): a strong
 * validator may not name two encodings (RFC 9110 §8.8.1). @fastify/etag matches W/"x" to "x",
 * so revalidation still answers 304. Register after @fastify/etag.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    const encoding = reply.getHeader('content-encoding')
    const etag = reply.getHeader('etag')
    const json = /^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))
    if (json && encoding && encoding !== 'identity' && typeof etag === 'string' && !etag.startsWith('W/')) {
      reply.header('etag', `W/${etag}`)
    }
    return payload
  })
}
