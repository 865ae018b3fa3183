/**
 * Soak benchmark (issue 15; not a test): the shop as `npm start` runs it (embedded PostgreSQL in a
 * fresh DATA_DIR, the real catalog, the built SPA when apps/web/dist exists) under 200 concurrent
 * virtual users for 10 minutes. Each virtual user loops: pick an action, send its requests, think
 * for 0.5-1.5 s (as a person reading a page does), and again. The mix:
 *
 *   listing 30%  GET /api/products/by-category (a real category, page 1-3, some sorted)
 *   search  20%  GET /api/products?search=<term>
 *   product 20%  GET /api/products/{id}
 *   tRPC    10%  GET /trpc/products.list (what the SPA sends)
 *   account 17%  signed in: /api/auth/session, /api/people, /api/events, /api/get-liked-products,
 *                /api/my-orders (one of them)
 *   sign-in  3%  POST /api/auth/login (argon2id), then the session
 *
 * Prints requests, 5xx (target 0), other non-2xx, p50/p95/p99 (target p99 < 250 ms), and the Node
 * process's RSS every 30 s. The accounts are made over HTTP before the clock starts; the auth
 * rate limits are raised for the run (all virtual users come from one address).
 *
 *   npm run bench:soak                                  # 200 users for 600 s
 *   BENCH_USERS=50 BENCH_SECONDS=60 npm run bench:soak  # a short look
 *   BENCH_THINK_MS=0 npm run bench:soak                 # no think time: as fast as the shop answers
 */
import os from 'node:os'
import { createDb, findRunningCluster } from '@presently/db'
import { signUpOverHttp, type HttpAccount } from '../apps/server/src/testing/http-accounts.ts'
import { percentile } from '../apps/server/src/testing/session-isolation-load.ts'
import { processMemory, treeMemory } from './process-memory.ts'
import { startServerProcess } from './server-process.ts'

const users = Number(process.env.BENCH_USERS ?? 200)
const seconds = Number(process.env.BENCH_SECONDS ?? 600)
const port = Number(process.env.BENCH_PORT ?? 3393)
const accountsCount = Number(process.env.BENCH_ACCOUNTS ?? 40)
/** Mean think time between actions in ms (uniform over ±50%); 0 makes it a closed loop. */
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000)
const SEARCH_TERMS = ['train set', 'lego', 'puppet', 'jigsaw', 'chess', 'hornby', 'doll', 'remote control car', 'kite']

interface Tally {
  latencies: number[]
  byAction: Map<string, number[]>
  serverErrors: number
  otherNon2xx: number
  networkErrors: number
  samples: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!

async function main() {
  const server = await startServerProcess({
    port,
    env: { DATABASE_URL: '', AUTH_RATE_LIMIT_IP_MAX: '10000000', AUTH_RATE_LIMIT_EMAIL_MAX: '10000000' },
  })
  const base = server.url
  try {
    console.log(
      `== soak on the embedded default: ${users} virtual users for ${seconds} s, think time ${thinkMs} ms (${os.cpus().length} cores)`,
    )
    const cluster = await findRunningCluster(server.dataDir)
    if (!cluster) throw new Error('no embedded cluster found in DATA_DIR')
    const { db, pool } = createDb(cluster.url, { max: 4 })
    const accounts: HttpAccount[] = []
    const runId = Date.now().toString(36)
    for (let i = 0; i < accountsCount; i++) {
      const account = await signUpOverHttp(base, db, `soak-${runId}-${i}@example.com`)
      // A person with an event, so account reads return real rows.
      const person = await fetch(`${base}/api/people`, {
        method: 'POST',
        headers: { cookie: account.cookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ name: `Friend ${i}`, relationshipId: 1 }),
      })
      if (person.status !== 201 && person.status !== 200) throw new Error(`add person -> ${person.status}`)
      const { id } = (await person.json()) as { id: number }
      const event = await fetch(`${base}/api/events/person/${id}`, {
        method: 'POST',
        headers: { cookie: account.cookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ occasionId: 1, date: `2000-${String(1 + (i % 12)).padStart(2, '0')}-15` }),
      })
      if (event.status !== 201 && event.status !== 200) throw new Error(`add event -> ${event.status}`)
      accounts.push(account)
    }
    await pool.end()

    const listing = (await (await fetch(`${base}/api/products?limit=100`)).json()) as {
      products: { id: number; categoryName: string | null }[]
    }
    const productIds = listing.products.map((p) => p.id)
    const categories = [
      ...new Set(listing.products.map((p) => p.categoryName).filter((name): name is string => !!name)),
    ]
    console.log(
      `  ${accounts.length} accounts, ${productIds.length} products and ${categories.length} categories to draw from`,
    )

    const tally: Tally = {
      latencies: [],
      byAction: new Map(),
      serverErrors: 0,
      otherNon2xx: 0,
      networkErrors: 0,
      samples: [],
    }
    const end = Date.now() + seconds * 1000

    async function request(action: string, path: string, init: RequestInit = {}): Promise<void> {
      const started = performance.now()
      try {
        const res = await fetch(`${base}${path}`, init)
        await res.arrayBuffer()
        const ms = performance.now() - started
        tally.latencies.push(ms)
        const list = tally.byAction.get(action) ?? []
        list.push(ms)
        tally.byAction.set(action, list)
        if (res.status >= 500) {
          tally.serverErrors++
          if (tally.samples.length < 5) tally.samples.push(`${res.status} ${init.method ?? 'GET'} ${path}`)
        } else if (res.status >= 300 && res.status !== 304) {
          tally.otherNon2xx++
          if (tally.samples.length < 5) tally.samples.push(`${res.status} ${init.method ?? 'GET'} ${path}`)
        }
      } catch (error) {
        tally.networkErrors++
        if (tally.samples.length < 5) tally.samples.push(`${path}: ${(error as Error).message}`)
      }
    }

    async function virtualUser(index: number): Promise<void> {
      const account = accounts[index % accounts.length]!
      const signedIn = { cookie: account.cookie }
      // Spread the start over the first think time, as users do not all arrive in one instant.
      await sleep(Math.random() * 1000)
      while (Date.now() < end) {
        const roll = Math.random() * 100
        if (roll < 30) {
          const sort = pick(['', '', '&sort=price_asc', '&sort=name_asc'])
          const page = 1 + Math.floor(Math.random() * 3)
          await request(
            'listing',
            `/api/products/by-category?category_name=${encodeURIComponent(pick(categories))}&page=${page}&limit=12${sort}`,
          )
        } else if (roll < 50) {
          await request('search', `/api/products?search=${encodeURIComponent(pick(SEARCH_TERMS))}&page=1&limit=12`)
        } else if (roll < 70) {
          await request('product', `/api/products/${pick(productIds)}`)
        } else if (roll < 80) {
          const input = encodeURIComponent(JSON.stringify({ page: 1, limit: 12, categoryName: pick(categories) }))
          await request('trpc listing', `/trpc/products.list?input=${input}`)
        } else if (roll < 97) {
          const path = pick([
            '/api/auth/session',
            '/api/people',
            '/api/events',
            '/api/get-liked-products',
            '/api/my-orders',
          ])
          await request('account', path, { headers: signedIn })
        } else {
          await request('sign-in', '/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: base },
            body: JSON.stringify({ email: account.email, password: account.password }),
          })
        }
        if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()))
      }
    }

    const started = Date.now()
    const memory = setInterval(() => {
      const node = processMemory(server.pid)
      const tree = treeMemory(server.pid)
      const elapsed = Math.round((Date.now() - started) / 1000)
      console.log(
        `  t=${String(elapsed).padStart(4)} s  requests ${String(tally.latencies.length).padStart(7)}  ` +
          `Node RSS ${node.rss.toFixed(0)} MB (peak ${node.peak.toFixed(0)})  tree PSS ${tree.pss.toFixed(0)} MB  ` +
          `load avg ${os.loadavg()[0]!.toFixed(1)}`,
      )
    }, 30_000)
    const before = processMemory(server.pid)
    console.log(`  Node RSS before load ${before.rss.toFixed(0)} MB`)
    await Promise.all(Array.from({ length: users }, (_, i) => virtualUser(i)))
    clearInterval(memory)
    const wall = (Date.now() - started) / 1000

    const sorted = [...tally.latencies].sort((a, b) => a - b)
    const fmt = (n: number) => n.toFixed(1)
    console.log(
      `  ${sorted.length} requests in ${wall.toFixed(0)} s (${(sorted.length / wall).toFixed(0)} req/s): ` +
        `${tally.serverErrors} 5xx, ${tally.otherNon2xx} other non-2xx, ${tally.networkErrors} network errors`,
    )
    console.log(
      `  latency p50 ${fmt(percentile(sorted, 50))} / p95 ${fmt(percentile(sorted, 95))} / p99 ${fmt(percentile(sorted, 99))} / max ${fmt(sorted.at(-1) ?? NaN)} ms`,
    )
    for (const [action, list] of tally.byAction) {
      const s = [...list].sort((a, b) => a - b)
      console.log(
        `    ${action.padEnd(12)} ${String(s.length).padStart(7)}  p50 ${fmt(percentile(s, 50))} / p95 ${fmt(percentile(s, 95))} / p99 ${fmt(percentile(s, 99))} ms`,
      )
    }
    for (const sample of tally.samples) console.log(`    ${sample}`)
    const after = processMemory(server.pid)
    console.log(`  Node RSS after load ${after.rss.toFixed(0)} MB (peak ${after.peak.toFixed(0)} MB)`)
  } finally {
    await server.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
