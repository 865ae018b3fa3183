import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { like, rateLimitCounters, sql } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'

/**
 * Issue 25, item 5: a stranger cannot lock a known user out of sign-in. Failures count per
 * (IP, email) for the short limit (here 3); per email across IPs only past a much higher
 * threshold (here 6), and then as a growing delay; the user's own signed-in device still signs
 * in. Two instances on one database share every counter (docs/decisions/rate-limits.md).
 */
let testDb: TestDatabase
let a: FastifyInstance
let b: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  const env = { AUTH_RATE_LIMIT_IP_MAX: 100, AUTH_RATE_LIMIT_EMAIL_MAX: 3, AUTH_LOGIN_EMAIL_FAILURE_MAX: 6 }
  a = await buildTestApp(testDb.db, env)
  b = await buildTestApp(testDb.db, env)
})
afterAll(async () => {
  await a.close()
  await b.close()
  await testDb.close()
})

function login(
  app: FastifyInstance,
  ip: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers,
    payload: { email, password },
  })
}

/** Ends the email's running delay, as if its time had passed (no waiting in tests). */
async function endDelays() {
  await testDb.db
    .update(rateLimitCounters)
    .set({ expiresAt: sql`now()` })
    .where(like(rateLimitCounters.key, 'email-delay:%'))
}

describe('sign-in lock-out (issue 25)', () => {
  it('a stranger’s failures from one IP block that IP for that email, not the user elsewhere', async () => {
    const email = 'victim@example.com'
    await signedInUser(a, testDb.db, email)
    for (let i = 0; i < 3; i++) expect((await login(a, '203.0.113.66', email, 'wrong-guess')).statusCode).toBe(401)
    // The stranger's IP is blocked for this email, on either instance ...
    expect((await login(b, '203.0.113.66', email, 'wrong-guess')).statusCode).toBe(429)
    expect((await login(a, '203.0.113.66', email, 'secret1')).statusCode).toBe(429)
    // ... the user from their own IP signs in (before: the email was locked for everyone), and
    // the stranger's IP still gets a 401 for another email.
    expect((await login(b, '198.51.100.10', email, 'secret1')).statusCode).toBe(200)
    expect((await login(a, '203.0.113.66', 'other@example.com', 'wrong-guess')).statusCode).toBe(401)
  })

  it('a correct password clears the (IP, email) count: typos alone never block the user', async () => {
    const email = 'typist@example.com'
    await signedInUser(a, testDb.db, email)
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login(a, '192.0.2.5', email, 'typo-typo')).statusCode).toBe(401)
      expect((await login(b, '192.0.2.5', email, 'secret1')).statusCode).toBe(200)
    }
  })

  it('failures from many IPs past the high threshold make each next attempt wait longer; the user’s own device still signs in', async () => {
    const email = 'famous@example.com'
    const { token } = await signedInUser(a, testDb.db, email)
    // Six failures from six IPs, split over both instances: under every per-(IP, email) limit.
    for (let i = 1; i <= 6; i++) {
      expect((await login(i % 2 ? a : b, `198.18.0.${i}`, email, 'spray-spray')).statusCode).toBe(401)
    }
    // The seventh failure passes the threshold: the next attempt, from anywhere, waits.
    expect((await login(a, '198.18.0.7', email, 'spray-spray')).statusCode).toBe(401)
    const waits: number[] = []
    for (let step = 0; step < 3; step++) {
      const held = await login(b, `198.18.1.${step}`, email, 'secret1')
      expect(held.statusCode).toBe(429)
      waits.push(Number(held.headers['retry-after']))
      // The user's own signed-in device is not held, with the correct password.
      const own = await login(a, '198.18.2.1', email, 'secret1', withSession(token))
      expect(own.statusCode).toBe(200)
      // The wait ends; one more failure from a new IP starts a longer one.
      await endDelays()
      expect((await login(a, `198.18.3.${step}`, email, 'spray-spray')).statusCode).toBe(401)
    }
    expect(waits[0]).toBeGreaterThan(0)
    expect(waits[1]).toBeGreaterThan(waits[0]!)
    expect(waits[2]).toBeGreaterThan(waits[1]!)
    // Another user's session does not count as the user's own device.
    const stranger = await signedInUser(a, testDb.db, 'stranger@example.com')
    expect((await login(a, '198.18.2.2', email, 'secret1', withSession(stranger.token))).statusCode).toBe(429)
  })
})
