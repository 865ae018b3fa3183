import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { emailLog, eq, products } from '@presently/db'
import type { MailTransport } from '@presently/email'
import { buildTestApp, sessionCookie, signedInUser, withSession } from './testing/auth-helpers.ts'

/**
 * Issue 15: two instances of the shop on one PostgreSQL behave as one shop. Nothing per-user or
 * per-limit may live in one instance's memory: limits, sessions and the mail queue are all in
 * the database, and each instance learns of catalog writes from PostgreSQL's notifications.
 */
let testDb: TestDatabase
let a: FastifyInstance
let b: FastifyInstance
const sent = new Map<string, number>()

/** "flaky@" fails its first attempt, on whichever instance makes it. */
let flakyFailed = false

/** A transport that counts deliveries per recipient (shared by both instances, like one SMTP server). */
function countingTransport(): MailTransport {
  return {
    sendMail: (mail: { to?: unknown }) => {
      const to = String(mail.to)
      if (to.startsWith('flaky@') && !flakyFailed) {
        flakyFailed = true
        return Promise.reject(new Error('421 try again later'))
      }
      sent.set(to, (sent.get(to) ?? 0) + 1)
      return Promise.resolve({})
    },
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  const env = { AUTH_RATE_LIMIT_IP_MAX: 4, AUTH_RATE_LIMIT_EMAIL_MAX: 100 }
  a = await buildTestApp(testDb.db, env, { mailTransport: countingTransport() })
  b = await buildTestApp(testDb.db, env, { mailTransport: countingTransport() })
})
afterAll(async () => {
  await a.close()
  await b.close()
  await testDb.close()
})

describe('two instances on one database', () => {
  it('hold the login limit across both: the fifth attempt from one IP is refused wherever it lands', async () => {
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.50',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      })
    const statuses = []
    for (const app of [a, b, a, b, a, b]) statuses.push((await attempt(app)).statusCode)
    // Four per IP per window, counted once for the pair (not four on each).
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
  })

  it('accept a session made on one instance on the other, and end it everywhere on logout', async () => {
    const user = await signedInUser(a, testDb.db, 'both@example.com')
    const onB = await b.inject({ url: '/api/auth/session', headers: withSession(user.token) })
    expect(onB.json()).toMatchObject({ success: true, data: { user: { email: 'both@example.com' } } })
    const logout = await b.inject({ method: 'POST', url: '/api/auth/logout', headers: withSession(user.token) })
    expect(sessionCookie(logout)?.value).toBe('')
    expect((await a.inject({ url: '/api/auth/session', headers: withSession(user.token) })).statusCode).toBe(401)
  })

  it('see a product disabled through another database connection, despite warm caches', async () => {
    const [product] = await createTestProducts(testDb.db, [
      { title: 'Shared Cache Kite', price: 12, categoryName: 'Hobbies' },
    ])
    const search = (app: FastifyInstance) =>
      app.inject('/api/products?search=Shared%20Cache%20Kite').then((r) => r.json<{ total: number }>().total)
    // Both caches warm.
    expect([await search(a), await search(b)]).toEqual([1, 1])
    // A writer on instance A's side (the same pool any admin tool or import uses).
    await testDb.db.update(products).set({ disabled: true }).where(eq(products.id, product!.id))
    // Each instance hears of the write from PostgreSQL (LISTEN, issue 24), not from the other.
    await expect.poll(() => Promise.all([search(a), search(b)]), { timeout: 5_000 }).toEqual([0, 0])
  })

  it('send a queued mail exactly once when both retry loops run at the same time', async () => {
    // A mail whose first delivery fails is left for the retry loops.
    await a.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'flaky@example.com', password: 'secret12' },
    })
    await a.afterResponse.idle()
    await a.mailer.idle()
    const [row] = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'flaky@example.com'))
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    const later = new Date(Date.now() + 10 * 60_000)
    const tried = await Promise.all([
      a.mailer.retryDue(later),
      b.mailer.retryDue(later),
      a.mailer.retryDue(later),
      b.mailer.retryDue(later),
    ])
    expect(tried.reduce((x, y) => x + y, 0)).toBe(1)
    expect(sent.get('flaky@example.com')).toBe(1)
    const [after] = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'flaky@example.com'))
    expect(after).toMatchObject({ status: 'sent', attempts: 2 })
  })
})
