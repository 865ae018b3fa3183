/**
 * Benchmark (not a test) of issue 40's gift finder and collections, on the shipped catalog, with
 * the server started as `npm start` starts it (startServerProcess: the compiled server, a fresh
 * embedded PostgreSQL cluster, or DATABASE_URL's server):
 *
 * 1. The finder's answers, GET /api/gift-finder, for BENCH_FINDER_QUESTIONS (120) distinct
 *    questions (who, age, budget and one or two gift interests drawn from the shop's own): first
 *    each asked once (every one a miss of the server's answer cache: the picks engine runs), then
 *    a closed loop of BENCH_CONNECTIONS (16) connections over the same questions for
 *    BENCH_SECONDS (10) (the answers kept). The issue asks for the p95 at 16 connections.
 * 2. The collections' first view: GET /collections/{slug} (the server-rendered HTML a visitor's
 *    browser paints first) for every collection, once cold and then in a closed loop.
 *
 * The finder's per-IP limit is raised for the run (it would measure 429s). Prints p50/p95/max and
 * req/s; asserts nothing.
 *
 *   npm run bench:gift-finder
 *   BENCH_FINDER_QUESTIONS=20 BENCH_SECONDS=3 npm run bench:gift-finder   # a smoke run
 */
import { FINDER_AGES, FINDER_BUDGETS, FINDER_WHO, GIFT_COLLECTIONS } from '@presently/domain'
import { autocannonLoop, percentile } from './closed-loop.ts'
import { startServerProcess } from './server-process.ts'

const questions = Number(process.env.BENCH_FINDER_QUESTIONS ?? 120)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const concurrency = Number(process.env.BENCH_CONNECTIONS ?? 16)
const port = Number(process.env.BENCH_PORT ?? 3821)

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`

/** Each path asked once in turn (cold: nothing kept for it yet); sorted latencies in ms. */
async function coldPass(origin: string, paths: readonly string[]): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = []
  let failed = 0
  for (const path of paths) {
    const started = performance.now()
    const res = await fetch(origin + path, { headers: { 'accept-encoding': 'gzip, br' } })
    await res.arrayBuffer()
    latencies.push(performance.now() - started)
    if (!res.ok) failed++
  }
  return { latencies: latencies.sort((a, b) => a - b), failed }
}

function line(title: string, latencies: readonly number[], extra: string): void {
  console.log(
    `  ${title.padEnd(34)} p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  max ${ms(latencies[latencies.length - 1] ?? NaN)}  ${extra}`,
  )
}

const server = await startServerProcess({
  port,
  env: { GIFT_FINDER_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' },
})
try {
  const interests = (await (await fetch(`${server.url}/api/gift-finder/interests`)).json()) as { slug: string }[]
  // A deterministic spread of questions over the answers' space (a linear congruential walk).
  let seed = 40
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  const paths = new Set<string>()
  while (paths.size < questions) {
    const chosen = new Set([interests[next(interests.length)]!.slug])
    if (next(2) === 1) chosen.add(interests[next(interests.length)]!.slug)
    const query = new URLSearchParams({
      who: FINDER_WHO[next(FINDER_WHO.length)]!,
      age: FINDER_AGES[next(FINDER_AGES.length)]!,
      occasion: next(3) === 0 ? 'Birthday' : 'Christmas',
      budget: FINDER_BUDGETS[next(FINDER_BUDGETS.length)]!,
      interests: [...chosen].join(','),
    })
    paths.add(`/api/gift-finder?${query.toString()}`)
  }
  const finderPaths = [...paths]
  console.log(
    `Gift finder (issue 40): ${finderPaths.length} questions, ${interests.length} gift interests, ${server.url}`,
  )
  const cold = await coldPass(server.url, finderPaths)
  line('finder, each question once (miss)', cold.latencies, `(${cold.failed} failed)`)
  const warm = await autocannonLoop({ origin: server.url, paths: finderPaths, concurrency, seconds })
  line(
    `finder, ${concurrency} connections (kept)`,
    warm.latencies,
    `${(warm.requests / warm.seconds).toFixed(0)} req/s (${warm.non2xx} non-2xx, ${warm.errors} errors)`,
  )

  const collectionPaths = GIFT_COLLECTIONS.map((c) => `/collections/${c.slug}`)
  const coldPages = await coldPass(server.url, collectionPaths)
  line(`collections' first view, cold (${collectionPaths.length})`, coldPages.latencies, `(${coldPages.failed} failed)`)
  const warmPages = await autocannonLoop({ origin: server.url, paths: collectionPaths, concurrency, seconds })
  line(
    `collections' first view, ${concurrency} conn.`,
    warmPages.latencies,
    `${(warmPages.requests / warmPages.seconds).toFixed(0)} req/s (${warmPages.non2xx} non-2xx, ${warmPages.errors} errors)`,
  )
} finally {
  await server.stop()
}
