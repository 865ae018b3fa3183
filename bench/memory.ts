/**
 * Memory benchmark (issue 44; not a test): the resident memory of the listening server process,
 * started as `npm start` starts it (the compiled dist/server.js, default cache sizes), on the
 * embedded default or, with DATABASE_URL, on a scratch database of that PostgreSQL server.
 *
 * The server starts once to import the catalog and is stopped; the second start (the catalog
 * already imported, as a restarted shop) is measured:
 *   idle     RSS 5 s after /healthz first answers, before any other request;
 *   catalog  the peak (VmHWM, reset before the phase) under BENCH_CONNECTIONS (32) connections
 *            for BENCH_SECONDS (20): listings of every category (pages 1-3, four orders), searches
 *            (40 words, three orders, and as many cache misses as it can send), product pages,
 *            category trees with counts and tRPC listings;
 *   account  the peak under as many signed-in users, one connection each, reading their people,
 *            events, likes, orders, each person's presents, budgets and recommendations;
 * then the RSS 10 s after the load. Targets (issue 44): idle <= 150 MB, peaks <= 250 MB.
 *
 *   npm run bench:memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:memory
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=8 npm run bench:memory      # a short look
 *   BENCH_NODE_FLAGS=--max-semi-space-size=16 ...                    # flags for the server's node
 *   BENCH_RATE=60 ...       # the catalog phase at 60 requests/s (open loop), to compare flags or
 *                           # builds on a shared machine: the same work in each run
 *   BENCH_SNAPSHOT_DIR=/tmp/snaps ...   # a heap snapshot at idle and after each phase (its peak
 *                                       # measured first), for bench/heap-breakdown.ts
 * Each phase also prints the server's CPU per request (its main thread, and its other threads:
 * mostly V8's garbage collector helpers), to weigh a flag that trades memory for GC work.
 */
import { statSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createDb, findRunningCluster, type Db } from '@presently/db'
import { createScratchDatabase } from '@presently/db/testing'
import { signUpOverHttp, type HttpAccount } from '../apps/server/src/testing/http-accounts.ts'
import { closedLoop, cpuSince, cpuSplit, openLoop } from './closed-loop.ts'
import { processMemory } from './process-memory.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 20)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const port = Number(process.env.BENCH_PORT ?? 3394)
const snapshotDir = process.env.BENCH_SNAPSHOT_DIR
const rate = Number(process.env.BENCH_RATE ?? 0)
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '')
  .split(/\s+/)
  .filter(Boolean)
  .concat(snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : [])
const WORDS = ['train set', 'doll', 'lego', 'jigsaw', 'dinosaur', 'racing car', 'trading cards', 'dice', 'balloon']
  .concat(['banner', 'costume', 'mask', 'puppet', 'kite', 'beads', 'colouring pens', 'paint', 'chess', 'board game'])
  .concat(['figure', 'star wars', 'disney princess', 'harry potter', 'hornby', 'airfix', 'scalextric', 'barbie'])
  .concat(['teddy bear', 'party bag', 'birthday', 'christmas', 'wooden', 'magic', 'pirate', 'knight', 'castle'])
  .concat(['farm animals', 'robot', 'helicopter', 'dolls house'])

const mb = (n: number) => `${n.toFixed(0)} MB`

/** Resets the process's peak resident size (VmHWM) to its current size (Linux clear_refs). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

/** The highest RSS seen while `work` runs (sampled every 250 ms) and VmHWM after it. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<{ sampled: number; hwm: number }> {
  resetPeak(pid)
  let sampled = processMemory(pid).rss
  const timer = setInterval(() => (sampled = Math.max(sampled, processMemory(pid).rss)), 250)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return { sampled: Math.max(sampled, processMemory(pid).rss), hwm: processMemory(pid).peak }
}

/** The server's CPU per request in the phase since `before`: main thread and its other threads (ms). */
function cpuLine(pid: number, before: ReturnType<typeof cpuSplit>, requests: number): string {
  const { main, otherThreads } = cpuSince(before, [pid], Math.max(1, requests))
  return `CPU per request: main thread ${(main / 1000).toFixed(2)} ms, other threads ${(otherThreads / 1000).toFixed(2)} ms`
}

type CacheStats = Record<string, { hits: number; misses: number; entries: number; bytes?: number }>

/** The server's caches as /readyz reports them (issue 44), and a line per cache of what `since` did not count. */
async function printCaches(base: string, since: CacheStats = {}): Promise<CacheStats> {
  const caches = ((await (await fetch(`${base}/readyz`)).json()) as { caches?: CacheStats }).caches ?? {}
  for (const [name, now] of Object.entries(caches)) {
    const hits = now.hits - (since[name]?.hits ?? 0)
    const misses = now.misses - (since[name]?.misses ?? 0)
    const bytes = now.bytes === undefined ? '' : `, ${mb(now.bytes / 1024 / 1024)} counted`
    console.log(
      `    cache ${name.padEnd(15)} hit rate ${((100 * hits) / Math.max(1, hits + misses)).toFixed(1).padStart(5)}% (${hits} hits, ${misses} misses), ${now.entries} entries${bytes}`,
    )
  }
  return caches
}

/** With BENCH_SNAPSHOT_DIR: a heap snapshot of the server, named `<label>.heapsnapshot`, written before this returns. */
async function snapshot(pid: number, label: string): Promise<void> {
  if (!snapshotDir) return
  const before = new Set(await readdir(snapshotDir))
  process.kill(pid, 'SIGUSR2')
  for (let i = 0; i < 600; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const made = (await readdir(snapshotDir)).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'))
    // Written when its size stops moving.
    if (made) {
      const file = path.join(snapshotDir, made)
      const { size } = statSync(file)
      await new Promise((resolve) => setTimeout(resolve, 1000))
      if (size > 0 && statSync(file).size === size) {
        await rename(file, path.join(snapshotDir, `${label}.heapsnapshot`))
        console.log(`  (heap snapshot ${path.join(snapshotDir, `${label}.heapsnapshot`)})`)
        return
      }
    }
  }
  throw new Error('the heap snapshot was not written within 5 minutes')
}

/** The catalog URLs of the load: listings, searches (and misses), products, trees, tRPC. */
async function catalogPaths(base: string): Promise<string[]> {
  const listing = (await (await fetch(`${base}/api/products?limit=100&sort=recommended`)).json()) as {
    products: { id: number; categoryName: string | null }[]
  }
  const names = new Set(listing.products.map((p) => p.categoryName).filter((name): name is string => !!name))
  const sorts = ['', '&sort=price_asc', '&sort=name_asc', '&sort=recommended']
  const paths: string[] = []
  for (const name of names)
    for (const sort of sorts)
      for (const page of [1, 2, 3])
        paths.push(`/api/products/by-category?category_name=${encodeURIComponent(name)}&page=${page}&limit=24${sort}`)
  for (const word of WORDS)
    for (const sort of sorts.slice(0, 3)) paths.push(`/api/products?search=${encodeURIComponent(word)}&limit=24${sort}`)
  for (const product of listing.products) paths.push(`/api/products/${product.id}`)
  for (const word of WORDS.slice(0, 10)) paths.push(`/api/search/categories-with-counts?q=${encodeURIComponent(word)}`)
  paths.push('/api/category-overrides/tree', '/api/products/max-price')
  for (const name of [...names].slice(0, 10))
    paths.push(
      `/trpc/products.list?input=${encodeURIComponent(JSON.stringify({ categoryName: name, page: 1, limit: 24 }))}`,
    )
  // Misses: the same searches with a seed each (only the random order reads it), so no cache holds them.
  const run = Date.now().toString(36)
  for (let i = 0; i < 200; i++)
    for (const word of WORDS) paths.push(`/api/products?search=${encodeURIComponent(word)}&limit=24&seed=${run}-${i}`)
  // Interleave, so every kind of read runs throughout the phase.
  return paths
    .map((p, i) => ({ p, k: (i * 7919) % paths.length }))
    .sort((a, b) => a.k - b.k)
    .map(({ p }) => p)
}

/** `count` signed-up users, each with two people (an event each) and five liked products. */
type Account = HttpAccount & { people: number[] }

async function makeAccounts(base: string, db: Db, count: number, productIds: number[]): Promise<Account[]> {
  const runId = Date.now().toString(36)
  const accounts: Account[] = []
  const post = async (account: HttpAccount, url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { cookie: account.cookie, 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    })
    if (res.status >= 300) throw new Error(`POST ${url} -> ${res.status}`)
    return (await res.json()) as { id?: number }
  }
  for (let i = 0; i < count; i++) {
    const account: Account = { ...(await signUpOverHttp(base, db, `memory-${runId}-${i}@example.com`)), people: [] }
    for (let j = 0; j < 2; j++) {
      const person = await post(account, '/api/people', { name: `Friend ${i}-${j}`, relationshipId: 1 + j })
      account.people.push(person.id!)
      await post(account, `/api/events/person/${person.id}`, {
        occasionId: 1,
        date: `2000-${String(1 + ((i + j) % 12)).padStart(2, '0')}-15`,
      })
    }
    for (let k = 0; k < 5; k++)
      await post(account, `/api/products/${productIds[(i * 5 + k) % productIds.length]}/like`, {})
    accounts.push(account)
  }
  return accounts
}

/** Each account reads its own pages in a loop, one connection each, for `seconds`. */
async function accountLoad(base: string, accounts: Account[]): Promise<{ requests: number; failures: number }> {
  const end = Date.now() + seconds * 1000
  let requests = 0
  let failures = 0
  await Promise.all(
    accounts.map(async (account, i) => {
      const paths = [
        '/api/auth/session',
        '/api/people',
        '/api/events',
        '/api/get-liked-products',
        '/api/my-orders',
        ...account.people.flatMap((id) => [
          `/api/people/${id}/gifts`,
          `/api/people/${id}/budgets`,
          `/api/recommendations/person/${id}?occasion=Birthday`,
          `/api/recommendations/person/${id}/products?occasion=Christmas`,
        ]),
      ]
      let next = i
      while (Date.now() < end) {
        const res = await fetch(`${base}${paths[next++ % paths.length]}`, { headers: { cookie: account.cookie } })
        await res.arrayBuffer()
        requests++
        if (res.status >= 500) failures++
      }
    }),
  )
  return { requests, failures }
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, { prefix: 'presently_bench_memory' }) : undefined
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-memory-'))
  // Every account signs up from this one address: the auth rate limits are raised for the run.
  const env = {
    DATABASE_URL: scratch?.url ?? '',
    AUTH_RATE_LIMIT_IP_MAX: '10000000',
    AUTH_RATE_LIMIT_EMAIL_MAX: '10000000',
  }
  console.log(
    `== memory of the listening server on ${scratch ? 'PostgreSQL (DATABASE_URL)' : 'the embedded default'}, ${os.cpus().length} cores, Node ${process.version}`,
  )
  let server: ServerProcess | undefined
  try {
    const first = await startServerProcess({ port, env, dataDir })
    await first.stop()
    if (snapshotDir) {
      await mkdir(snapshotDir, { recursive: true })
      console.log('  (heap snapshots: writing one leaves the process larger, so the peaks after it are not valid)')
    }
    server = await startServerProcess({ port, env, dataDir, nodeFlags })
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const idle = processMemory(server.pid)
    console.log(`  idle after start       RSS ${mb(idle.rss)} (peak while starting ${mb(idle.peak)})`)
    await snapshot(server.pid, 'idle')

    const paths = await catalogPaths(server.url)
    let catalogRequests = 0
    const catalogCpu = cpuSplit([server.pid])
    const catalog = await peakDuring(server.pid, async () => {
      // BENCH_RATE: a fixed arrival rate instead (open loop), so two runs on a shared machine do
      // the same work: the peak grows with the requests served, so closed loops compare badly there.
      const result = rate
        ? await openLoop({ origin: server!.url, paths, rate, seconds })
        : await closedLoop({ origin: server!.url, paths, concurrency: connections, seconds })
      catalogRequests = result.requests
      if (result.non2xx + result.errors > 0)
        console.log(`  (catalog: ${result.non2xx} non-2xx, ${result.errors} errors)`)
    })
    console.log(
      `  catalog, ${rate ? `${rate} requests/s` : `${connections} connections`}, ${seconds} s: peak RSS ${mb(catalog.hwm)} (sampled ${mb(catalog.sampled)}), ${catalogRequests} requests over ${paths.length} URLs`,
    )
    console.log(`    ${cpuLine(server.pid, catalogCpu, catalogRequests)}`)
    const afterCatalog = await printCaches(server.url)
    await snapshot(server.pid, 'catalog')

    const cluster = scratch ? undefined : await findRunningCluster(dataDir)
    const { db, pool } = scratch ? { db: scratch.db, pool: undefined } : createDb(cluster!.url, { max: 2 })
    const listing = (await (await fetch(`${server.url}/api/products?limit=100`)).json()) as {
      products: { id: number }[]
    }
    const accounts = await makeAccounts(
      server.url,
      db,
      connections,
      listing.products.map((p) => p.id),
    )
    await pool?.end()
    let accountRequests = { requests: 0, failures: 0 }
    const accountCpu = cpuSplit([server.pid])
    const account = await peakDuring(server.pid, async () => {
      accountRequests = await accountLoad(server!.url, accounts)
    })
    console.log(
      `  account, ${accounts.length} users, ${seconds} s:  peak RSS ${mb(account.hwm)} (sampled ${mb(account.sampled)}), ${accountRequests.requests} requests, ${accountRequests.failures} 5xx`,
    )
    console.log(`    ${cpuLine(server.pid, accountCpu, accountRequests.requests)}`)
    await printCaches(server.url, afterCatalog)
    await snapshot(server.pid, 'account')
    await new Promise((resolve) => setTimeout(resolve, 10_000))
    console.log(`  10 s after the load      RSS ${mb(processMemory(server.pid).rss)}`)
  } finally {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
    await scratch?.close()
  }
}

await main()
