import { Worker } from 'node:worker_threads'

/** What one closed-loop run measured: every request's latency in ms (sorted) and the failures. */
export interface LoopResult {
  latencies: number[]
  requests: number
  non2xx: number
  errors: number
  seconds: number
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
  parentPort.postMessage({ latencies, non2xx, errors })
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
    worker.once('message', (message: { latencies: number[]; non2xx: number; errors: number }) => {
      const latencies = [...message.latencies].sort((a, b) => a - b)
      resolve({ ...message, latencies, requests: latencies.length, seconds: options.seconds })
      void worker.terminate()
    })
    worker.once('error', reject)
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
const { origin, paths, headers, rate, seconds } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
const url = new URL(origin)
const latencies = []
let non2xx = 0, errors = 0, sent = 0, open = 0
const start = process.hrtime.bigint()
const total = Math.round(rate * seconds)
function send(due) {
  open++
  const req = http.request({ host: url.hostname, port: url.port, path: paths[sent % paths.length], headers, agent }, (res) => {
    res.resume()
    res.on('end', () => {
      open--
      latencies.push(Number(process.hrtime.bigint() - due) / 1e6)
      if (res.statusCode < 200 || res.statusCode >= 300) non2xx++
    })
  })
  req.on('error', () => { open--; errors++ })
  req.end()
}
function tick() {
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9
  while (sent < total && sent < elapsed * rate) {
    send(start + BigInt(Math.round((sent / rate) * 1e9)))
    sent++
  }
  if (sent < total) setTimeout(tick, 1)
  else {
    const waitUntil = Date.now() + 10000
    const done = () => {
      if (open > 0 && Date.now() < waitUntil) return setTimeout(done, 5)
      errors += open
      agent.destroy()
      parentPort.postMessage({ latencies, non2xx, errors })
    }
    done()
  }
}
tick()
`

/**
 * Runs the open loop (OPEN_WORKER) in a worker thread: `rate` requests per second for `seconds`,
 * cycling through `paths`; latencies (sorted) from each request's due time.
 */
export function openLoop(options: {
  origin: string
  paths: string[]
  headers?: Record<string, string>
  rate: number
  seconds: number
}): Promise<LoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(OPEN_WORKER, { eval: true, workerData: { headers: {}, ...options } })
    worker.once('message', (message: { latencies: number[]; non2xx: number; errors: number }) => {
      const latencies = [...message.latencies].sort((a, b) => a - b)
      resolve({ ...message, latencies, requests: latencies.length, seconds: options.seconds })
      void worker.terminate()
    })
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
