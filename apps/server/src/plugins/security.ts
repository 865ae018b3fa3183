import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import helmet from 'helmet'
import { LRUCache } from 'lru-cache'
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import type { RateLimitedAction } from '@presently/api'
import type { Db } from '@presently/db'
import {
  clearCount,
  countHit,
  currentCount,
  postgresRateLimitStore,
  sweepRateLimitCounters,
} from './rate-limit-store.ts'

export interface SecurityOptions {
  /** Where the rate-limit counters live, shared by every instance (rate-limit-store.ts). */
  db: Db
  /** APP_URL: its origin is the shop's own; https turns on HSTS and upgrade-insecure-requests. */
  appUrl: string
  rateLimits: {
    /** Attempts per IP and call per window (AUTH_RATE_LIMIT_IP_MAX). */
    ipMax: number
    /**
     * Attempts per email and call per window (AUTH_RATE_LIMIT_EMAIL_MAX); for sign-in, failed
     * attempts per (IP, email).
     */
    emailMax: number
    /**
     * Failed sign-ins per email from all IPs per window past which a sign-in also needs an emailed
     * one-time code (AUTH_LOGIN_EMAIL_FAILURE_MAX, issue 41).
     */
    loginEmailFailureMax: number
    windowMs: number
    /** Calls on a shared wish list's token per IP per minute (SHARED_LIST_RATE_LIMIT_PER_MINUTE, issue 23). */
    sharedListMax: number
    /** Guests' claims and pledges per IP per window (GUEST_RATE_LIMIT_IP_MAX, issue 37). */
    guestIpMax?: number
    /** Guests' claims and pledges per email per window (GUEST_RATE_LIMIT_EMAIL_MAX, issue 37). */
    guestEmailMax?: number
    /** Gift exchanges (issue 36): joins by a join link per IP per hour (EXCHANGE_JOIN_RATE_LIMIT_PER_HOUR). */
    exchangeJoinMax?: number
    /** Gift exchanges: questions, answers and notes per IP per hour (EXCHANGE_MESSAGE_RATE_LIMIT_PER_HOUR). */
    exchangeMessageMax?: number
    /** Gift-finder answers per IP per minute (GIFT_FINDER_RATE_LIMIT_PER_MINUTE, issue 40); absent: 60. */
    giftFinderMax?: number
  }
}

/** The rate limits the auth routes and procedures use (see {@link registerSecurity}). */
export interface RateLimits {
  check: RateLimit
  /** Sign-in outcome: a success clears the (IP, email) count, a failure adds to the email's failures. */
  recordLogin: (request: FastifyRequest, email: string, succeeded: boolean) => Promise<void>
  /**
   * Whether this sign-in must also give an emailed one-time code: the email's failures from all
   * IPs in the window are past loginEmailFailureMax and the request is not the user's own
   * signed-in device (issue 41).
   */
  loginNeedsCode: (request: FastifyRequest, email: string) => Promise<boolean>
}

/**
 * Counts one attempt of `action` by this request (and this email); throws AppError 429 past a
 * limit. Sign-in: per IP and per (IP, email) (the latter not for the user's own signed-in device).
 */
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
  'shared-list',
  'guest-claim',
  'guest-link',
  'exchange-link',
  'exchange-page',
  'exchange-join',
  'exchange-message',
  'gift-finder',
]
/**
 * Browser features the shop never uses, off for its pages and anything they embed (issue 25):
 * no camera, microphone, location, payment request or device access. Only features Chromium
 * knows, so the console stays free of "Unrecognized feature" warnings.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'

/** Addresses whose page reads are counted in this process at once (a flood from more only resets the oldest counts). */
const LOCAL_COUNTERS = 50_000

/**
 * A fixed-window count per key held in this process only: `hit(key)` counts one call and
 * answers whether it is within `max` per `windowMs`, and if not the seconds until the window
 * ends. For issue 36's participant page, whose reads are too frequent for a shared upsert each
 * and whose 128-bit tokens cannot be guessed (docs/decisions/rate-limits.md "The participant's
 * page: counted in each instance").
 */
export function localRateLimit(max: number, windowMs: number) {
  const counts = new LRUCache<string, { count: number; endsAt: number }>({ max: LOCAL_COUNTERS })
  return (key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } => {
    let entry = counts.get(key)
    if (!entry || entry.endsAt <= now) {
      entry = { count: 0, endsAt: now + windowMs }
      counts.set(key, entry)
    }
    entry.count++
    return { allowed: entry.count <= max, retryAfterSeconds: Math.max(1, Math.ceil((entry.endsAt - now) / 1000)) }
  }
}

/** Methods that change nothing (RFC 9110 §9.2.1); every other method is a write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The key a limiter counts under, carried on a request view (see `limit` below). */
const RATE_KEY = Symbol('rateLimitKey')

/**
 * Security headers, the cross-site write check and the auth rate limits
 * (docs/decisions/csrf.md, docs/decisions/rate-limits.md).
 * @returns the rate-limit check that the REST routes and the tRPC procedures call, and the
 *   sign-in outcome recorder.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<RateLimits> {
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
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY)
    applySecurityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined))
  })

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
  const { ipMax, emailMax, loginEmailFailureMax, windowMs } = options.rateLimits
  const { db } = options
  const keyOf = (request: FastifyRequest) => (request as FastifyRequest & { [RATE_KEY]: string })[RATE_KEY]
  const byIp = app.createRateLimit({ max: ipMax, timeWindow: windowMs, keyGenerator: keyOf })
  const byEmail = app.createRateLimit({ max: emailMax, timeWindow: windowMs, keyGenerator: keyOf })
  // Shared wish lists (issue 23): a page and its claims make a few calls a minute; guessing
  // 128-bit tokens is hopeless anyway, this keeps a scraper or a flood off the database.
  const bySharedListIp = app.createRateLimit({
    max: options.rateLimits.sharedListMax,
    timeWindow: 60_000,
    keyGenerator: keyOf,
  })

  // The participant's page of a gift exchange (issue 36): the same limit, counted in this process
  // (rate-limits.md "The participant's page: counted in each instance").
  const byExchangePageIp = localRateLimit(options.rateLimits.sharedListMax, 60_000)

  // The gift finder (issue 40): public and uncached per question at first, so per IP per minute.
  const byFinderIp = app.createRateLimit({
    max: options.rateLimits.giftFinderMax ?? 60,
    timeWindow: 60_000,
    keyGenerator: keyOf,
  })
  // Guests (issue 37): claims and pledges per IP and per email address; the confirmation and
  // personal links per IP (the auth calls' limit). Counted in PostgreSQL like the rest.
  const byGuestIp = app.createRateLimit({
    max: options.rateLimits.guestIpMax ?? 30,
    timeWindow: windowMs,
    keyGenerator: keyOf,
  })
  const byGuestEmail = app.createRateLimit({
    max: options.rateLimits.guestEmailMax ?? 20,
    timeWindow: windowMs,
    keyGenerator: keyOf,
  })
  const byGuestLinkIp = app.createRateLimit({ max: Math.max(ipMax, 30), timeWindow: windowMs, keyGenerator: keyOf })
  // Gift exchanges (issue 36): every call on a personal or join link counts like a shared list's;
  // joins and messages have hourly limits of their own, shared by every instance (the store).
  const byExchangeJoinIp = app.createRateLimit({
    max: options.rateLimits.exchangeJoinMax ?? 20,
    timeWindow: 3_600_000,
    keyGenerator: keyOf,
  })
  const byExchangeMessageIp = app.createRateLimit({
    max: options.rateLimits.exchangeMessageMax ?? 60,
    timeWindow: 3_600_000,
    keyGenerator: keyOf,
  })

  /** Runs one limiter under `key`; the limiter reads the key from a view of the request. */
  async function limit(limiter: typeof byIp, request: FastifyRequest, reply: FastifyReply, key: string) {
    const view = Object.create(request, { [RATE_KEY]: { value: key } }) as FastifyRequest
    const result = await limiter(view)
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', result.ttlInSeconds)
      throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts)
    }
  }

  const normal = (email: string) => email.trim().toLowerCase()
  const ipEmailKey = (request: FastifyRequest, email: string) =>
    `ip-email:login:${normalizeIP(request.ip)}:${normal(email)}`
  /** The request's own valid session is the account's: the user's own device (issue 25). */
  const ownDevice = (request: FastifyRequest, email: string) =>
    request.user !== null && normal(request.user.email) === normal(email)

  const check: RateLimit = async (request, reply, action, email) => {
    if (!RATE_LIMITED_ACTIONS.includes(action)) throw new Error(`unknown rate-limited action ${action}`)
    if (action === 'shared-list' || action === 'exchange-link')
      return limit(bySharedListIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
    if (action === 'exchange-page') {
      const { allowed, retryAfterSeconds } = byExchangePageIp(`ip:${action}:${normalizeIP(request.ip)}`)
      if (allowed) return
      void reply.header('retry-after', retryAfterSeconds)
      throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts)
    }
    if (action === 'gift-finder') return limit(byFinderIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
    if (action === 'guest-link') return limit(byGuestLinkIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
    if (action === 'guest-claim') {
      await limit(byGuestIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
      if (email) await limit(byGuestEmail, request, reply, `email:${action}:${normal(email)}`)
      return
    }
    if (action === 'exchange-join')
      return limit(byExchangeJoinIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
    if (action === 'exchange-message')
      return limit(byExchangeMessageIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
    await limit(byIp, request, reply, `ip:${action}:${normalizeIP(request.ip)}`)
    if (!email) return
    if (action !== 'login') {
      await limit(byEmail, request, reply, `email:${action}:${normal(email)}`)
      return
    }
    // Sign-in (issue 25): the short limit counts per (IP, email), so a stranger elsewhere
    // cannot use it up; a correct password clears it (recordLogin). The user's own signed-in
    // device skips it. Failures across IPs never refuse: past a threshold they ask for a code
    // (loginNeedsCode, issue 41).
    if (ownDevice(request, email)) return
    await limit(byEmail, request, reply, ipEmailKey(request, email))
  }

  const failuresKey = (email: string) => `email-failures:login:${normal(email)}`
  const recordLogin: RateLimits['recordLogin'] = async (request, email, succeeded) => {
    if (succeeded) return clearCount(db, ipEmailKey(request, email))
    // Failures of this email from every IP (issue 25); past the threshold a sign-in also needs
    // an emailed code (issue 41). A success does not clear them: the attack goes on.
    await countHit(db, failuresKey(email), windowMs)
  }

  const loginNeedsCode: RateLimits['loginNeedsCode'] = async (request, email) =>
    !ownDevice(request, email) && (await currentCount(db, failuresKey(email))) > loginEmailFailureMax

  return { check, recordLogin, loginNeedsCode }
}

function refuse(reply: FastifyReply) {
  return reply.status(403).send({ success: false, message: AUTH_MESSAGES.crossSiteRefused })
}
