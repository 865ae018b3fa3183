import type { FastifyReply } from 'fastify'

/**
 * Cache-Control of public catalog reads: shared caches and browsers may keep them for
 * `maxAgeSeconds` (default 300, the client's 5-minute freshness of spec browsing-and-purchase §9);
 * the ETag added by @fastify/etag lets them revalidate with a 304 afterwards.
 */
export function publicCache(reply: FastifyReply, maxAgeSeconds = 300): void {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`)
}

/** Always revalidate (ETag still gives a 304 when nothing changed). */
export function revalidate(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache')
}
