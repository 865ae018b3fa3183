import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Paths that carry a secret link's token: shared wish lists (issue 23), gift exchanges' personal
 * and join links (issue 36).
 */
const TOKEN_PATHS = [
  /^(\/api\/shared-lists\/)[^/?#]*/i,
  /^(\/lists\/shared\/)[^/?#]*/i,
  /^(\/api\/exchange-links\/)[^/?#]*/i,
  /^(\/api\/exchange-join\/)[^/?#]*/i,
  /^(\/exchange\/(?:join\/)?)[^/?#]*/i,
]
/** tRPC calls of the sharedLists and exchangeParticipants routers carry the token in their query string or body. */
const TRPC_SHARED = /^\/trpc\/[^?]*(sharedLists|exchangeParticipants)\./i

/** True for a request on a shared wish list: its page, its REST calls or its tRPC calls. */
export function isSharedListUrl(url: string): boolean {
  return TOKEN_PATHS.some((pattern) => pattern.test(url)) || TRPC_SHARED.test(url)
}

/**
 * A URL fit for the log (issue 23: "the token is never logged"): the token segment of
 * /api/shared-lists/{token}/... and /lists/shared/{token} becomes "[token]", and the query string
 * of a sharedLists tRPC call (whose ?input= holds the token) is dropped. Other URLs are unchanged.
 */
export function redactUrl(url: string): string {
  for (const pattern of TOKEN_PATHS) {
    if (pattern.test(url)) return url.replace(pattern, '$1[token]').replace(/\?.*$/, '')
  }
  if (TRPC_SHARED.test(url)) return url.replace(/\?.*$/, '')
  return url
}

/**
 * The request serializer of the shop's logger: Fastify's own fields, with the URL redacted
 * (see redactUrl).
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/**
 * Shared wish lists keep their link to themselves (issue 23): every answer on one (the SPA page
 * /lists/shared/{token}, the /api/shared-lists calls, the sharedLists tRPC calls) says
 * `Referrer-Policy: no-referrer` (no link out of the page carries the token to another site)
 * and `X-Robots-Tag: noindex, nofollow` (a link that leaks is still not indexed).
 */
export function registerSharedListPrivacy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isSharedListUrl(request.url)) {
      void reply.header('referrer-policy', 'no-referrer')
      void reply.header('x-robots-tag', 'noindex, nofollow')
      void reply.header('cache-control', 'no-store')
    }
    done(null, payload)
  })
}
