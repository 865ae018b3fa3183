/**
 * One import of bench:import in a process of its own (issue 24), so the peak resident memory it
 * prints is the importer's alone, not what the benchmark's earlier imports left in its heap.
 *
 *   tsx import-feed-child.ts <database url> <feed file>
 *
 * Prints one JSON line: the summary's counts, the wall time (ms) of each phase and to the last
 * row, the process's CPU time (ms) and its peak RSS (bytes, sampled every 50 ms and at the end).
 */
import { createDb } from '@presently/db'
import { importCatalog } from '@presently/db/import'

const [url, file] = process.argv.slice(2)
if (!url || !file) throw new Error('usage: import-feed-child.ts <database url> <feed file>')
const { db, pool } = createDb(url, { max: 4 })
let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 50)
const phases: [string, number][] = []
const started = performance.now()
let lastRowMs: number | undefined
const cpu = process.cpuUsage()
try {
  const summary = await importCatalog(db, {
    file,
    mapping: { source: 'bench_feed', merchant: 'Bench Shop' },
    batchSize: 5000,
    onPhase: (phase, ms) => phases.push([phase, ms]),
    onProgress: (p) => {
      if (p.bytesRead >= p.totalBytes) lastRowMs ??= performance.now() - started
    },
  })
  const used = process.cpuUsage(cpu)
  peakRss = Math.max(peakRss, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024)
  console.log(
    JSON.stringify({
      read: summary.read,
      imported: summary.imported,
      updated: summary.updated,
      skipped: summary.skipped,
      bulk: summary.bulk,
      rowsPerSecond: summary.rowsPerSecond,
      totalMs: performance.now() - started,
      lastRowMs: lastRowMs ?? performance.now() - started,
      phases,
      cpuMs: (used.user + used.system) / 1000,
      peakRss,
    }),
  )
} finally {
  clearInterval(sampler)
  await pool.end()
}
