import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import { ReplicaSet, type Db } from '@presently/db'
import type { MailTransport } from '@presently/email'
import { envDefaults, type Env } from './env.ts'
import { registerErrorHandler } from './plugins/errors.ts'
import { errorForLog } from './plugins/log-errors.ts'
import { registerTrpc } from './plugins/trpc.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerMail } from './plugins/mail.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerHealth } from './plugins/health.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerAccountCache } from './plugins/account-cache.ts'
import { registerPublicReadCache } from './plugins/public-read-cache.ts'
import { registerReplicaReads } from './plugins/replica-reads.ts'
import { onCloseWithin } from './plugins/bounded-close.ts'
import { registerBackgroundWork } from './plugins/background.ts'
import { registerAuthRoutes } from './rest/auth.ts'
import { registerGoogleRoutes } from './rest/google.ts'
import { registerUserRoutes } from './rest/user.ts'
import { registerOutboxPage } from './rest/outbox.ts'
import { registerStatic } from './plugins/static.ts'
import { createFirstView } from './plugins/first-view.ts'
import { registerSeo } from './plugins/seo.ts'
import { registerProductRoutes } from './rest/products.ts'
import { registerCatalogRoutes, registerVariantRoutes } from './rest/catalog.ts'
import { registerPeopleAndEventsRoutes } from './rest/people.ts'
import { registerLikeRoutes } from './rest/likes.ts'
import { registerOrderRoutes } from './rest/orders.ts'
import { registerGiftRoutes } from './rest/gifts.ts'
import { registerProductDisableRoutes } from './rest/product-disable.ts'
import { registerRecommendationRoutes } from './rest/recommendations.ts'
import { registerJobRoutes } from './rest/jobs.ts'
import { registerWishListRoutes } from './rest/wish-lists.ts'
import { registerGiftFinderRoutes } from './rest/gift-finder.ts'
import { LOG_HOOKS, registerSecretUrlPrivacy, serializeRequest } from './plugins/secret-urls.ts'
import { registerReminderRoutes } from './rest/reminders.ts'
import { registerExchangeRoutes } from './rest/exchanges.ts'
import { registerPriceRoutes } from './rest/prices.ts'
import { registerPrices } from './plugins/prices.ts'
import { registerJobs } from './plugins/jobs.ts'
import { createGuestCookies } from './plugins/guest-cookie.ts'
import { registerGuestRoutes } from './rest/guests.ts'
import { LLM_DEFAULTS, type LlmConfig } from '@presently/api'
import fastifyEtag from '@fastify/etag'
import { createOutsideFetcher, testOnlyAllowList, type OutsideFetcher } from '@presently/outside-fetch'
import { registerLinkPreviewRoutes } from './rest/link-previews.ts'

/**
 * The shop's one guarded outside fetcher (issue 38, docs/decisions/outside-fetch.md), its
 * User-Agent naming the shop. OUTSIDE_FETCH_TEST_ORIGINS (never in production: env.ts) opens the
 * e2e fixture shop, with a warning in the log.
 */
function createShopFetcher(app: FastifyInstance, env: Pick<Env, 'APP_URL' | 'OUTSIDE_FETCH_TEST_ORIGINS'>) {
  const origins = env.OUTSIDE_FETCH_TEST_ORIGINS
  if (origins.length > 0) app.log.warn(`outside fetches may reach test origins ${origins.join(', ')} (tests only)`)
  return createOutsideFetcher({
    userAgent: `PresentlyBot/1.0 (+${new URL(env.APP_URL).origin}/; link previews)`,
    testAllowList: origins.length > 0 ? testOnlyAllowList(origins) : undefined,
  })
}

/**
 * The logger options with the log-safe `err` serializer (plugins/log-errors.ts, issue 25): no
 * query parameter values in the log; and every line through the secret rule (LOG_HOOKS,
 * issue 41). `false` (tests) stays off.
 */
function withSafeErrors(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object') return logger
  return {
    ...logger,
    hooks: { ...logger.hooks, ...LOG_HOOKS },
    serializers: { ...logger.serializers, err: errorForLog },
  }
}

/**
 * TRUST_PROXY (env.ts parseTrustProxy) as Fastify's trustProxy option (issue 41). A hop count
 * becomes proxy-addr's trust function "the first n addresses, the connection's own first"
 * (Express's meaning): Fastify 5.12 takes a bare number to mean "trust nothing", because a count
 * cannot tell a proxy from a client that connects directly (README "Configuration").
 */
export function trustProxyOption(value: Env['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value
  const hops = value
  return (_address: string, hop: number) => hop < hops
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist')

export interface BuildAppOptions {
  /** APP_URL and LOG_LEVEL are required; every other setting falls back to its env.ts default. */
  env: Pick<Env, 'APP_URL' | 'LOG_LEVEL'> & Partial<Omit<Env, 'APP_URL' | 'LOG_LEVEL'>>
  db: Db
  logger?: FastifyServerOptions['logger']
  /** Replaces SMTP delivery (tests). */
  mailTransport?: MailTransport
  /**
   * Runs the Agenda scheduler of the email campaigns on this postgres:// URL (server.ts), and the
   * feed refreshes' imports in a child process on it; unset: no scheduler, imports in this process.
   */
  jobsDatabaseUrl?: string
  /** Called for every route as it is registered (tests enumerate the route table with it). */
  onRoute?: (route: RouteOptions) => void
  /** Replaces the guarded outside fetcher of link previews (tests: a fixture DNS, an allow-list). */
  outsideFetcher?: OutsideFetcher
}

/**
 * Builds the Fastify app from its plugins; server.ts boots it, tests inject() into it.
 * The database arrives from outside so tests can hand in their own.
 */
export async function buildApp({
  env: given,
  db,
  logger,
  mailTransport,
  onRoute,
  jobsDatabaseUrl,
  outsideFetcher,
}: BuildAppOptions): Promise<FastifyInstance> {
  const env = { ...envDefaults(), ...given }
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000
  // Errors go through the log-safe serializer (issue 25); request URLs through urlForLog and every
  // line through redactLogLine, so the log never holds a secret link's token (issues 23, 41).
  const safeLogger = withSafeErrors(logger ?? { level: env.LOG_LEVEL })
  const app = Fastify({
    logger:
      typeof safeLogger === 'object'
        ? { ...safeLogger, serializers: { req: serializeRequest, ...safeLogger.serializers } }
        : safeLogger,
    routerOptions: { maxParamLength: 500 },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // A client gets REQUEST_TIMEOUT_SECONDS for its headers and body together; Node checks open
    // connections every second (default 30 s), so a slow drip is cut within a second of the
    // limit, with a 408 (issue 25, docs/decisions/request-timeouts.md).
    requestTimeout,
    http: { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: 1000 },
  })
  if (onRoute) app.addHook('onRoute', onRoute)
  registerSecretUrlPrivacy(app)
  registerErrorHandler(app)
  // Before any route: the zod validator and serializer, and the OpenAPI document of /api/*.
  await registerOpenApi(app, { appUrl: env.APP_URL })
  const rateLimit = await registerSecurity(app, {
    db,
    appUrl: env.APP_URL,
    rateLimits: {
      ipMax: env.AUTH_RATE_LIMIT_IP_MAX,
      emailMax: env.AUTH_RATE_LIMIT_EMAIL_MAX,
      loginEmailFailureMax: env.AUTH_LOGIN_EMAIL_FAILURE_MAX,
      windowMs: env.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
      sharedListMax: env.SHARED_LIST_RATE_LIMIT_PER_MINUTE,
      guestIpMax: env.GUEST_RATE_LIMIT_IP_MAX,
      guestEmailMax: env.GUEST_RATE_LIMIT_EMAIL_MAX,
      exchangeJoinMax: env.EXCHANGE_JOIN_RATE_LIMIT_PER_HOUR,
      exchangeMessageMax: env.EXCHANGE_MESSAGE_RATE_LIMIT_PER_HOUR,
      giftFinderMax: env.GIFT_FINDER_RATE_LIMIT_PER_MINUTE,
    },
  })
  const mailer = registerMail(app, { db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, transport: mailTransport })
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : undefined
  const llm: LlmConfig | undefined =
    env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY,
          model: env.LLM_MODEL,
          timeoutMs: env.LLM_TIMEOUT_MS,
          temperature: LLM_DEFAULTS.temperature,
          maxTokens: LLM_DEFAULTS.maxTokens,
        }
      : undefined
  const background = registerBackgroundWork(app)
  const auth = await registerAuth(app, {
    db,
    appUrl: env.APP_URL,
    mailer,
    rateLimit,
    googleEnabled: !!google,
    background,
  })

  // Read replicas (issue 42): checked every 500 ms; dropping and taking one back are logged.
  const replicas =
    env.DATABASE_REPLICA_URLS.length > 0
      ? new ReplicaSet({
          primary: db,
          urls: env.DATABASE_REPLICA_URLS,
          maxLagSeconds: env.REPLICA_MAX_LAG_SECONDS,
          onChange: (status) =>
            status.inUse
              ? app.log.info({ replica: status }, `replicas: ${status.name} in use again`)
              : app.log.warn({ replica: status }, `replicas: ${status.name} dropped: ${status.reason ?? ''}`),
          onError: (err) => app.log.warn({ err }, 'replicas: could not read the primary position'),
        })
      : undefined
  if (replicas) onCloseWithin(app, 'the read replicas', () => replicas.close())

  await registerHealth(app, { db, replicas })

  // Strong ETags on every response; a matching If-None-Match gets a 304 (public catalog reads).
  await app.register(fastifyEtag)
  // Big JSON answers (2,000 liked products, 200 people) compressed off the event loop (issue 24).
  await registerCompression(app)
  // Signed-in answers kept per user and data version, JSON and compressed bytes (issue 24).
  registerAccountCache(app, { maxBytes: env.ACCOUNT_CACHE_MB * 1024 * 1024 })
  // Public catalog answers kept as bytes per catalog version (held in memory by LISTEN) and URL.
  const catalogVersion = registerPublicReadCache(app, { db, maxBytes: env.PUBLIC_READ_CACHE_MB * 1024 * 1024 })
  // Public reads on a replica when one has caught up (issue 42): request.readDb(), ctx.readDb.
  registerReplicaReads(app, { db, replicas, catalogVersion })
  // Prices that move (issue 39): push keys, feed refreshes, the alert run and their jobs.
  // With the server's database URL, feed imports run in a child process (catalog-jobs-process.md).
  const prices = await registerPrices(app, { db, mailer, env, catalogDatabaseUrl: jobsDatabaseUrl })
  const jobs = registerJobs(app, {
    db,
    mailer,
    appUrl: env.APP_URL,
    databaseUrl: jobsDatabaseUrl,
    extraJobs: prices.jobs,
  })
  const linkPreviews = {
    fetcher: outsideFetcher ?? createShopFetcher(app, env),
    perUserPerMinute: env.LINK_PREVIEW_PER_USER_PER_MINUTE,
    perHostPerSecond: env.LINK_PREVIEW_PER_HOST_PER_SECOND,
  }
  const guestCookies = createGuestCookies(db, { appUrl: env.APP_URL, secret: env.GUEST_COOKIE_SECRET })
  await registerTrpc(app, db, auth, {
    recommender: { llm },
    jobScheduler: jobs,
    linkPreviews,
    guestCookies,
    push: prices.push,
    feeds: prices.feeds,
  })
  await registerAuthRoutes(app, db, auth)
  registerGoogleRoutes(app, db, auth, { appUrl: env.APP_URL, credentials: google })
  await registerUserRoutes(app, db)
  if (env.NODE_ENV !== 'production') registerOutboxPage(app, db)
  registerProductRoutes(app, db)
  registerCatalogRoutes(app, db)
  registerVariantRoutes(app)
  await registerPeopleAndEventsRoutes(app, db, env.APP_URL)
  await registerLikeRoutes(app, db)
  await registerOrderRoutes(app, db)
  await registerGiftRoutes(app, db)
  await registerProductDisableRoutes(app, db)
  await registerRecommendationRoutes(app, db, { llm })
  await registerJobRoutes(app, db, { mailer, appUrl: env.APP_URL, sync: jobs.sync })
  await registerWishListRoutes(app, db, { appUrl: env.APP_URL, rateLimit: rateLimit.check, guestCookies })
  registerGuestRoutes(app, db, { appUrl: env.APP_URL, rateLimit: rateLimit.check, guestCookies, mailer })
  registerGiftFinderRoutes(app, db, { rateLimit: rateLimit.check })
  await registerReminderRoutes(app, db)
  await registerExchangeRoutes(app, db, { auth })
  await registerLinkPreviewRoutes(app, db, linkPreviews)
  await registerPriceRoutes(app, db, prices)
  const webDist = env.WEB_DIST ?? defaultWebDist
  // Landing, listing and product pages rendered for visitors (issue 24, LCP; first-view-html.md).
  const seo = registerSeo(app, { db, origin: new URL(env.APP_URL).origin })
  await registerStatic(app, webDist, {
    firstView: createFirstView(app, webDist, new URL(env.APP_URL).origin),
    pageHead: seo.pageHead,
  })
  return app
}
