/**
 * Benchmark (not a test) of issue 38: BENCH_PREVIEWS (200) link previews through POST
 * /api/link-previews at BENCH_CONCURRENCY (16) at once, against the fixture shop on 127.0.0.1
 * (every preview a distinct URL, so none is answered from the 24-hour cache: each fetches the
 * page through the guarded fetcher, reads it with cheerio and, for most pages, fetches a picture
 * and re-encodes it to WebP with sharp). Meanwhile 4 shoppers read catalog listings in a closed
 * loop. Prints the previews' p50/p95/max, their outcomes, the process's peak RSS, and the catalog
 * reads' p95 before and during the previews. The per-host politeness (2 fetches a second) is
 * raised here: it would make the bench measure the wait, not the work. Asserts nothing.
 *
 *   npm run bench:link-preview                       # the real figures (quiet machine)
 *   BENCH_PREVIEWS=40 npm run bench:link-preview     # a smoke run
 */
import { sql, users, type Db } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { startSession } from '@presently/api'
import { createOutsideFetcher, testOnlyAllowList } from '@presently/outside-fetch'
import { startFixtureShop } from '@presently/outside-fetch/testing'
import { buildApp } from '../apps/server/src/app.ts'
import { percentile } from './closed-loop.ts'
import { embeddedTarget, serverTarget, type Target } from './lib.ts'

const PREVIEWS = Number(process.env.BENCH_PREVIEWS ?? 200)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const READERS = 4
const PAGES = [
  '/products/hemsby-oak-bookcase',
  '/products/space-shuttle',
  '/products/stoneware-teapot',
  '/products/mystery-box',
  '/products/cafe-creme-scarf',
  '/products/trail-runner',
  '/products/mug',
  '/products/felt-bunting',
]

const ms = (v: number) => `${v.toFixed(0)} ms`
const mb = (v: number) => `${(v / 1024 / 1024).toFixed(0)} MB`

function summary(label: string, timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b)
  return `${label}: n=${sorted.length} p50 ${ms(percentile(sorted, 50))} p95 ${ms(percentile(sorted, 95))} max ${ms(sorted.at(-1) ?? NaN)}`
}

async function cookieFor(db: Db, email: string): Promise<string> {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id })
  const { token } = await startSession(db, user!.id)
  return `session=${token}`
}

/** Catalog reads in a closed loop of READERS until `stop` says so; each answer's time. */
async function readCatalog(base: string, stop: () => boolean): Promise<number[]> {
  const timings: number[] = []
  let n = 0
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!stop()) {
        n += 1
        const started = performance.now()
        const res = await fetch(`${base}/api/products?page=${(n % 40) + 1}&limit=24&sort=price_asc`)
        await res.arrayBuffer()
        timings.push(performance.now() - started)
      }
    }),
  )
  return timings
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const imported = await importCatalog(target.db, { file: seedCatalogFile })
  console.log(`  catalog: ${imported.imported} products`)
  const shop = await startFixtureShop()
  const app = await buildApp({
    env: {
      APP_URL: 'http://localhost',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      LINK_PREVIEW_PER_USER_PER_MINUTE: 1_000_000,
      // The bench measures the work of a preview, not the politeness wait (2 a second per host).
      LINK_PREVIEW_PER_HOST_PER_SECOND: 1_000_000,
    },
    db: target.db,
    logger: false,
    outsideFetcher: createOutsideFetcher({
      userAgent: 'PresentlyBot/1.0 (+http://localhost/; bench)',
      testAllowList: testOnlyAllowList([shop.origin]),
    }),
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const cookies = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) => cookieFor(target.db, `bench-preview-${i}@example.com`)),
    )
    // Catalog reads alone first, for comparison.
    const quietUntil = Date.now() + 5000
    const quiet = await readCatalog(base, () => Date.now() > quietUntil)
    console.log(`  ${summary('catalog reads, alone', quiet)}`)

    let done = false
    const during = readCatalog(base, () => done)
    let peakRss = process.memoryUsage().rss
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100)
    const rssBefore = process.memoryUsage().rss
    const timings: number[] = []
    const outcomes = new Map<string, number>()
    let next = 0
    const started = performance.now()
    await Promise.all(
      cookies.map(async (cookie) => {
        while (next < PREVIEWS) {
          const i = next++
          const url = `${shop.url(PAGES[i % PAGES.length]!)}?bench=${i}-${Date.now()}`
          const t0 = performance.now()
          const res = await fetch(`${base}/api/link-previews`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost' },
            body: JSON.stringify({ url }),
          })
          const body = (await res.json()) as { status?: string }
          timings.push(performance.now() - t0)
          const key = res.ok ? (body.status ?? '?') : `HTTP ${res.status}`
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
        }
      }),
    )
    const wall = performance.now() - started
    done = true
    clearInterval(sampler)
    const readsDuring = await during
    console.log(
      `  ${summary(`previews at concurrency ${CONCURRENCY}`, timings)}; ${(PREVIEWS / (wall / 1000)).toFixed(1)}/s`,
    )
    console.log(`  outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`)
    console.log(`  ${summary('catalog reads, during the previews', readsDuring)}`)
    console.log(`  RSS: ${mb(rssBefore)} before, ${mb(peakRss)} peak, ${mb(process.memoryUsage().rss)} after`)
    const { rows } = await target.db.execute<{ n: number; bytes: number }>(
      sql`select count(*)::int as n, coalesce(sum(length(webp)), 0)::int as bytes from link_preview_images`,
    )
    console.log(`  pictures stored: ${rows[0]?.n} (${rows[0]?.bytes} bytes of WebP)`)
  } finally {
    await app.close()
    await shop.close()
  }
}

const target = process.env.DATABASE_URL ? await serverTarget(process.env.DATABASE_URL) : await embeddedTarget()
try {
  await run(target)
} finally {
  await target.close()
}
