import { Worker } from 'node:worker_threads'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const benchDir = path.dirname(fileURLToPath(import.meta.url))

/** What one closed-loop run measured: every request's latency in ms (sorted) and the failures. */
export interface LoopResult {
  latencies: number[]
  requests: number
  non2xx: number
  errors: number
  seconds: number
  /** closedLoop only: the CPU time (µs) of the load generator's own thread during the run (0 off Linux). */
  clientCpuMicros?: number
}

/**
 * The load generator, as plain JavaScript for a worker thread: `concurrency` keep-alive
 * connections each send the next path as soon as their previous answer is read (a closed loop,
 * like autocannon), for `seconds`, and report every latency.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const { origin, paths, headers, concurrency, seconds } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
const url = new URL(origin)
const latencies = []
let non2xx = 0, errors = 0, next = 0
const end = Date.now() + seconds * 1000
// This thread's CPU time (µs; clock ticks of 10 ms), so a benchmark can tell the client's share.
function threadCpu() {
  try {
    const stat = require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10000
  } catch {
    return 0
  }
}
const cpuStart = threadCpu()
function one() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint()
    const req = http.request({ host: url.hostname, port: url.port, path: paths[next++ % paths.length], headers, agent }, (res) => {
      res.resume()
      res.on('end', () => {
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6)
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx++
        resolve()
      })
    })
    req.on('error', () => { errors++; resolve() })
    req.end()
  })
}
async function loop() { while (Date.now() < end) await one() }
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  agent.destroy()
  parentPort.postMessage({ latencies, non2xx, errors, clientCpuMicros: threadCpu() - cpuStart })
})
`

/**
 * Runs the closed loop in a worker thread, so the client's own work does not queue on the
 * server's event loop when both run in one process (as they do in the benchmarks).
 */
export function closedLoop(options: {
  origin: string
  paths: string[]
  headers?: Record<string, string>
  concurrency: number
  seconds: number
}): Promise<LoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { headers: {}, ...options } })
    worker.once(
      'message',
      (message: { latencies: number[]; non2xx: number; errors: number; clientCpuMicros: number }) => {
        const latencies = [...message.latencies].sort((a, b) => a - b)
        resolve({ ...message, latencies, requests: latencies.length, seconds: options.seconds })
        void worker.terminate()
      },
    )
    worker.once('error', reject)
  })
}

/**
 * autocannon in a child process, as plain JavaScript: `concurrency` keep-alive connections, each
 * cycling through `paths`, for `seconds`; every response's latency (ms, from autocannon's
 * 'response' event), the non-2xx count, errors and timeouts, and the child's own CPU time (µs).
 */
const AUTOCANNON_CHILD = `
const autocannon = require('autocannon')
const { origin, paths, headers, concurrency, seconds } = JSON.parse(process.argv[1])
const latencies = []
let non2xx = 0
const instance = autocannon(
  { url: origin, connections: concurrency, duration: seconds, headers, requests: paths.map((path) => ({ method: 'GET', path })) },
  (error, result) => {
    if (error) {
      console.error(error)
      process.exit(1)
    }
    const cpu = process.cpuUsage()
    process.stdout.write(JSON.stringify({ latencies, non2xx, errors: result.errors + result.timeouts, cpuMicros: cpu.user + cpu.system }))
  },
)
instance.on('response', (client, statusCode, bytes, ms) => {
  latencies.push(ms)
  if (statusCode < 200 || statusCode >= 300) non2xx++
})
`

/** A closed loop's result with the load generator's own CPU time (µs, in its own process). */
export interface GeneratedLoopResult extends LoopResult {
  generatorCpuMicros: number
}

/**
 * The closed loop (concurrency connections, each sending its next request as soon as its answer
 * is read) run by autocannon in a process of its own (issue 24 names autocannon): its client
 * costs the 2-core machine about half of what Node's http client in a worker thread of the
 * server's process did (~0.2 vs ~0.4 ms of CPU an answer, measured with the CPU split below), so
 * more of the machine is left to the server. Latencies sorted, in ms.
 * @throws Error when autocannon fails or its process exits without a result.
 */
export function autocannonLoop(options: {
  origin: string
  paths: string[]
  headers?: Record<string, string>
  concurrency: number
  seconds: number
}): Promise<GeneratedLoopResult> {
  const args = JSON.stringify({ headers: {}, ...options })
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', AUTOCANNON_CHILD, args], {
      cwd: benchDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => {
      try {
        const message = JSON.parse(out) as { latencies: number[]; non2xx: number; errors: number; cpuMicros: number }
        const latencies = [...message.latencies].sort((a, b) => a - b)
        resolve({
          latencies,
          requests: latencies.length,
          non2xx: message.non2xx,
          errors: message.errors,
          seconds: options.seconds,
          generatorCpuMicros: message.cpuMicros,
        })
      } catch {
        reject(new Error(`autocannon exited with ${code} and no result`))
      }
    })
  })
}

/**
 * The open-loop generator, as plain JavaScript for a worker thread: requests start at a fixed
 * rate whatever the answers do (as a shop's visitors arrive), over as many keep-alive connections
 * as are needed; each latency is taken from the moment its request was due, so a server that
 * falls behind shows it (no coordinated omission). Requests still open at the end count as errors.
 */
const OPEN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const { origin, paths, headers, rate, seconds, warmup } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
const url = new URL(origin)
const latencies = []
let non2xx = 0, errors = 0, sent = 0, open = 0, warmupSlow = 0
const start = process.hrtime.bigint()
// The warm-up ramps the rate linearly from 0 to \`rate\` over \`warmup\` seconds (rate * warmup / 2
// requests, the k-th due at sqrt(2 * warmup * k / rate) s); the counted ones follow at \`rate\`.
const counted = Math.round((rate * warmup) / 2)
const total = counted + Math.round(rate * seconds)
const dueAt = (k) => (k < counted ? Math.sqrt((2 * warmup * k) / rate) : warmup + (k - counted) / rate)
function send(due, index) {
  open++
  const req = http.request({ host: url.hostname, port: url.port, path: paths[index % paths.length], headers, agent }, (res) => {
    res.resume()
    res.on('end', () => {
      open--
      const ms = Number(process.hrtime.bigint() - due) / 1e6
      if (index < counted) {
        if (ms > 10) warmupSlow++
        return
      }
      latencies.push(ms)
      if (res.statusCode < 200 || res.statusCode >= 300) non2xx++
    })
  })
  req.on('error', () => { open--; if (index >= counted) errors++ })
  req.end()
}
function tick() {
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9
  while (sent < total && dueAt(sent) <= elapsed) {
    send(start + BigInt(Math.round(dueAt(sent) * 1e9)), sent)
    sent++
  }
  if (sent < total) setTimeout(tick, 1)
  else {
    const waitUntil = Date.now() + 10000
    const done = () => {
      if (open > 0 && Date.now() < waitUntil) return setTimeout(done, 5)
      errors += open
      agent.destroy()
      parentPort.postMessage({ latencies, non2xx, errors, warmupSent: counted, warmupSlow })
    }
    done()
  }
}
tick()
`

/** What an open-loop run measured: a LoopResult of the counted requests, and the warm-up's. */
export interface OpenLoopResult extends LoopResult {
  /** Requests sent during the warm-up ramp (not counted), and how many of them took over 10 ms. */
  warmupSent: number
  warmupSlow: number
}

/**
 * Runs the open loop (OPEN_WORKER) in a worker thread: `rate` requests per second, cycling through
 * `paths`, for `seconds` after a warm-up of `warmup` seconds whose requests are not counted;
 * latencies (sorted) from each request's due time, so a stalled server is charged for every
 * request that should have been sent meanwhile (no coordinated omission). The warm-up (as wrk2's
 * calibration period) ramps the arrival rate from 0 up to `rate`: a step from no traffic to the
 * full rate measures the generator's own cold start (a worker thread compiling its code, a new
 * connection per request until answers come back to be reused: 200-500 sockets opened in the
 * first second here) rather than the server's steady state at that rate.
 */
export function openLoop(options: {
  origin: string
  paths: string[]
  headers?: Record<string, string>
  rate: number
  seconds: number
  /** Seconds of the uncounted ramp from 0 to `rate` before the counted ones (default 2). */
  warmup?: number
}): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(OPEN_WORKER, {
      eval: true,
      workerData: { headers: {}, warmup: 2, ...options },
    })
    worker.once(
      'message',
      (message: { latencies: number[]; non2xx: number; errors: number; warmupSent: number; warmupSlow: number }) => {
        const latencies = [...message.latencies].sort((a, b) => a - b)
        resolve({ ...message, latencies, requests: latencies.length, seconds: options.seconds })
        void worker.terminate()
      },
    )
    worker.once('error', reject)
  })
}

/**
 * A service called directly (no HTTP, no session lookup) with `concurrency` calls in flight for
 * `seconds`: call(i) with i counting up from 0 across all of them. Latencies sorted, in ms.
 */
export async function inProcessLoop(
  concurrency: number,
  seconds: number,
  call: (i: number) => Promise<unknown>,
): Promise<LoopResult> {
  const latencies: number[] = []
  const until = Date.now() + seconds * 1000
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const started = performance.now()
        await call(next++)
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return { latencies, requests: latencies.length, non2xx: 0, errors: 0, seconds }
}

/** The p-th percentile (nearest rank) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** CPU time in µs of one or more processes: their main threads and their other threads. */
export interface CpuSplit {
  main: number
  otherThreads: number
}

/**
 * The CPU times (user + system, µs) in the /proc stat file `statPath` (`/proc/<pid>/stat`,
 * `/proc/<pid>/task/<tid>/stat`): `own` from utime and stime (fields 14 and 15), `ended` from
 * cutime and cstime (fields 16 and 17: the children the process has waited for), in clock ticks of
 * 10 ms. Both 0 when the file cannot be read (a thread or process that ended; not Linux).
 */
function statTimes(statPath: string): { own: number; ended: number } {
  try {
    const stat = readFileSync(statPath, 'utf8')
    // Fields after the command name (which may hold spaces and parentheses): state is field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return {
      own: (Number(fields[11]) + Number(fields[12])) * 10_000,
      ended: (Number(fields[13]) + Number(fields[14])) * 10_000,
    }
  } catch {
    return { own: 0, ended: 0 }
  }
}

/** The CPU time (user + system, µs) of the thread or process whose /proc stat file is `statPath` (statTimes). */
export function statCpuMicros(statPath: string): number {
  return statTimes(statPath).own
}

/**
 * CPU time so far (user + system, µs, statCpuMicros) of the processes `pids` (default: this one),
 * summed: their main threads (a server's event loop) and their other threads (V8's GC helpers,
 * libuv's pool, a load generator's worker thread; a process's total counts its ended threads too).
 * Diff two readings with cpuSince. Unlike req/s, CPU per answer hardly moves with other load on
 * the machine.
 */
export function cpuSplit(pids: readonly number[] = [process.pid]): CpuSplit {
  let main = 0
  let all = 0
  for (const pid of pids) {
    main += statCpuMicros(`/proc/${pid}/task/${pid}/stat`)
    all += statCpuMicros(`/proc/${pid}/stat`)
  }
  return { main, otherThreads: Math.max(0, all - main) }
}

/** The CPU used by `pids` since `before` (cpuSplit of the same pids), per answer when `answers` is given. */
export function cpuSince(before: CpuSplit, pids: readonly number[] = [process.pid], answers = 1): CpuSplit {
  const now = cpuSplit(pids)
  return {
    main: (now.main - before.main) / answers,
    otherThreads: (now.otherThreads - before.otherThreads) / answers,
  }
}

/** `pid` and its child processes (Linux: /proc/<pid>/task/<pid>/children); [pid] alone elsewhere. */
export function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    return [pid, ...children.map(Number)]
  } catch {
    return [pid]
  }
}

/**
 * CPU time so far (µs) of a PostgreSQL server and every process it ever started: the postmaster's
 * own, its live children's (backends, walwriter, checkpointer...), and its ended children's
 * (statTimes' `ended`), so a connection closed during a run still counts. `postmasterPid` from
 * postmasterPid(). 0 when /proc cannot be read.
 */
export function postgresCpuMicros(postmasterPid: number): number {
  const { own, ended } = statTimes(`/proc/${postmasterPid}/stat`)
  const live = processTree(postmasterPid)
    .slice(1)
    .reduce((sum, pid) => sum + statCpuMicros(`/proc/${pid}/stat`), 0)
  return own + ended + live
}

/** The process id of the local PostgreSQL server `db` is connected to (its data directory's postmaster.pid). */
export async function postmasterPid(db: {
  $client: { query: <R>(sql: string) => Promise<{ rows: R[] }> }
}): Promise<number> {
  const { rows } = await db.$client.query<{ setting: string }>(
    `select setting from pg_settings where name = 'data_directory'`,
  )
  return Number(readFileSync(`${rows[0]!.setting}/postmaster.pid`, 'utf8').split('\n')[0])
}
