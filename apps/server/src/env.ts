import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { loopbackOriginProblem } from '@presently/outside-fetch'

const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')

const smtpUrl = z
  .string()
  .url()
  .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://, e.g. smtp://user:pass@host:587')

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** True for "10.0.0.1", "10.0.0.0/8", "fd00::/8", "loopback": what proxy-addr compiles. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY (issue 41, finding 3), in Fastify's trustProxy forms:
 * - "false" or "0" (default): no proxy; the connection's address is the visitor's.
 * - a hop count "1".."20": that many proxies in front of the shop; the visitor is the entry of
 *   X-Forwarded-For that many hops back (the last entry behind one reverse proxy). Entries further
 *   left were written by the client and are not believed.
 * - a comma-separated list of proxy addresses or CIDRs ("10.0.0.0/8, 192.168.1.10", or
 *   proxy-addr's loopback, linklocal, uniquelocal): entries are believed only from those.
 * "true" is refused: it believes every entry, so any visitor names their own address and steps
 * round every per-IP limit, or aims a lock-out at someone else's.
 * @returns false, a hop count, or the list of addresses.
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim()
  if (text === 'false' || text === '0') return false
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true is refused: it believes every X-Forwarded-For entry, so any visitor could choose their own address ' +
        'and get round the rate limits. Give the number of proxies in front of the shop (1 behind one reverse ' +
        'proxy) or their addresses/CIDRs, e.g. 10.0.0.0/8',
    })
    return z.NEVER
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops <= 20) return hops
    ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 20' })
    return z.NEVER
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const bad = entries.filter((entry) => !isProxyAddress(entry))
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a hop count (1 behind one reverse proxy) or proxy addresses/CIDRs separated by commas; not ${bad.join(', ') || 'empty'}`,
    })
    return z.NEVER
  }
  return entries
}

/** A comma-separated list from the environment: its parts trimmed, blanks dropped; unset is []. */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )

/** Comma-separated origins ("http://127.0.0.1:4551,https://x.example"), each checked as a URL. */
const originList = commaList.pipe(z.array(z.url().transform((url) => new URL(url).origin)))
/** A positive whole number from the environment. */
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback)

/** Server configuration (README "Configuration"); parsed once at start, nothing else reads process.env. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: postgresUrl.optional(),
    /**
     * Read replicas (issue 42): postgres:// URLs of hot standbys of DATABASE_URL's server,
     * separated by commas. Public reads that tolerate a short lag go to them; unset: everything
     * on the primary.
     */
    DATABASE_REPLICA_URLS: commaList.pipe(z.array(postgresUrl).max(16, 'at most 16 replicas')),
    /** A replica further behind the primary than this many seconds is not read (issue 42). */
    REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.5).max(3600).default(5),
    DATA_DIR: z.string().min(1).default('./.data'),
    APP_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Folder of the built SPA; default apps/web/dist. */
    WEB_DIST: z.string().optional(),
    /**
     * Which proxies in front of the shop to believe about the visitor's address
     * (X-Forwarded-For), in Fastify's trustProxy forms (issue 41): a hop count, or the proxies'
     * addresses and CIDRs. See parseTrustProxy.
     */
    TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
    /** Outgoing mail server; unset keeps mail in the outbox (email_log, /dev/outbox). */
    SMTP_URL: smtpUrl.optional(),
    MAIL_FROM: z.string().min(3).default('Presently <no-reply@presently.local>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * Feeds imported on an empty database instead of the shipped catalog (issue 14): paths
     * separated by commas, each a feed (with "<name>.mapping.json" beside it, or a preset its
     * header matches) or a mapping file naming its feed. Relative paths: from INIT_CWD.
     */
    CATALOG_FEEDS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    /** Bootstrap admin: created or updated (confirmed, is_admin) at every start. */
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(100).optional(),
    /** Attempts of login, register, resend-confirmation, forgot- and reset-password per IP and call per window. */
    AUTH_RATE_LIMIT_IP_MAX: count(10),
    /**
     * The same calls per email address (any IP) per window; for sign-in, failed attempts per
     * (IP, email) (issue 25: a stranger elsewhere cannot use up a user's sign-ins).
     */
    AUTH_RATE_LIMIT_EMAIL_MAX: count(5),
    /**
     * Failed sign-ins per email from all IPs per window past which signing in also needs a
     * one-time code emailed to the account (issue 41); the user's own signed-in device never does.
     */
    AUTH_LOGIN_EMAIL_FAILURE_MAX: count(50),
    /** The window of both limits, in minutes. */
    AUTH_RATE_LIMIT_WINDOW_MINUTES: count(15),
    /** Calls on a shared wish list (page, claims, pledges) per IP per minute (issue 23). */
    SHARED_LIST_RATE_LIMIT_PER_MINUTE: count(120),
    /** Guests' claims and pledges per IP per window of AUTH_RATE_LIMIT_WINDOW_MINUTES (issue 37). */
    GUEST_RATE_LIMIT_IP_MAX: count(30),
    /** Guests' claims and pledges per email address (any IP) per window (issue 37). */
    GUEST_RATE_LIMIT_EMAIL_MAX: count(20),
    /**
     * The password the guest cookie is sealed with (32+ characters; issue 37). Unset: the shop
     * makes one and keeps it in the database, shared by every instance.
     */
    GUEST_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Gift exchanges (issue 36): joins by the join link, and questions and notes, per IP per hour. */
    EXCHANGE_JOIN_RATE_LIMIT_PER_HOUR: count(20),
    EXCHANGE_MESSAGE_RATE_LIMIT_PER_HOUR: count(60),
    /**
     * Gift-finder answers per IP per minute (issue 40): a visitor answers a few questions a minute;
     * this keeps a scraper or a flood of uncached questions off the engine.
     */
    GIFT_FINDER_RATE_LIMIT_PER_MINUTE: count(60),
    /** Optional LLM re-ranking of recommendations: an OpenAI-compatible chat-completions API (all three or none). */
    LLM_BASE_URL: z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://, e.g. https://api.openai.com/v1')
      .optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).optional(),
    /** Milliseconds to wait for the model before keeping the built-in answer. */
    LLM_TIMEOUT_MS: count(4000),
    /**
     * Seconds a client has to send a whole request, headers and body (issue 25: slow-drip bodies
     * held connections for ever). Past it Node answers 408 and closes the connection.
     */
    REQUEST_TIMEOUT_SECONDS: count(15),
    /**
     * Megabytes of signed-in answers (people, events, likes, orders, gifts, budgets, plan) the
     * server keeps per user and data version (issue 24, docs/decisions/user-data-version.md);
     * 0 turns the cache off (every answer made afresh, as before; benchmarks compare both).
     */
    ACCOUNT_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /** Megabytes of public catalog answers kept as bytes per catalog version and URL (issue 24); 0: off. */
    PUBLIC_READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    /**
     * Server processes sharing PORT (issue 24, docs/decisions/server-processes.md): 1 runs the shop
     * in this one process; more starts a primary that owns the database and runs migrations, and
     * that many node:cluster workers, each a whole server. The name is the one hosts set
     * (Heroku, Render); one per core is the usual choice.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Link previews one user may ask for per minute, all instances together (issue 38). */
    LINK_PREVIEW_PER_USER_PER_MINUTE: count(30),
    /** Fetches a second from one shop's host by the whole shop, all instances together (issue 38). */
    LINK_PREVIEW_PER_HOST_PER_SECOND: count(2),
    /**
     * Web push of price alerts (issue 39): the VAPID key pair (base64url, `npx web-push
     * generate-vapid-keys`), both or neither; unset, a pair is generated once into DATA_DIR.
     */
    VAPID_PUBLIC_KEY: z.string().min(20).optional(),
    VAPID_PRIVATE_KEY: z.string().min(20).optional(),
    /** The contact push services see with each message (a mailto: or https: URL); default: APP_URL if https, else mailto: MAIL_FROM. */
    VAPID_SUBJECT: z.string().min(1).optional(),
    /**
     * Tests and e2e only (refused in production): origins of local test push services a browser's
     * subscription may point at, comma separated ("http://127.0.0.1:4551").
     */
    PUSH_EXTRA_ORIGINS: originList,
    /** Tests and e2e only (refused in production): the PEM certificate of a local https test push service. */
    PUSH_TEST_CA_FILE: z.string().min(1).optional(),
    /**
     * Tests and e2e only (refused in production): loopback origins the outside fetcher may reach
     * (issue 38's test-only allow-list), e.g. a local feed server for scheduled downloads.
     */
    OUTSIDE_FETCH_TEST_ORIGINS: originList,
    /** A scheduled feed download's limits (issue 39): size after decompression, and time. */
    FEED_DOWNLOAD_MAX_MB: z.coerce.number().int().min(1).max(20_000).default(1024),
    FEED_DOWNLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(7200).default(900),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (env.PUSH_EXTRA_ORIGINS.length > 0)
        ctx.addIssue({ code: 'custom', path: ['PUSH_EXTRA_ORIGINS'], message: 'is for tests only, not production' })
      if (env.PUSH_TEST_CA_FILE) {
        ctx.addIssue({ code: 'custom', path: ['PUSH_TEST_CA_FILE'], message: 'is for tests only, not production' })
      }
    }
    const llm = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const
    const missing = llm.filter((name) => env[name] === undefined)
    if (missing.length > 0 && missing.length < llm.length) {
      for (const name of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set together with ${llm.filter((n) => n !== name).join(' and ')}`,
        })
      }
    }
    if (env.OUTSIDE_FETCH_TEST_ORIGINS.length > 0 && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['OUTSIDE_FETCH_TEST_ORIGINS'],
        message: 'is for tests only and must not be set when NODE_ENV=production',
      })
    }
    for (const origin of env.OUTSIDE_FETCH_TEST_ORIGINS) {
      const problem = loopbackOriginProblem(origin)
      if (problem)
        ctx.addIssue({ code: 'custom', path: ['OUTSIDE_FETCH_TEST_ORIGINS'], message: `${origin}: ${problem}` })
    }
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
      ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    ] as const
    for (const [a, b] of pairs) {
      if ((env[a] === undefined) !== (env[b] === undefined)) {
        const missing = env[a] === undefined ? a : b
        ctx.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${missing === a ? b : a}` })
      }
    }
  })

export type Env = z.output<typeof envSchema> & { APP_URL: string; DATA_DIR: string }

/** The defaults of every optional setting (buildApp fills what a test leaves out). */
export function envDefaults(): z.output<typeof envSchema> {
  return envSchema.parse({})
}

/**
 * Parses the environment. Empty strings count as unset. DATA_DIR is resolved against the
 * folder npm was started from (INIT_CWD), so `npm start` at the repo root keeps data in ./.data.
 * @throws Error listing every bad variable, e.g. "PORT: Invalid input: expected number".
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  const base = source.INIT_CWD ?? process.cwd()
  return {
    ...env,
    CATALOG_FEEDS: env.CATALOG_FEEDS.map((feed) => path.resolve(base, feed)),
    DATA_DIR: path.resolve(base, env.DATA_DIR),
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
  }
}
