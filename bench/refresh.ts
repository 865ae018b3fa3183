/**
 * Feed refresh benchmark (issue 39; not a test): a generated feed of BENCH_REFRESH_ROWS products
 * (default 1,000,000) is imported into a fresh database (the first import, bulk path), then a
 * later version of it in which 1% of the rows changed (0.8% cheaper, 0.1% stock flipped, 0.05%
 * gone, 0.05% new; see refresh-feed.ts) is imported again: a refresh. Both imports run in a child
 * process (import-feed-child.ts) with the node flags of the server's catalog-import child (a
 * scheduled refresh's import runs in a child of the server with Node's default heap:
 * docs/decisions/catalog-jobs-process.md), so the peak RSS printed is the importer's. During the refresh a
 * server process on the same database answers catalog reads (BENCH_READERS concurrent readers,
 * default 4, each cycling through listing pages, sorts, categories and searches of
 * /api/products): their latencies (p50, p95, max) before and during it are printed, and the
 * longest lock wait a products writer saw. The reads are paced by default (BENCH_READ_RATE reads
 * a second over the readers, default 100, open loop: latency counted from each read's scheduled
 * send time); BENCH_READ_RATE=0 makes the readers saturate the server instead (closed loop, each
 * reader's next read as soon as the last answered), the refresh then sharing the cores with as
 * many reads as the machine serves. The first line of figures says which mode ran
 * (docs/decisions/feed-refresh.md). Target (issue 39, 2-core machine, embedded default):
 * the refresh <= 45 s and <= 300 MB peak RSS, /api/products p95 < 100 ms during it.
 *
 *   npm run bench:refresh                                 # embedded PostgreSQL 17, 1,000,000 rows
 *   BENCH_REFRESH_ROWS=20000 npm run bench:refresh        # a smoke run
 *   BENCH_READ_RATE=0 npm run bench:refresh               # beside saturating readers
 *   DATABASE_URL=postgres://... npm run bench:refresh     # a PostgreSQL server instead
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createDb, sql, startTemporaryCluster } from '@presently/db'
import { createScratchDatabase } from '@presently/db/testing'
import { percentile } from './closed-loop.ts'
import { ONE_PERCENT, writeFeed } from './refresh-feed.ts'
import { catalogImportFlags, startServerProcess } from './server-process.ts'

const rows = Number(process.env.BENCH_REFRESH_ROWS ?? 1_000_000)
const readers = Number(process.env.BENCH_READERS ?? 4)
// Paced (open loop) by default: the reads a shop's catalog sees beside its refresh; 0 = each
// reader sends its next read as soon as the last one answered (the most the machine can serve).
const readRate = Number(process.env.BENCH_READ_RATE ?? 100)
const readMode =
  readRate > 0
    ? `paced: ${readRate} reads/s over ${readers} readers, latency from each read's scheduled send time`
    : `saturating: ${readers} closed-loop readers, no pause`
const port = Number(process.env.BENCH_PORT ?? 4590)
const batch = Number(process.env.BENCH_REFRESH_BATCH ?? 1000)
const run = promisify(execFile)
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const load = () => os.loadavg()[0]!.toFixed(2)
const here = path.dirname(fileURLToPath(import.meta.url))

interface ChildResult {
  read: number
  imported: number
  updated: number
  skipped: number
  refresh: boolean
  unchanged: number
  withdrawn: number
  bulk: boolean
  totalMs: number
  phases: [string, number, number][]
  writes?: [number, number][]
  cpuMs: number
  peakRss: number
}

async function importInChild(url: string, file: string, batchSize: number): Promise<ChildResult> {
  const { stdout } = await run(
    process.execPath,
    // The node flags of the server's catalog-import child (the feed-refresh job's import runs
    // there), so the importer is measured as it runs in the shop.
    ['--import', 'tsx', ...catalogImportFlags(), path.join(here, 'import-feed-child.ts'), url, file, String(batchSize)],
    { maxBuffer: 1 << 20 },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildResult
}

function describe(label: string, r: ChildResult, loadBefore: string): void {
  console.log(
    `  ${label}: ${(r.totalMs / 1000).toFixed(1)} s, peak RSS ${mb(r.peakRss)}, importer CPU ${(r.cpuMs / 1000).toFixed(1)} s, load ${loadBefore} -> ${load()} | read ${r.read.toLocaleString('en-GB')}: ${r.refresh ? `${r.unchanged.toLocaleString('en-GB')} unchanged, ${r.updated.toLocaleString('en-GB')} changed, ${r.imported.toLocaleString('en-GB')} new, ${r.withdrawn.toLocaleString('en-GB')} withdrawn` : `${r.imported.toLocaleString('en-GB')} new${r.bulk ? ' (bulk path)' : ''}`}`,
  )
  console.log(
    `    phases (s, peak RSS): ${r.phases.map(([p, ms, rss]) => `${p} ${(ms / 1000).toFixed(1)} (${mb(rss)})`).join(', ')}`,
  )
  if (r.refresh && r.writes?.length) {
    console.log(
      `    batches written (s since the start: rows so far): ${r.writes.map(([ms, n]) => `${(ms / 1000).toFixed(1)}: ${n.toLocaleString('en-GB')}`).join(', ')}`,
    )
  }
}

/** The catalog reads the readers cycle through (listing pages, sorts, a category, searches). */
const READS = [
  '/api/products',
  '/api/products?page=2',
  '/api/products?page=7',
  '/api/products?sort=price_asc',
  '/api/products?sort=price_desc&page=3',
  '/api/products?search=wooden%20train',
  '/api/products?search=robot',
  '/api/products?maxPrice=20',
]

/** A read slower than SLOW_MS: when (ms since the readers started), what, how long. */
interface SlowRead {
  at: number
  url: string
  ms: number
}
const SLOW_MS = 250

/**
 * Readers issuing GETs until `stop` resolves; latencies in ms, the slowest reads. With readRate >
 * 0 (open loop) reader i sends its k-th read at began + (i + k * readers) / readRate s, or at once
 * when the previous answer came later, and its latency counts from the scheduled time, so a read
 * queued behind a slow one counts its wait (no coordinated omission). With readRate 0 (closed
 * loop) each reader sends its next read when the last one answered.
 */
async function readWhile(
  base: string,
  stop: Promise<unknown>,
): Promise<{ latencies: number[]; errors: number; slow: SlowRead[] }> {
  let done = false
  void stop.finally(() => (done = true))
  const agent = new http.Agent({ keepAlive: true, maxSockets: readers })
  const latencies: number[] = []
  const slow: SlowRead[] = []
  const began = performance.now()
  let errors = 0
  const reader = async (index: number) => {
    for (let i = index * 3, k = 0; !done; i++, k++) {
      let started = performance.now()
      if (readRate > 0) {
        const scheduled = began + ((index + k * readers) * 1000) / readRate
        if (scheduled > started) await new Promise((resolve) => setTimeout(resolve, scheduled - started))
        if (done) break
        started = scheduled
      }
      const url = READS[i % READS.length] as string
      const status = await new Promise<number>((resolve) => {
        http
          .get(`${base}${url}`, { agent }, (res) => {
            res.resume()
            res.once('end', () => resolve(res.statusCode ?? 0))
          })
          .once('error', () => resolve(0))
      })
      const ms = performance.now() - started
      latencies.push(ms)
      if (ms > SLOW_MS) slow.push({ at: started - began, url, ms })
      if (status !== 200) errors++
    }
  }
  await Promise.all(Array.from({ length: readers }, (_, i) => reader(i)))
  agent.destroy()
  return { latencies, errors, slow }
}

/** A lock wait seen by sampleLocks: the waiting statement, what held the lock, the longest wait seen. */
interface LockWait {
  waiting: string
  blocker: string
  mode: string
  relation: string
  ms: number
  at: number
}

/**
 * Samples pg_stat_activity every 100 ms until `stop` resolves (issue 39: "no long lock on
 * products"): every backend waiting for a heavyweight lock, the statement of the backend it waits
 * for (pg_blocking_pids) and the lock mode it asks for, and the longest wait seen per pair.
 */
async function sampleLocks(url: string, stop: Promise<unknown>): Promise<LockWait[]> {
  const { db, pool } = createDb(url, { max: 1 })
  let done = false
  void stop.finally(() => (done = true))
  const began = performance.now()
  const waits = new Map<string, LockWait>()
  try {
    while (!done) {
      const { rows } = await db.execute<{
        waiting: string
        blocker: string
        mode: string
        relation: string
        ms: number
      }>(sql`
        select left(regexp_replace(w.query, '\\s+', ' ', 'g'), 90) as waiting,
               left(regexp_replace(coalesce(b.query, '?'), '\\s+', ' ', 'g'), 90) as blocker,
               coalesce(l.mode, '?') as mode, coalesce(l.relation::regclass::text, l.locktype, '?') as relation,
               (extract(epoch from now() - w.state_change) * 1000)::float8 as ms
        from pg_stat_activity w
        cross join lateral unnest(pg_blocking_pids(w.pid)) as bp(pid)
        left join pg_stat_activity b on b.pid = bp.pid
        left join pg_locks l on l.pid = w.pid and not l.granted
        where w.wait_event_type = 'Lock' and w.datname = current_database()`)
      for (const row of rows) {
        const key = `${row.waiting}\u0000${row.blocker}`
        const ms = Number(row.ms)
        if ((waits.get(key)?.ms ?? -1) < ms) waits.set(key, { ...row, ms, at: performance.now() - began })
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    await pool.end()
  }
  return [...waits.values()].sort((a, b) => b.ms - a.ms)
}

function latencyLine(label: string, r: { latencies: number[]; errors: number; slow?: SlowRead[] }): void {
  const sorted = [...r.latencies].sort((a, b) => a - b)
  console.log(
    `  ${label}: ${sorted.length.toLocaleString('en-GB')} reads, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms, ${r.errors} not 200`,
  )
  const slowest = [...(r.slow ?? [])].sort((a, b) => b.ms - a.ms).slice(0, 5)
  if (slowest.length) {
    console.log(
      `    slowest (s after the start): ${slowest.map((s) => `${s.url} ${s.ms.toFixed(0)} ms at ${(s.at / 1000).toFixed(1)} s`).join('; ')}`,
    )
  }
}

console.log(
  `Refresh benchmark on ${os.cpus().length} cores, Node ${process.version}, ${rows.toLocaleString('en-GB')} rows`,
)
const dir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-refresh-'))
const cluster = process.env.DATABASE_URL
  ? null
  : await startTemporaryCluster({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' })
const serverUrl = process.env.DATABASE_URL ?? cluster!.url
const scratch = await createScratchDatabase(serverUrl, { prefix: 'presently_bench' })
try {
  const first = path.join(dir, 'feed-1.csv')
  const second = path.join(dir, 'feed-2.csv')
  await writeFeed(first, rows)
  const changed = await writeFeed(second, rows, ONE_PERCENT)
  console.log(
    `feeds: ${mb((await stat(first)).size)}; the second has ${changed.price.toLocaleString('en-GB')} rows cheaper, ${changed.stock.toLocaleString('en-GB')} stock flipped, ${changed.withdrawn.toLocaleString('en-GB')} gone, ${changed.new.toLocaleString('en-GB')} new`,
  )
  console.log(`database: ${cluster ? 'embedded PostgreSQL 17 (fsync on)' : 'DATABASE_URL'}`)
  console.log(`reads: ${readMode}`)
  let loadBefore = load()
  describe('first import', await importInChild(scratch.url, first, 5000), loadBefore)

  const server = await startServerProcess({ port, env: { DATABASE_URL: scratch.url } })
  try {
    // Warm the server's caches and the database's buffers, then measure reads alone for 5 s.
    const warm = readWhile(server.url, new Promise((resolve) => setTimeout(resolve, 5000)))
    await warm
    latencyLine('reads before the refresh (5 s)', await readWhile(server.url, new Promise((r) => setTimeout(r, 5000))))
    loadBefore = load()
    const refresh = importInChild(scratch.url, second, batch)
    const during = readWhile(
      server.url,
      refresh.catch(() => undefined),
    )
    const locks = sampleLocks(
      scratch.url,
      refresh.catch(() => undefined),
    )
    const result = await refresh
    describe(`refresh (batches of ${batch})`, result, loadBefore)
    latencyLine('reads during the refresh', await during)
    const waits = await locks
    console.log(`  lock waits during the refresh (sampled every 100 ms): ${waits.length === 0 ? 'none seen' : ''}`)
    for (const w of waits.slice(0, 5)) {
      console.log(
        `    ${w.ms.toFixed(0)} ms at ${(w.at / 1000).toFixed(1)} s: "${w.waiting}" waiting for ${w.mode} on ${w.relation}, held by "${w.blocker}"`,
      )
    }
    const again = await importInChild(scratch.url, second, batch)
    describe('the same feed again (nothing changed)', again, load())
  } finally {
    await server.stop()
  }
} finally {
  await scratch.close()
  await cluster?.stop()
  await rm(dir, { recursive: true, force: true })
}
