import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import {
  listFeeds,
  loadFeedConfigs,
  resolveVapidKeys,
  runFeedRefresh,
  runPriceAlerts,
  sendDuePush,
  webPushSender,
  type ExtraJob,
  type FeedsContext,
  type PushContext,
} from '@presently/api'
import type { Db } from '@presently/db'
import type { Mailer } from '@presently/email'
import { createOutsideFetcher, testOnlyAllowList } from '@presently/outside-fetch'
import { childImportRunner } from '../catalog-import/run-in-child.ts'
import type { Env } from '../env.ts'

/** How often queued push messages are delivered when no run delivered them (a retry, a crash). */
const PUSH_RETRY_MS = 60_000
/** The daily price alert run (Europe/London): after the morning's feed refreshes. */
export const PRICE_ALERTS_SCHEDULE = '0 9 * * *'

/**
 * The contact push services see (web-push accepts an https: URL or a mailto: address, not
 * localhost): APP_URL when it is https on a real host, else mailto: the MAIL_FROM address.
 */
export function vapidSubject(appUrl: string, mailFrom: string): string {
  const url = new URL(appUrl)
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return `mailto:${address}`
}

/** What the server hands the tRPC context and the scheduler for prices that move (issue 39). */
export interface PricesSetup {
  push: PushContext
  feeds: FeedsContext
  /** The daily alert run and each scheduled feed refresh, for the Agenda scheduler. */
  jobs: ExtraJob[]
  /** Runs the price alerts now (after a refresh): emails and alerts queued. */
  runAlerts: () => Promise<{ emails: number; alerts: number }>
}

/**
 * Prices that move (issue 39) in the server: VAPID keys (env, else generated once in DATA_DIR),
 * the push sender (web-push) with a retry loop, the CATALOG_FEEDS refreshes (downloads through
 * the one guarded outside fetcher) and the price alert run that follows each refresh and runs daily.
 *
 * With `catalogDatabaseUrl` (the server's own database URL) each refresh's import runs in a child
 * process with its own heap (docs/decisions/catalog-jobs-process.md); without it (tests that build
 * the app over a test database) in this process.
 *
 * @throws Error for a CATALOG_FEEDS entry that cannot be read (bad mapping, schedule, duplicate name).
 */
export async function registerPrices(
  app: FastifyInstance,
  options: { db: Db; mailer: Mailer; env: Env; catalogDatabaseUrl?: string },
): Promise<PricesSetup> {
  const { db, mailer, env, catalogDatabaseUrl } = options
  const keys = await resolveVapidKeys({
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    dataDir: env.DATA_DIR,
  })
  const send = webPushSender(keys, env.VAPID_SUBJECT ?? vapidSubject(env.APP_URL, env.MAIL_FROM), {
    ...(env.PUSH_TEST_CA_FILE ? { testCa: await readFile(env.PUSH_TEST_CA_FILE) } : {}),
  })
  const deliverPush = () => sendDuePush(db, send)
  const runAlerts = async () => {
    const stats = await runPriceAlerts(db, { mailer, appUrl: env.APP_URL, deliverPush })
    app.log.info({ ...stats, failures: stats.failures.length }, 'price alerts: run finished')
    return { emails: stats.emailsSent, alerts: stats.alertsSent }
  }
  const feeds = await loadFeedConfigs(env.CATALOG_FEEDS, env.DATA_DIR)
  const fetcher = createOutsideFetcher({
    userAgent: `PresentlyBot/1.0 (+${env.APP_URL})`,
    ...(env.OUTSIDE_FETCH_TEST_ORIGINS.length
      ? { testAllowList: testOnlyAllowList(env.OUTSIDE_FETCH_TEST_ORIGINS) }
      : {}),
  })
  const limits = { maxBytes: env.FEED_DOWNLOAD_MAX_MB * 2 ** 20, timeoutMs: env.FEED_DOWNLOAD_TIMEOUT_SECONDS * 1000 }
  const runImport = catalogDatabaseUrl
    ? childImportRunner({ databaseUrl: catalogDatabaseUrl, log: app.log })
    : undefined
  const refresh = async (name: string) => {
    const summary = await runFeedRefresh(db, feeds, name, { fetcher, limits, afterImport: runAlerts, runImport })
    app.log.info({ feed: name, ...summary }, `feed ${name}: refresh ${summary.status}`)
    return summary
  }
  const retry = setInterval(() => {
    deliverPush().catch((err: unknown) => app.log.warn({ err }, 'push delivery failed; retried later'))
  }, PUSH_RETRY_MS)
  retry.unref()
  app.addHook('onClose', (_instance, done) => {
    clearInterval(retry)
    done()
  })
  return {
    push: { publicKey: keys.publicKey, extraOrigins: env.PUSH_EXTRA_ORIGINS },
    feeds: { list: () => listFeeds(db, feeds), runNow: refresh },
    runAlerts,
    jobs: [
      { name: 'price-alerts', schedule: PRICE_ALERTS_SCHEDULE, run: async () => void (await runAlerts()) },
      ...feeds
        .filter((feed) => feed.schedule !== null)
        .map((feed) => ({
          name: `feed-refresh:${feed.name}`,
          schedule: feed.schedule!,
          run: async () => {
            const summary = await refresh(feed.name)
            if (summary.status === 'failed') throw new Error(summary.error ?? 'feed refresh failed')
          },
        })),
    ],
  }
}
