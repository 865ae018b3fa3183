import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { parseEnv } from './env.ts'
import { buildTestApp } from './testing/auth-helpers.ts'

/**
 * Issue 41, finding 3: with TRUST_PROXY=true a forged X-Forwarded-For became the client's
 * address, so one machine went round the per-IP limits. Now TRUST_PROXY is a hop count or the
 * proxies' addresses (parseTrustProxy). The address the shop sees is observed through the per-IP
 * limit of forgot-password (2 per window here, a new email each time so only the IP counts): a
 * client whose attempts all count against one address is refused on its third.
 */
let testDb: TestDatabase
const apps: FastifyInstance[] = []

beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await testDb.close()
})

let appCount = 0
/** An app whose TRUST_PROXY is parsed from `value` as the server parses it; its own counters. */
async function appWith(value: string) {
  appCount++
  const app = await buildTestApp(testDb.db, {
    TRUST_PROXY: parseEnv({ TRUST_PROXY: value }).TRUST_PROXY,
    AUTH_RATE_LIMIT_IP_MAX: 2,
    AUTH_RATE_LIMIT_EMAIL_MAX: 100,
  })
  apps.push(app)
  return app
}

let mailbox = 0
/** One forgot-password call through `socket` with these X-Forwarded-For entries; its status. */
async function attempt(app: FastifyInstance, socket: string, forwardedFor?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress: socket,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: `proxy-${appCount}-${mailbox++}@example.com` },
  })
  return res.statusCode
}

/** Three attempts of one client whose forged first entry changes every time. */
async function forgingClient(app: FastifyInstance, socket: string, rest: string) {
  const statuses: number[] = []
  for (let i = 1; i <= 3; i++) statuses.push(await attempt(app, socket, `198.18.7.${i}${rest}`))
  return statuses
}

describe('TRUST_PROXY (issue 41)', () => {
  it('0 hops: X-Forwarded-For is ignored, the connection is the client', async () => {
    const app = await appWith('0')
    expect(await forgingClient(app, '203.0.113.10', '')).toEqual([200, 200, 429])
    // Another connection is another client.
    expect(await attempt(app, '203.0.113.11', '203.0.113.10')).toBe(200)
  })

  it('1 hop: the last entry (the proxy’s) is the client; entries the client wrote are not believed', async () => {
    const app = await appWith('1')
    const proxy = '10.0.0.2'
    expect(await forgingClient(app, proxy, ', 203.0.113.20')).toEqual([200, 200, 429])
    // Two visitors behind the one proxy are counted apart.
    expect(await attempt(app, proxy, '203.0.113.21')).toBe(200)
    expect(await attempt(app, proxy, '198.18.0.1, 203.0.113.22')).toBe(200)
  })

  it('2 hops: the entry the outer proxy wrote is the client', async () => {
    const app = await appWith('2')
    const inner = '10.0.0.3'
    expect(await forgingClient(app, inner, ', 203.0.113.30, 10.0.0.9')).toEqual([200, 200, 429])
    expect(await attempt(app, inner, '203.0.113.31, 10.0.0.9')).toBe(200)
  })

  it('proxy addresses: entries are believed only from a listed proxy', async () => {
    const app = await appWith('10.0.0.0/8')
    expect(await forgingClient(app, '10.1.2.3', ', 203.0.113.40')).toEqual([200, 200, 429])
    // A client that reaches the shop directly and forges the header is its own address.
    const direct: number[] = []
    for (let i = 1; i <= 3; i++) direct.push(await attempt(app, '203.0.113.41', `198.18.9.${i}`))
    expect(direct).toEqual([200, 200, 429])
  })
})
