/**
 * Benchmark (not a test): does the answer time of forgot-password and resend-confirmation tell
 * which emails have accounts? (issue 10, docs/decisions/api-boundary.md). Sends each call over
 * HTTP on a loopback port for a known and an unknown email, TRIES times each (interleaved, after
 * a warm-up), and prints the median answer times. Asserts nothing.
 *
 *   npm run bench:auth-timing -w @presently/bench       # TRIES=15 by default
 *   DATABASE_URL=postgres://... npm run bench:auth-timing -w @presently/bench
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { createTestDatabase } from '@presently/db/testing'
import { buildTestApp, signedInUser } from '../apps/server/src/testing/auth-helpers.ts'

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

const testDb = await createTestDatabase()
const app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 100_000, AUTH_RATE_LIMIT_EMAIL_MAX: 100_000 })
await app.listen({ host: '127.0.0.1', port: 0 })
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

// forgot-password mails confirmed accounts; resend-confirmation mails unconfirmed ones.
await signedInUser(app, testDb.db, 'known-confirmed@example.com')
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

console.log(`Answer times over HTTP, median of ${TRIES} tries (after ${WARM_UP} warm-up tries), in ms`)
for (const { path, known } of calls) {
  const times = { known: [] as number[], unknown: [] as number[] }
  for (let i = 0; i < WARM_UP + TRIES; i++) {
    // Interleaved, and each try after the previous one's mail work is done, so neither case
    // pays for the other's background work.
    for (const kind of ['known', 'unknown'] as const) {
      const email = kind === 'known' ? known : `nobody-${i}@example.com`
      const ms = await post(origin, path, { email })
      await app.afterResponse.idle()
      if (i >= WARM_UP) times[kind].push(ms)
    }
  }
  const k = median(times.known)
  const u = median(times.unknown)
  console.log(
    `  ${path.padEnd(32)} known ${k.toFixed(2).padStart(6)}   unknown ${u.toFixed(2).padStart(6)}   difference ${(k - u).toFixed(2)}`,
  )
}

agent.destroy()
await app.close()
await testDb.close()
