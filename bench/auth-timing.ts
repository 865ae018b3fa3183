/**
 * Benchmark (not a test): does the answer time of forgot-password and resend-confirmation tell
 * which emails have accounts? (issue 10, docs/decisions/api-boundary.md). Sends each call over
 * HTTP on a loopback port for a known and an unknown email, TRIES times each (interleaved, after
 * a warm-up), and prints the median answer times. Runs on a fresh embedded PostgreSQL cluster, or
 * on a fresh database on the server named by DATABASE_URL. Asserts nothing.
 *
 *   npm run bench:auth-timing -w @presently/bench       # TRIES=15 by default
 *   DATABASE_URL=postgres://... npm run bench:auth-timing -w @presently/bench
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { buildTestApp, signedInUser } from '../apps/server/src/testing/auth-helpers.ts'
import { embeddedTarget, serverTarget } from './lib.ts'

const TRIES = Number(process.env.TRIES ?? 15)
const WARM_UP = 5

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/** POSTs JSON and resolves with the time until the whole answer arrived, in ms. */
function post(origin: string, path: string, body: object): Promise<number> {
  const payload = Buffer.from(JSON.stringify(body))
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (res) => {
        res.resume()
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`))
          else resolve(performance.now() - started)
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const target = process.env.DATABASE_URL ? await serverTarget(process.env.DATABASE_URL) : await embeddedTarget()
console.log(`on ${target.label}`)
const app = await buildTestApp(target.db, { AUTH_RATE_LIMIT_IP_MAX: 100_000, AUTH_RATE_LIMIT_EMAIL_MAX: 100_000 })
await app.listen({ host: '127.0.0.1', port: 0 })
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

// forgot-password mails confirmed accounts; resend-confirmation mails unconfirmed ones.
await signedInUser(app, target.db, 'known-confirmed@example.com')
const register = await app.inject({
  method: 'POST',
  url: '/api/auth/register',
  payload: { email: 'known-unconfirmed@example.com', password: 'secret1' },
})
if (register.statusCode !== 201) throw new Error(`register failed: ${register.body}`)

const calls = [
  { path: '/api/auth/forgot-password', known: 'known-confirmed@example.com' },
  { path: '/api/auth/resend-confirmation', known: 'known-unconfirmed@example.com' },
]

console.log(`Median of ${TRIES} tries over HTTP (after ${WARM_UP} warm-up tries), in ms:`)
console.log('  answer = until the whole answer arrived; work = until the mail work behind it was done too')
for (const { path, known } of calls) {
  const answer = { known: [] as number[], unknown: [] as number[] }
  const work = { known: [] as number[], unknown: [] as number[] }
  for (let i = 0; i < WARM_UP + TRIES; i++) {
    // Interleaved, and each try after the previous one's mail work is done, so neither case
    // pays for the other's background work.
    for (const kind of ['known', 'unknown'] as const) {
      const email = kind === 'known' ? known : `nobody-${i}@example.com`
      const started = performance.now()
      const ms = await post(origin, path, { email })
      await app.afterResponse.idle()
      if (i < WARM_UP) continue
      answer[kind].push(ms)
      work[kind].push(performance.now() - started)
    }
  }
  const fmt = (n: number) => n.toFixed(2).padStart(6)
  console.log(
    `  ${path.padEnd(30)} answer: known ${fmt(median(answer.known))}  unknown ${fmt(median(answer.unknown))}` +
      `   work: known ${fmt(median(work.known))}  unknown ${fmt(median(work.unknown))}`,
  )
}

agent.destroy()
await app.close()
await target.close()
