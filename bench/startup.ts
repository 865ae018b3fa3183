/**
 * Start-up benchmark (issue 44; not a test): how long the compiled server, started as `npm start`
 * starts it (apps/server/dist/server.js under node with the `serve` script's flags), takes from
 * its process start to listening and to its first answer, with the catalog already imported (a
 * restarted shop), on the embedded default or, with DATABASE_URL, on a scratch database of that
 * PostgreSQL server. Target (issue 44): no slower than 5.6-6.8 s to listening on the embedded
 * default.
 *
 * One uncounted start imports the catalog; then BENCH_STARTS (5) starts, each printing:
 *   listening     the first TCP connection PORT accepts (tried every 10 ms);
 *   first answer  the first GET /api/products?limit=24 (a cold catalog listing), sent as soon as
 *                 it listens, read to its end;
 *   CPU           the server process's user + system time up to the first answer (/proc: the
 *                 figure that still compares on a shared machine), and its peak RSS by then.
 * then the median of each. The embedded cluster starts and stops with each server start.
 *
 *   npm run bench:startup
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:startup
 *   BENCH_STARTS=3 BENCH_NODE_FLAGS=--max-semi-space-size=16 npm run bench:startup
 */
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createScratchDatabase } from '@presently/db/testing'
import { statCpuMicros } from './closed-loop.ts'
import { processMemory } from './process-memory.ts'
import { buildServer, serveFlags, spawnServer, startServerProcess } from './server-process.ts'

const starts = Number(process.env.BENCH_STARTS ?? 5)
const port = Number(process.env.BENCH_PORT ?? 3395)
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves when 127.0.0.1:`port` accepts a connection (false when it refuses). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

interface StartFigures {
  listeningMs: number
  firstAnswerMs: number
  cpuMs: number
  peakMb: number
}

/** One start of the server on `dataDir` (and `env`), measured, then stopped. */
async function oneStart(dataDir: string, env: Record<string, string>): Promise<StartFigures> {
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const { child, exit, hasExited } = spawnServer(port, dataDir, nodeFlags, env)
  try {
    while (!(await accepts(port))) {
      if (hasExited()) throw new Error('the server exited before it listened')
      if (performance.now() - started > 5 * 60_000) throw new Error('the server did not listen within 5 minutes')
      await sleep(10)
    }
    const listeningMs = performance.now() - started
    const answer = await fetch(`${url}/api/products?limit=24`)
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`the first answer was ${answer.status}`)
    const firstAnswerMs = performance.now() - started
    const cpuMs = statCpuMicros(`/proc/${child.pid}/stat`) / 1000
    return { listeningMs, firstAnswerMs, cpuMs, peakMb: processMemory(child.pid!).peak }
  } finally {
    if (!hasExited()) child.kill('SIGTERM')
    await exit
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, { prefix: 'presently_bench_startup' }) : undefined
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-startup-'))
  const env = { DATABASE_URL: scratch?.url ?? '' }
  console.log(
    `== start-up of the compiled server (node ${[...serveFlags(), ...nodeFlags].join(' ')}) on ${scratch ? 'PostgreSQL (DATABASE_URL)' : 'the embedded default'}, ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  try {
    buildServer()
    // The first start imports the catalog (uncounted): the others start as a restarted shop.
    const first = await startServerProcess({ port, env, dataDir })
    await first.stop()
    const runs: StartFigures[] = []
    for (let i = 0; i < starts; i++) {
      const run = await oneStart(dataDir, env)
      runs.push(run)
      console.log(
        `  start ${i + 1}: listening ${(run.listeningMs / 1000).toFixed(2)} s, first answer ${(run.firstAnswerMs / 1000).toFixed(2)} s, CPU ${(run.cpuMs / 1000).toFixed(2)} s, peak RSS ${run.peakMb.toFixed(0)} MB`,
      )
    }
    console.log(
      `  median of ${runs.length}: listening ${(median(runs.map((r) => r.listeningMs)) / 1000).toFixed(2)} s, first answer ${(median(runs.map((r) => r.firstAnswerMs)) / 1000).toFixed(2)} s, CPU ${(median(runs.map((r) => r.cpuMs)) / 1000).toFixed(2)} s, peak RSS ${median(runs.map((r) => r.peakMb)).toFixed(0)} MB (target: listening within 5.6-6.8 s on the embedded default, issue 44)`,
    )
  } finally {
    await rm(dataDir, { recursive: true, force: true })
    await scratch?.close()
  }
}

await main()
