import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { buildTestApp, signedInUser, withSession } from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 4, AUTH_RATE_LIMIT_EMAIL_MAX: 3 })
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

const tooMany = { success: false, message: 'Too many attempts. Please try again later.' }

describe('cross-site writes', () => {
  const refused = { success: false, message: 'Cross-site request refused' }

  it('refuses a write under /api whose Origin is another site', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(refused)
  })

  it('refuses a tRPC mutation from another site, and an Origin of "null"', async () => {
    const trpc = await app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(trpc.statusCode).toBe(403)
    expect(trpc.json()).toEqual(refused)
    const nullOrigin = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'null' } })
    expect(nullOrigin.statusCode).toBe(403)
  })

  it('refuses a cross-site write without Origin when Sec-Fetch-Site says so', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode).toBe(403)
  })

  it("accepts the shop's own origin, the request's own host (dev proxy) and no Origin (curl)", async () => {
    const own = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    })
    expect(own.statusCode).toBe(200)
    const dev = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:5173', host: 'localhost:5173' },
    })
    expect(dev.statusCode).toBe(200)
    const none = await app.inject({ method: 'POST', url: '/api/auth/logout' })
    expect(none.statusCode).toBe(200)
  })

  it('leaves reads alone', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/providers',
      headers: { origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('limits login attempts per IP and call with 429 and Retry-After', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.7',
        // A fresh email each time, so only the IP limit (4) applies.
        payload: { email: `ip-${Math.random()}@example.com`, password: 'secret1' },
      })
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(401)
    const blocked = await attempt()
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual(tooMany)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)

    // Another call from the same IP and the same call from another IP are counted apart.
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: '203.0.113.7',
      payload: { email: 'someone@example.com' },
    })
    expect(register.statusCode).toBe(200)
    const otherIp = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.8',
      payload: { email: 'x@example.com', password: 'secret1' },
    })
    expect(otherIp.statusCode).toBe(401)
  })

  it('limits attempts per email across IPs', async () => {
    const attempt = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: `198.51.100.${i}`,
        payload: { email: 'Target@Example.com' },
      })
    for (let i = 1; i <= 3; i++) expect((await attempt(i)).statusCode).toBe(200)
    const blocked = await attempt(4)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual(tooMany)
  })

  it('limits the tRPC procedures too, with a tRPC error', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.resendConfirmation',
        remoteAddress: '192.0.2.50',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `trpc-${Math.random()}@example.com` }),
      })
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(200)
    const blocked = await attempt()
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.message).toBe('Too many attempts. Please try again later.')
    expect(blocked.json().error.data.code).toBe('TOO_MANY_REQUESTS')
  })

  it('limits reset-password per IP', async () => {
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: '192.0.2.60',
        payload: { token: 'd'.repeat(32), password: 'NewPassw0rd' },
      })
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(400)
    expect((await attempt()).statusCode).toBe(429)
  })
})

describe('security headers', () => {
  it('sends a restrictive Permissions-Policy on every answer: API, tRPC, errors, 404, health (issue 25)', async () => {
    const answers = await Promise.all([
      app.inject('/api/auth/providers'),
      app.inject('/trpc/auth.providers'),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } }),
      app.inject('/api/no-such-route'),
      app.inject('/healthz'),
      app.inject('/some/page'),
      app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } }),
    ])
    for (const res of answers) {
      const policy = String(res.headers['permissions-policy'])
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        expect(policy).toContain(`${feature}=()`)
    }
  })

  it('sends a CSP the SPA works under, and the other helmet headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("img-src 'self' data: https:")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("manifest-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('adds HSTS, upgrade-insecure-requests and Secure cookies when APP_URL is https', async () => {
    const secure = await buildTestApp(testDb.db, { APP_URL: 'https://shop.example' })
    const { token } = await signedInUser(secure, testDb.db, 'https-user@example.com')
    expect(token).toBeTruthy()
    const login = await secure.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'https-user@example.com', password: 'secret1' },
    })
    expect(login.cookies.find((c) => c.name === 'session')?.secure).toBe(true)
    expect(login.headers['strict-transport-security']).toContain('max-age=31536000')
    expect(String(login.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
    // The shop's own https origin is accepted for writes.
    const logout = await secure.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://shop.example', ...withSession(token) },
    })
    expect(logout.statusCode).toBe(200)
    await secure.close()
  })
})
