import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import helmet from 'helmet'
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import type { RateLimitedAction } from '@presently/api'
import type { Db } from '@presently/db'
import { postgresRateLimitStore, sweepRateLimitCounters } from './rate-limit-store.ts'

export interface SecurityOptions {
  /** Where the rate-limit counters live, shared by every instance (rate-limit-store.ts). */
  db: Db
  /** APP_URL: its origin is the shop's own; https turns on HSTS and upgrade-insecure-requests. */
  appUrl: string
  rateLimits: {
    /** Attempts per IP and call per window (AUTH_RATE_LIMIT_IP_MAX). */
    ipMax: number
    /** Attempts per email and call per window (AUTH_RATE_LIMIT_EMAIL_MAX). */
    emailMax: number
    windowMs: number
  }
}

/** Counts one attempt of `action` by this request (and this email); throws AppError 429 past a limit. */
export type RateLimit = (
  request: FastifyRequest,
  reply: FastifyReply,
  action: RateLimitedAction,
  email?: string,
) => Promise<void>

const RATE_LIMITED_ACTIONS: readonly RateLimitedAction[] = [
  'login',
  'register',
  'resend-confirmation',
  'forgot-password',
  'reset-password',
]
/** Methods that change nothing (RFC 9110 §9.2.1); every other method is a write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The key a limiter counts under, carried on a request view (see `limit` below). */
const RATE_KEY = Symbol('rateLimitKey')

/**
 * Security headers, the cross-site write check and the auth rate limits
 * (docs/decisions/csrf.md, docs/decisions/rate-limits.md).
 * @returns the rate-limit check that the REST routes and the tRPC procedures call.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<RateLimit> {
  const appOrigin = new URL(options.appUrl).origin
  const https = appOrigin.startsWith('https:')

  // helmet's middleware is made once here and runs on every answer. (@fastify/helmet called
  // helmet() again on every request, parsing the CSP each time: 4% of a signed-in read's CPU.)
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // JSON-LD <script type="application/ld+json"> is data, not script: 'self' is enough.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product images come from merchants' hosts.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The installable app's service worker (/sw.js) and manifest (issue 24); both same-origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // Matches frame-ancestors 'none' for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
    // HSTS only means something on https; on http://localhost it would only confuse.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })
  app.addHook('onRequest', (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  )

  // Writes from another site's page are refused. SameSite=Lax already keeps the session cookie
  // off cross-site POSTs; this also covers browsers and paths where it would not. The check
  // looks at the method alone, never at the path: every write to any URL, however it is
  // spelled ("/%61pi/...", "/API/...", "/trpc/..."), is checked (docs/decisions/csrf.md).
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') return refuse(reply)
      return
    }
    // The request's own host counts too (the Vite dev server on :5173 proxies with its Host).
    const ownOrigin = `${request.protocol}://${request.host}`
    if (origin !== appOrigin && origin !== ownOrigin) return refuse(reply)
  })

  // Counters in PostgreSQL: two instances behind a proxy count against the same limits.
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(options.db) })
  const sweep = setInterval(() => {
    sweepRateLimitCounters(options.db).catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'))
  }, 60_000)
  sweep.unref()
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep)
    done()
  })
  const { ipMax, emailMax, windowMs } = options.rateLimits
  const keyOf = (request: FastifyRequest) => (request as FastifyRequest & { [RATE_KEY]: string })[RATE_KEY]
  const byIp = app.createRateLimit({ max: ipMax, timeWindow: windowMs, keyGenerator: keyOf })
  const byEmail = app.createRateLimit({ max: emailMax, timeWindow: windowMs, keyGenerator: keyOf })

  /** Runs one limiter under `key`; the limiter reads the key from a view of the request. */
  async function limit(limiter: typeof byIp, request: FastifyRequest, reply: FastifyReply, key: string) {
    const view = Object.create(request, { [RATE_KEY]: { value: key } }) as FastifyRequest
    const result = await limiter(view)
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', result.ttlInSeconds)
      throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts)
    }
  }

  return async (request, reply, action, email) => {
    if (!RATE_LIMITED_ACTIONS.includes(action)) throw new Error(`unknown rate-limited action ${action}`)
    await limit(byIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
    if (email) await limit(byEmail, request, reply, `email:${action}:${email.trim().toLowerCase()}`)
  }
}

function refuse(reply: FastifyReply) {
  return reply.status(403).send({ success: false, message: AUTH_MESSAGES.crossSiteRefused })
}
