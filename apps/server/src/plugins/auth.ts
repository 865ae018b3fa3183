import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie'
import { validateSessionToken, type AuthPlumbing, type DataVersions, type SessionUser } from '@presently/api'
import type { Db } from '@presently/db'
import type { Mailer } from '@presently/email'
import type { RateLimits } from './security.ts'
import type { BackgroundWork } from './background.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of the "session" cookie, or null (set on /api and /trpc requests). */
    user: SessionUser | null
    /** sessions.id (hex SHA-256 of the cookie's token), or null. */
    sessionId: string | null
    /**
     * The signed-in user's data version and the catalog version, read with the session (issue
     * 24): the keys of the account answer cache (plugins/account-cache.ts). Null when anonymous.
     */
    dataVersions: DataVersions | null
  }
}

/** Name of the session cookie (Lucia guide: the token, never the stored id). */
export const SESSION_COOKIE = 'session'

export interface AuthOptions {
  db: Db
  appUrl: string
  mailer: Mailer
  rateLimit: RateLimits
  googleEnabled: boolean
  background: BackgroundWork
}

/** Cookie helpers that the REST routes share with the tRPC context. */
export interface SessionCookies {
  /** HttpOnly, SameSite=Lax, path /, Secure on https; other options (maxAge) may be added. */
  options: (extra?: CookieSerializeOptions) => CookieSerializeOptions
  set: (reply: FastifyReply, token: string, expiresAt: Date) => void
  clear: (reply: FastifyReply) => void
}

export interface Auth {
  cookies: SessionCookies
  providers: { google: boolean }
  /** The per-request plumbing the auth procedures and REST routes use. */
  plumbing: (request: FastifyRequest, reply: FastifyReply) => AuthPlumbing
}

/**
 * Whether a request is answered by an /api or /trpc route, judged on the route the router
 * matched (`/api/products/:id`, `/trpc/:path`), never on the raw URL: "/%61pi/auth/login" matches
 * the /api/auth/login route and so gets its session like the plain spelling
 * (docs/decisions/api-boundary.md). Unmatched URLs (the 404 handler) and static files have none.
 */
export function hasSession(request: FastifyRequest): boolean {
  const route = request.routeOptions.url
  return route !== undefined && (route.startsWith('/api/') || route.startsWith('/trpc/'))
}

/**
 * Reads the "session" cookie of every request an /api or /trpc route answers (see
 * {@link hasSession}) and sets request.user and request.sessionId (expired or unknown tokens
 * clear the cookie; a session used past half its life is extended and the cookie sent again).
 * Static files and the SPA skip the lookup.
 */
export async function registerAuth(app: FastifyInstance, options: AuthOptions): Promise<Auth> {
  const { db } = options
  const secure = new URL(options.appUrl).protocol === 'https:'
  await app.register(fastifyCookie)
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)
  app.decorateRequest('dataVersions', null)

  const cookies: SessionCookies = {
    options: (extra) => ({ path: '/', httpOnly: true, sameSite: 'lax', secure, ...extra }),
    set: (reply, token, expiresAt) =>
      void reply.setCookie(SESSION_COOKIE, token, cookies.options({ expires: expiresAt })),
    clear: (reply) => void reply.clearCookie(SESSION_COOKIE, cookies.options()),
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!hasSession(request)) return
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return
    const result = await validateSessionToken(db, token)
    if (!result) {
      cookies.clear(reply)
      return
    }
    request.user = result.user
    request.sessionId = result.session.id
    request.dataVersions = result.versions
    if (result.extended) cookies.set(reply, token, result.session.expiresAt)
  })

  return {
    cookies,
    providers: { google: options.googleEnabled },
    plumbing: (request, reply) => ({
      sessionId: request.sessionId,
      setSessionCookie: (token, expiresAt) => cookies.set(reply, token, expiresAt),
      clearSessionCookie: () => cookies.clear(reply),
      rateLimit: (action, email) => options.rateLimit.check(request, reply, action, email),
      recordLogin: (email, succeeded) => options.rateLimit.recordLogin(request, email, succeeded),
      loginNeedsCode: (email) => options.rateLimit.loginNeedsCode(request, email),
      mailer: options.mailer,
      afterResponse: options.background.run(request.log),
      appUrl: options.appUrl,
      providers: { google: options.googleEnabled },
    }),
  }
}
