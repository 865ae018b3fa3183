import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '@presently/db'
import { isInheritedFlag } from '../apps/server/src/catalog-import/run-in-child.ts'
import {
  autocannonLoop,
  cpuSince,
  cpuSplit,
  openLoop,
  postgresCpuMicros,
  postmasterPid,
  processTree,
  type LoopResult,
} from './closed-loop.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The node flags of apps/server's `serve` script (what `npm start` runs), e.g.
 * ['--enable-source-maps', '--max-semi-space-size=4'], so a benchmark's server runs as the shop does.
 */
export function serveFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as {
    scripts: { serve: string }
  }
  const words = manifest.scripts.serve.trim().split(/\s+/)
  if (words[0] !== 'node')
    throw new Error(`apps/server's serve script does not start with node: ${manifest.scripts.serve}`)
  return words.slice(1).filter((word) => word.startsWith('-'))
}

/**
 * The node flags of the server's catalog-import child (apps/server/src/catalog-import/
 * run-in-child.ts, childEntry): the serve script's flags that isInheritedFlag passes on
 * (source maps, the semi-space size), not the server's old-space cap
 * (docs/decisions/catalog-jobs-process.md).
 */
export function catalogImportFlags(): string[] {
  return serveFlags().filter(isInheritedFlag)
}

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string
  /** The server's process id (for reading its CPU time). */
  pid: number
  /** Its DATA_DIR (the embedded cluster lives there unless DATABASE_URL is set). */
  dataDir: string
  /** Sends SIGTERM and waits for the process to end (so a --cpu-prof profile is written). */
  stop: () => Promise<void>
}

export interface ServerProcessOptions {
  port: number
  /** Extra `node` flags after the serve script's, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeFlags?: string[]
  /** Added to the server's environment (DATABASE_URL is passed on from this process when set). */
  env?: Record<string, string>
  /** DATA_DIR to use and keep (a second start on it finds the catalog imported); default a fresh one, removed by stop(). */
  dataDir?: string
}

/**
 * Spawns the compiled server (apps/server/dist/server.js) under node with the `serve` script's
 * flags, then `nodeFlags` (a flag given again overrides it: the last one wins), in serverEnv's
 * environment. `exit` resolves when the process exits; `hasExited()` says whether it has.
 */
export function spawnServer(
  port: number,
  dataDir: string,
  nodeFlags: readonly string[] = [],
  env: Record<string, string> = {},
): { child: ChildProcess; exit: Promise<void>; hasExited: () => boolean } {
  const child = spawn(
    process.execPath,
    [...serveFlags(), ...nodeFlags, path.join(repoRoot, 'apps/server/dist/server.js')],
    {
      cwd: repoRoot,
      env: serverEnv(port, dataDir, env),
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      resolve()
    }),
  )
  return { child, exit, hasExited: () => exited }
}

/**
 * The environment of a benchmark's server process: this process's, in production mode on
 * 127.0.0.1:`port` (APP_URL the same) with `dataDir` as DATA_DIR and warnings only in the log,
 * then `extra` over it.
 */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  }
}

/**
 * Starts the real server in its own process, the way `npm start` does (the compiled
 * apps/server/dist/server.js under node with the `serve` script's flags, built first when its sources
 * changed: turbo's cache), on 127.0.0.1:`port` with a fresh DATA_DIR in the temp folder (removed by stop()). The
 * embedded database is used unless DATABASE_URL is set. Resolves once /healthz answers 200, which
 * includes the first start's catalog import.
 * @throws Error when the process exits or /healthz does not answer within 5 minutes.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'presently-bench-server-')))
  const url = `http://127.0.0.1:${options.port}`
  buildServer()
  const { child, exit, hasExited } = spawnServer(options.port, dataDir, options.nodeFlags ?? [], options.env)
  const deadline = Date.now() + 5 * 60_000
  for (;;) {
    if (hasExited()) throw new Error(`the server process exited before ${url}/healthz answered`)
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`${url}/healthz did not answer within 5 minutes`)
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    stop: async () => {
      if (!hasExited()) child.kill('SIGTERM')
      await exit
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Builds apps/server/dist as `npm start` does (a no-op when turbo's cache holds this source's build). */
export function buildServer(): void {
  execFileSync('npx', ['turbo', 'run', 'build', '--filter=@presently/server', '--output-logs=errors-only'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** One GET of `url` through `agent` (its keep-alive connection), body read and dropped. */
function getOnce(url: string, cookie: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { cookie } }, (res) => {
        res.resume()
        res.once('end', () => resolve())
      })
      .once('error', reject)
  })
}

/**
 * Issue 24 (docs/decisions/server-processes.md): the load of a benchmark on the shop as deployed
 * with `processes` server processes (WEB_CONCURRENCY), started as `npm start` starts it on the
 * benchmark's own database (`databaseUrl`: its users, sessions and catalog). Each worker is warmed
 * by an uncounted 2 s loop; then the closed loop at `concurrency` (autocannon) prints its line and
 * the CPU of an answer by where it went (the server processes' event loops, their other threads,
 * PostgreSQL's backends, autocannon), then one open loop per arrival rate in `rates`.
 * @param line prints a result the way the calling benchmark prints its others.
 * @throws Error when the server processes do not start (startServerProcess).
 */
export async function loadOnServerProcesses(options: {
  db: Db
  databaseUrl: string
  port: number
  processes: number
  label: string
  paths: string[]
  cookie: string
  concurrency: number
  seconds: number
  rates: readonly number[]
  line: (label: string, result: LoopResult) => void
}): Promise<void> {
  const server = await startServerProcess({
    port: options.port,
    env: { DATABASE_URL: options.databaseUrl, WEB_CONCURRENCY: String(options.processes) },
    // e.g. BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node flags of the server
    // processes (workers inherit them), for a profile of each written when it stops.
    nodeFlags: (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
  })
  try {
    const loop = (seconds: number) =>
      autocannonLoop({
        origin: server.url,
        paths: options.paths,
        headers: { cookie: options.cookie },
        concurrency: options.concurrency,
        seconds,
      })
    // Each worker meets every URL before the count starts, as the in-process server did (its
    // first-call pass): one sequential pass per connection, and the primary hands each new
    // connection to the next worker in turn, so 2 passes per worker reach every worker.
    for (let pass = 0; pass < options.processes * 2; pass++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      for (const path of options.paths) await getOnce(`${server.url}${path}`, options.cookie, agent)
      agent.destroy()
    }
    await loop(2)
    const serverPids = processTree(server.pid)
    const postgres = await postmasterPid(options.db)
    const transactions = async () =>
      Number(
        (
          await options.db.$client.query<{ n: string }>(
            'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
          )
        ).rows[0]?.n ?? 0,
      )
    const transactionsBefore = await transactions()
    const before = cpuSplit(serverPids)
    const pgBefore = postgresCpuMicros(postgres)
    const closed = await loop(options.seconds)
    options.line(`${options.label}, WEB_CONCURRENCY=${options.processes}`, closed)
    const answers = Math.max(1, closed.requests)
    const { main, otherThreads: other } = cpuSince(before, serverPids, answers)
    const pg = (postgresCpuMicros(postgres) - pgBefore) / answers
    const generator = closed.generatorCpuMicros / answers
    const total = main + other + pg + generator
    // Statistics reach pg_stat_database when a backend goes idle (at most 1 s later).
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const perAnswer = ((await transactions()) - transactionsBefore) / answers
    console.log(
      `    database transactions per answer: ${perAnswer.toFixed(2)} (pg_stat_database, the benchmark's own few included)`,
    )
    console.log(
      `    CPU per answer: the main threads of the ${serverPids.length} server processes ${main.toFixed(0)} us, their other threads ${other.toFixed(0)} us, PostgreSQL ${pg.toFixed(0)} us, autocannon ${generator.toFixed(0)} us; ${total.toFixed(0)} us in all, so at most ${((os.cpus().length * 1e6) / Math.max(1, total)).toFixed(0)} answers/s on ${os.cpus().length} cores`,
    )
    const rss = serverPids.map((pid) => {
      try {
        return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
      } catch {
        return 0
      }
    })
    console.log(
      `    resident memory (MB): ${rss.map((mb) => mb.toFixed(0)).join(', ')} (the started process first, then its workers)`,
    )
    for (const rate of options.rates) {
      const open = await openLoop({
        origin: server.url,
        paths: options.paths,
        headers: { cookie: options.cookie },
        rate,
        seconds: options.seconds,
      })
      options.line(`  arriving at ${rate} req/s (open loop)`, open)
    }
  } finally {
    await server.stop()
  }
}
