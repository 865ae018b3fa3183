/**
 * One import of bench:import in a process of its own (issue 24), so the peak resident memory it
 * prints is the importer's alone, not what the benchmark's earlier imports left in its heap.
 *
 *   tsx import-feed-child.ts <database url> <feed file> [batch size]
 *
 * bench:refresh (issue 39) runs it for the refresh too: the summary's refresh counts are printed.
 *
 * Prints one JSON line: the summary's counts, the wall time (ms) and peak RSS (bytes) of each
 * phase, when each written batch landed, the wall time to the last row, the process's CPU time (ms) and its peak RSS (bytes, sampled every 50 ms and at the end).
 */
import { createDb } from '@presently/db'
import { importCatalog } from '@presently/db/import'

const [url, file, batch] = process.argv.slice(2)
if (!url || !file) throw new Error('usage: import-feed-child.ts <database url> <feed file>')
const { db, pool } = createDb(url, { max: 4 })
let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => {
  const rss = process.memoryUsage().rss
  peakRss = Math.max(peakRss, rss)
  phasePeak = Math.max(phasePeak, rss)
}, 50)
// Per phase: its name, wall time (ms) and the peak RSS (bytes) during it.
const phases: [string, number, number][] = []
let phasePeak = 0
const started = performance.now()
let lastRowMs: number | undefined
// Each written batch's landing (ms since the start, rows written so far): where the rows phase waits.
const writes: [number, number][] = []
const cpu = process.cpuUsage()
try {
  const summary = await importCatalog(db, {
    file,
    mapping: { source: 'bench_feed', merchant: 'Bench Shop' },
    batchSize: batch ? Number(batch) : 5000,
    onPhase: (phase, ms) => {
      phases.push([phase, ms, Math.max(phasePeak, process.memoryUsage().rss)])
      phasePeak = 0
    },
    onProgress: (p) => {
      const written = p.imported + p.updated
      if (written !== (writes.at(-1)?.[1] ?? 0)) writes.push([performance.now() - started, written])
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
      refresh: summary.refresh,
      unchanged: summary.unchanged,
      withdrawn: summary.withdrawn,
      bulk: summary.bulk,
      rowsPerSecond: summary.rowsPerSecond,
      totalMs: performance.now() - started,
      lastRowMs: lastRowMs ?? performance.now() - started,
      phases,
      writes,
      cpuMs: (used.user + used.system) / 1000,
      peakRss,
    }),
  )
} finally {
  clearInterval(sampler)
  await pool.end()
}
