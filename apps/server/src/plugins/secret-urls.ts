import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { LoggerOptions } from 'pino'
import { fullyDecode, hasNamedSecret, isSecretName, redactLogLine, redactUrl } from '@presently/api'

/**
 * Secret links in URLs (issue 41, findings 1 and 2; docs/decisions/secret-links.md). One rule,
 * `redactUrl` of packages/api (token shape, secret names), applied to the URL as the router reads
 * it (percent-decoded) plus the route parameters the router matched, decides both what the log
 * shows and which answers are kept private. No route is registered here: a new secret link is
 * covered by its token's shape and by naming its parameter `token`.
 */

const logged = new WeakMap<FastifyRequest, string>()

/** The values of the matched route's parameters whose names say secret (`:token`, `:joinToken`). */
function secretParams(request: FastifyRequest): string[] {
  const params = request.params
  if (typeof params !== 'object' || params === null) return []
  return Object.entries(params as Record<string, unknown>)
    .filter(([name, value]) => isSecretName(name) && typeof value === 'string')
    .map(([, value]) => value as string)
}

/** The request's URL as the log shows it: decoded, every secret replaced (computed once per request). */
export function urlForLog(request: FastifyRequest): string {
  let url = logged.get(request)
  if (url === undefined) {
    url = redactUrl(request.url, secretParams(request))
    logged.set(request, url)
  }
  return url
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's URL never carries a secret (a public catalog page): a token-shaped part of it
     * (a 22-character category slug) does not make its answer private. The name rule still
     * applies. Routes with `publicRead` count as such too.
     */
    noSecrets?: boolean
  }
}

function bodyHoldsSecret(body: unknown): boolean {
  if (typeof body === 'string') return hasNamedSecret(body.slice(0, 65_536))
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  return Object.keys(body).some((key) => key !== 'password' && isSecretName(key))
}

/**
 * True when the request carries a secret, so its answer must keep it (issue 41, finding 2):
 * - a secret-named route parameter (`:token`) as matched, in whatever spelling it arrived;
 * - a secret-named query parameter or tRPC input key ("?token=", `{"token": ...}`) or body key
 *   (a tRPC claim on a shared list; a sign-in form's password does not count);
 * - a token-shaped part of the decoded URL (the shape rule of redactUrl), except on routes that
 *   declare `noSecrets` or `publicRead` (catalog pages and reads, where it is a long slug).
 *   Unmatched URLs (the SPA's /lists/shared/{token}, "//api/...", "/lists%2Fshared/...") get it.
 */
export function holdsSecret(request: FastifyRequest): boolean {
  if (secretParams(request).some((value) => value !== '')) return true
  const decoded = fullyDecode(request.url)
  const queryAt = decoded.indexOf('?')
  if (queryAt !== -1 && hasNamedSecret(decoded.slice(queryAt))) return true
  if (bodyHoldsSecret(request.body)) return true
  const config = request.routeOptions.config as { noSecrets?: boolean; publicRead?: boolean } | undefined
  if (config?.noSecrets || config?.publicRead) return false
  return urlForLog(request) !== decoded
}

/** The request serializer of the shop's logger: Fastify's own fields, the URL as urlForLog gives it. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/**
 * pino hooks of every logger of the shop (the app's and the primary process's): each line is
 * passed through `redactLogLine` before it is written, so a token that reaches the log by any
 * other way (Fastify's "Route ... not found", an error quoting its input, a mail's link) is
 * cut out there too.
 */
export const LOG_HOOKS: NonNullable<LoggerOptions['hooks']> = { streamWrite: redactLogLine }

/**
 * Answers to requests that carry a secret (holdsSecret) keep it to themselves, whatever the
 * spelling of their URL (issue 23, issue 41 finding 2): `Referrer-Policy: no-referrer` (no link
 * out of the page carries the token to another site), `X-Robots-Tag: noindex, nofollow` (a link
 * that leaks is still not indexed) and `Cache-Control: no-store` (no shared or disk cache keeps it).
 */
export function registerSecretUrlPrivacy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (holdsSecret(request)) {
      void reply.header('referrer-policy', 'no-referrer')
      void reply.header('x-robots-tag', 'noindex, nofollow')
      void reply.header('cache-control', 'no-store')
    }
    done(null, payload)
  })
}
