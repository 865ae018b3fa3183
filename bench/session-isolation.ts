/**
 * Benchmark (not a test) of issue 8: many signed-in users at once on the embedded default, each
 * answer checked to be the caller's own, while others change and reset passwords, register,
 * sign out and toggle settings (apps/server/src/testing/session-isolation-load.ts).
 *
 * Starts the shop as `npm start` does (the compiled dist/server.js, embedded PostgreSQL in a fresh
 * DATA_DIR, catalog import), measures memory after start, runs the load, measures again.
 * Prints requests, errors, mix-ups (must be 0), latency percentiles, and the RSS of the Node
 * process (now and peak, VmHWM) and of its whole process tree (the cluster included).
 *
 *   npm run bench:isolation                       # concurrency 64 for 60 s
 *   BENCH_CONCURRENCY=16 BENCH_SECONDS=10 npm run bench:isolation
 */
import { spawn, execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer } from './server-process.ts'
import { createDb, findRunningCluster } from '@presently/db'
import { processMemory, treeMemory } from './memory.ts'
import { percentile, runIsolationLoad } from '../apps/server/src/testing/session-isolation-load.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 64)
const seconds = Number(process.env.BENCH_SECONDS ?? 60)
const port = Number(process.env.BENCH_PORT ?? 3391)

function report(label: string, serverPid: number, treeRoot: number) {
  const node = processMemory(serverPid)
  const tree = treeMemory(treeRoot)
  console.log(
    `  memory ${label.padEnd(12)} Node RSS ${node.rss.toFixed(0)} MB (peak ${node.peak.toFixed(0)} MB) | ` +
      `process tree ${tree.processes} processes: PSS ${tree.pss.toFixed(0)} MB (RSS summed ${tree.rss.toFixed(0)} MB)`,
  )
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-isolation-'))
  execFileSync('chmod', ['755', dataDir])
  buildServer()
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: path.join(here, '../apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WEB_DIST: '/nonexistent',
      AUTH_RATE_LIMIT_IP_MAX: '1000000',
      AUTH_RATE_LIMIT_EMAIL_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    const started = performance.now()
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`)
      const up = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    console.log(`== session isolation on the embedded default (${os.cpus().length} cores)`)
    console.log(
      `  server up in ${((performance.now() - started) / 1000).toFixed(1)} s (first start: cluster created, catalog imported)`,
    )
    await new Promise((resolve) => setTimeout(resolve, 2000))
    report('after start', server.pid!, server.pid!)

    const cluster = await findRunningCluster(dataDir)
    if (!cluster) throw new Error('no cluster found in DATA_DIR')
    const { db, pool } = createDb(cluster.url, { max: 4 })
    const writers = Math.max(1, Math.round(concurrency / 4))
    console.log(`  load: ${concurrency - writers} readers + ${writers} writers for ${seconds} s`)
    const result = await runIsolationLoad({
      baseUrl,
      db,
      readers: concurrency - writers,
      writers,
      durationMs: seconds * 1000,
    })
    await pool.end()
    const fmt = (n: number) => n.toFixed(1)
    console.log(
      `  ${result.requests} requests (${(result.requests / seconds).toFixed(0)} req/s): ${result.serverErrors} 5xx, ` +
        `${result.unexpectedUnauthorized} 401 on valid sessions, ${result.mixUps} mix-ups, ${result.otherErrors} other errors`,
    )
    console.log(
      `  latency p50 ${fmt(percentile(result.latenciesMs, 50))} / p95 ${fmt(percentile(result.latenciesMs, 95))} / ` +
        `p99 ${fmt(percentile(result.latenciesMs, 99))} ms`,
    )
    for (const sample of result.samples) console.log(`    ${sample}`)
    report('after load', server.pid!, server.pid!)
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
