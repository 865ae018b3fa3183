import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { emailLog, emailTokens, eq, sessions, users } from '@presently/db'
import {
  buildTestApp,
  latestMail,
  sessionCookie,
  signedInUser,
  TEST_APP_URL,
  tokenFrom,
  withSession,
} from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  // Generous limits: this file is about the flows; security.test.ts covers the limits.
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 1000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers })
/** Forgot-password and resend-confirmation mail after answering: wait for that work. */
const settled = () => app.afterResponse.idle()

describe('POST /api/auth/register', () => {
  it('creates an unconfirmed account, answers the documented shape and mails a confirmation link', async () => {
    const res = await post('/api/auth/register', { email: 'Ann@Example.com', password: 'secret1', displayName: 'Ann' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      success: true,
      data: { user: null, email: 'ann@example.com' },
      message: 'Registration successful. Please check your email to confirm your account.',
    })
    expect(sessionCookie(res)).toBeUndefined()
    const [user] = await testDb.db.select().from(users).where(eq(users.email, 'ann@example.com'))
    expect(user).toMatchObject({ displayName: 'Ann', emailConfirmedAt: null })
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/)

    const mail = await latestMail(testDb.db, 'ann@example.com', 'confirm_email')
    expect(mail.status).toBe('outbox')
    expect(mail.subject).toBe('Confirm your email address for Presently')
    expect(mail.html).toContain('lang="en-GB"')
    expect(mail.links.some((l) => l.startsWith(`${TEST_APP_URL}/confirm-email?token=`))).toBe(true)
    expect(mail.links.some((l) => l.startsWith(`${TEST_APP_URL}/unsubscribe?token=`))).toBe(true)
    expect(mail.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${TEST_APP_URL}/api/auth/unsubscribe/one-click\\?token=[a-z2-7]{32}>$`),
    )
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    // Only hashes are stored.
    const token = tokenFrom(mail.links, '/confirm-email')
    const stored = await testDb.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id))
    expect(stored.map((t) => t.tokenHash)).not.toContain(token)
  })

  it.each([
    [{ email: '', password: 'secret1' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email'],
    [{ email: 'bob@example.com', password: '' }, 'Password is required'],
    [{ email: 'bob@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: 'secret1' }, 'Email is required'],
  ])('validates %j server-side', async (payload, message) => {
    const res = await post('/api/auth/register', payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message })
  })

  it('refuses a second account with the same email, whatever its case', async () => {
    await post('/api/auth/register', { email: 'dup@example.com', password: 'secret1' })
    const res = await post('/api/auth/register', { email: 'DUP@example.com', password: 'other12' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ success: false, message: 'An account with this email address already exists' })
  })
})

describe('login, confirmation and session', () => {
  it('refuses an unconfirmed account with 403 once the password matched', async () => {
    await post('/api/auth/register', { email: 'unconfirmed@example.com', password: 'secret1' })
    const res = await post('/api/auth/login', { email: 'unconfirmed@example.com', password: 'secret1' })
    expect(res.statusCode).toBe(403)
    expect(res.json().success).toBe(false)
    expect(res.json().message).toContain('confirm your email')
    // A wrong password does not reveal that the account waits for confirmation.
    const wrong = await post('/api/auth/login', { email: 'unconfirmed@example.com', password: 'wrong-1' })
    expect(wrong.statusCode).toBe(401)
  })

  it('confirms once: valid, then reused, unknown and expired tokens fail', async () => {
    await post('/api/auth/register', { email: 'confirm@example.com', password: 'secret1' })
    const token = tokenFrom((await latestMail(testDb.db, 'confirm@example.com')).links, '/confirm-email')

    const ok = await post('/api/auth/confirm-email', { token })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ success: true, message: 'Email confirmed successfully' })
    const [user] = await testDb.db.select().from(users).where(eq(users.email, 'confirm@example.com'))
    expect(user!.emailConfirmedAt).toBeInstanceOf(Date)

    const failure = { success: false, message: 'Failed to confirm email. The token may be invalid or expired.' }
    const reused = await post('/api/auth/confirm-email', { token })
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toEqual(failure)
    const unknown = await post('/api/auth/confirm-email', { token: 'a'.repeat(32) })
    expect(unknown.json()).toEqual(failure)
    const missing = await post('/api/auth/confirm-email', {})
    expect(missing.statusCode).toBe(400)

    await post('/api/auth/register', { email: 'expired@example.com', password: 'secret1' })
    const expiredToken = tokenFrom((await latestMail(testDb.db, 'expired@example.com')).links, '/confirm-email')
    const [expiredUser] = await testDb.db.select().from(users).where(eq(users.email, 'expired@example.com'))
    await testDb.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, expiredUser!.id))
    const expired = await post('/api/auth/confirm-email', { token: expiredToken })
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toEqual(failure)
  })

  it('resends a confirmation link, and answers the same for unknown or confirmed emails', async () => {
    await post('/api/auth/register', { email: 'resend@example.com', password: 'secret1' })
    const before = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'resend@example.com'))
    const res = await post('/api/auth/resend-confirmation', { email: 'resend@example.com' })
    expect(res.json()).toEqual({ success: true, message: 'Confirmation email sent successfully.' })
    await settled()
    const after = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'resend@example.com'))
    expect(after).toHaveLength(before.length + 1)
    // The newer link works (the older one too, until it expires).
    const token = tokenFrom((await latestMail(testDb.db, 'resend@example.com')).links, '/confirm-email')
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(200)

    const unknown = await post('/api/auth/resend-confirmation', { email: 'nobody@example.com' })
    expect(unknown.json()).toEqual(res.json())
    const confirmed = await post('/api/auth/resend-confirmation', { email: 'resend@example.com' })
    expect(confirmed.json()).toEqual(res.json())
    await settled()
    const count = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'resend@example.com'))
    expect(count).toHaveLength(after.length)
    expect((await post('/api/auth/resend-confirmation', { email: 'nope' })).statusCode).toBe(400)
  })

  it('signs in with an HttpOnly, SameSite=Lax session cookie holding a token whose hash is the session id', async () => {
    const { token } = await signedInUser(app, testDb.db, 'login@example.com')
    const login = await post('/api/auth/login', { email: 'LOGIN@example.com', password: 'secret1' })
    expect(login.statusCode).toBe(200)
    expect(login.json()).toEqual({
      success: true,
      data: {
        user: {
          id: expect.any(Number),
          email: 'login@example.com',
          is_staff: false,
          is_admin: false,
          hasPassword: true,
          unsubscribed: false,
          displayName: null,
        },
      },
      message: 'Login successful',
    })
    const cookie = sessionCookie(login)!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie.secure).toBeFalsy()
    expect(cookie.value).toMatch(/^[a-z2-7]{32}$/)
    const expires = new Date(cookie.expires as Date).getTime()
    expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000)
    const stored = await testDb.db.select().from(sessions).where(eq(sessions.id, cookie.value))
    expect(stored).toEqual([]) // the id is the SHA-256, never the token

    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(session.statusCode).toBe(200)
    expect(session.json()).toEqual({ success: true, data: { user: login.json().data.user } })
    expect(session.headers['cache-control']).toBe('no-store')

    const trpc = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: withSession(token) })
    expect(trpc.json().result.data.user).toMatchObject({ email: 'login@example.com', is_staff: false, is_admin: false })
  })

  it('answers 401 Unauthorized to the session call when anonymous or with an unknown token', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/session' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ success: false, message: 'Unauthorized' })
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: withSession('a'.repeat(32)),
    })
    expect(unknown.statusCode).toBe(401)
    expect(sessionCookie(unknown)?.value).toBe('') // the stale cookie is cleared
    const trpc = await app.inject({ method: 'GET', url: '/trpc/auth.session' })
    expect(trpc.json().result.data).toEqual({ user: null })
  })

  it.each([
    ['a wrong password', 'login@example.com', 'wrong-password'],
    ['an unknown email', 'nobody@example.com', 'secret1'],
  ])('answers 401 "Invalid email or password" for %s', async (_case, email, password) => {
    const res = await post('/api/auth/login', { email, password })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, message: 'Invalid email or password' })
  })

  it('validates the login form server-side', async () => {
    const res = await post('/api/auth/login', { email: 'x', password: 'secret1' })
    expect(res.json()).toEqual({ success: false, message: 'Please enter a valid email' })
  })

  it('ends an expired session, deleting it', async () => {
    const { token, userId } = await signedInUser(app, testDb.db, 'expiry@example.com')
    await testDb.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId))
    const res = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(res.statusCode).toBe(401)
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([])
  })

  it('extends a session used past half its life and sends the cookie again', async () => {
    const { token, userId } = await signedInUser(app, testDb.db, 'rotation@example.com')
    const day = 24 * 3600 * 1000
    // 20 of 30 days left: still in the first half, nothing moves.
    await testDb.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 20 * day) })
      .where(eq(sessions.userId, userId))
    const early = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(early.statusCode).toBe(200)
    expect(sessionCookie(early)).toBeUndefined()

    // 10 days left: past half-life, extended to 30 days from now.
    await testDb.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * day) })
      .where(eq(sessions.userId, userId))
    const late = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(late.statusCode).toBe(200)
    const cookie = sessionCookie(late)!
    expect(cookie.value).toBe(token)
    expect(new Date(cookie.expires as Date).getTime()).toBeGreaterThan(Date.now() + 29 * day)
    const [row] = await testDb.db.select().from(sessions).where(eq(sessions.userId, userId))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day)
  })

  it('logs out: deletes the session and clears the cookie', async () => {
    const { token, userId } = await signedInUser(app, testDb.db, 'logout@example.com')
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: withSession(token) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Logged out' })
    const cleared = sessionCookie(res)!
    expect(cleared.value).toBe('')
    expect(new Date(cleared.expires as Date).getTime()).toBeLessThan(Date.now())
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([])
    const after = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(after.statusCode).toBe(401)
    // Logging out without a session is harmless, also with a JSON content type and no body.
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200)
    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
    })
    expect(empty.statusCode).toBe(200)
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().success).toBe(false)
  })
})

describe('forgot and reset password', () => {
  const neutral = {
    success: true,
    message: "If an account exists with that email, we've sent instructions to reset your password.",
  }

  it('answers the neutral message whatever the email, and mails only existing accounts', async () => {
    await signedInUser(app, testDb.db, 'forgot@example.com')
    const known = await post('/api/auth/forgot-password', { email: 'forgot@example.com' })
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual(neutral)
    await settled()
    const mail = await latestMail(testDb.db, 'forgot@example.com', 'reset_password')
    expect(mail.subject).toBe('Reset your Presently password')
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' })
    expect(unknown.json()).toEqual(neutral)
    await settled()
    expect(await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'ghost@example.com'))).toEqual([])
    const invalid = await post('/api/auth/forgot-password', { email: 'ghost' })
    expect(invalid.json()).toEqual({ success: false, message: 'Please enter a valid email address' })
  })

  it('validates the token, resets once, ends every session and signs in with the new password', async () => {
    const { token: sessionToken, userId } = await signedInUser(app, testDb.db, 'reset@example.com')
    await post('/api/auth/forgot-password', { email: 'reset@example.com' })
    await settled()
    const token = tokenFrom(
      (await latestMail(testDb.db, 'reset@example.com', 'reset_password')).links,
      '/reset-password',
    )

    const valid = await app.inject({ method: 'GET', url: `/api/auth/validate-token/${token}` })
    expect(valid.json()).toEqual({ valid: true })
    const bogus = await app.inject({ method: 'GET', url: `/api/auth/validate-token/${'b'.repeat(32)}` })
    expect(bogus.json()).toEqual({ valid: false })

    const short = await post('/api/auth/reset-password', { token, password: 'Ab1' })
    expect(short.json()).toEqual({ success: false, message: 'Password must be at least 8 characters' })
    const simple = await post('/api/auth/reset-password', { token, password: 'alllowercase1' })
    expect(simple.json()).toEqual({
      success: false,
      message: 'Password must include uppercase, lowercase and a number',
    })
    const long = await post('/api/auth/reset-password', { token, password: `Aa1${'x'.repeat(98)}` })
    expect(long.statusCode).toBe(400)

    const res = await post('/api/auth/reset-password', { token, password: 'NewPassw0rd' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Your password has been reset. You can now sign in with your new password.',
    })
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([])
    const oldSession = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(sessionToken) })
    expect(oldSession.statusCode).toBe(401)

    const again = await post('/api/auth/reset-password', { token, password: 'NewPassw0rd2' })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toContain('Password reset failed')
    expect((await app.inject({ method: 'GET', url: `/api/auth/validate-token/${token}` })).json()).toEqual({
      valid: false,
    })

    expect((await post('/api/auth/login', { email: 'reset@example.com', password: 'secret1' })).statusCode).toBe(401)
    expect((await post('/api/auth/login', { email: 'reset@example.com', password: 'NewPassw0rd' })).statusCode).toBe(
      200,
    )
  })

  it('refuses an expired reset link', async () => {
    await signedInUser(app, testDb.db, 'reset-expired@example.com')
    await post('/api/auth/forgot-password', { email: 'reset-expired@example.com' })
    await settled()
    const token = tokenFrom(
      (await latestMail(testDb.db, 'reset-expired@example.com', 'reset_password')).links,
      '/reset-password',
    )
    await testDb.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.purpose, 'reset_password'))
    expect((await app.inject({ method: 'GET', url: `/api/auth/validate-token/${token}` })).json()).toEqual({
      valid: false,
    })
    const res = await post('/api/auth/reset-password', { token, password: 'NewPassw0rd' })
    expect(res.statusCode).toBe(400)
  })
})

describe('unsubscribe', () => {
  it('unsubscribes with the link of any mail, twice without harm; unknown tokens fail', async () => {
    await post('/api/auth/register', { email: 'unsub@example.com', password: 'secret1' })
    const token = tokenFrom((await latestMail(testDb.db, 'unsub@example.com')).links, '/unsubscribe')
    const success = {
      success: true,
      message: 'You have been successfully unsubscribed from email notifications.',
    }
    expect((await post('/api/auth/unsubscribe', { token })).json()).toEqual(success)
    expect((await post('/api/auth/unsubscribe', { token })).json()).toEqual(success)
    const [user] = await testDb.db.select().from(users).where(eq(users.email, 'unsub@example.com'))
    expect(user!.unsubscribed).toBe(true)

    const unknown = await post('/api/auth/unsubscribe', { token: 'c'.repeat(32) })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({
      success: false,
      message: 'Failed to unsubscribe. The link may be invalid or expired.',
    })
  })

  it('accepts the one-click POST of mail clients (RFC 8058) at the List-Unsubscribe URL', async () => {
    await post('/api/auth/register', { email: 'oneclick@example.com', password: 'secret1' })
    const mail = await latestMail(testDb.db, 'oneclick@example.com')
    const url = new URL(mail.headers['List-Unsubscribe']!.slice(1, -1))
    const res = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    const [user] = await testDb.db.select().from(users).where(eq(users.email, 'oneclick@example.com'))
    expect(user!.unsubscribed).toBe(true)
    const opened = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(opened.statusCode).toBe(302)
    expect(opened.headers.location).toMatch(/^\/unsubscribe\?token=/)
  })
})

describe('GET /dev/outbox', () => {
  it('lists the outbox newest first with recipients, subjects and links', async () => {
    await post('/api/auth/register', { email: 'outbox@example.com', password: 'secret1' })
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('outbox@example.com')
    expect(res.body).toContain('Confirm your email address for Presently')
    expect(res.body).toMatch(/href="http:\/\/localhost:3000\/confirm-email\?token=[a-z2-7]{32}"/)
    expect(res.body.indexOf('outbox@example.com')).toBeLessThan(res.body.indexOf('ann@example.com'))
    // Each mail's HTML in a sandboxed iframe (escaped into srcdoc) and its text body (issue 26).
    expect(res.body).toMatch(
      /<iframe sandbox title="HTML of Confirm your email address for Presently" srcdoc="&lt;!DOCTYPE html/,
    )
    expect(res.body).toMatch(/<pre aria-label="Text of Confirm your email address for Presently">[^<]*Confirm/)
  })

  it('is shown only to this machine: 404 to another address or through a proxy', async () => {
    for (const request of [
      { remoteAddress: '203.0.113.9' },
      { remoteAddress: '10.0.0.2' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
      { headers: { forwarded: 'for=203.0.113.9' } },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/dev/outbox', ...request })
      expect([JSON.stringify(request), res.statusCode]).toEqual([JSON.stringify(request), 404])
      expect(res.body).not.toContain('@example.com')
    }
    const local = await app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '::1' })
    expect(local.statusCode).toBe(200)
  })

  it('does not exist in production', async () => {
    const production = await buildTestApp(testDb.db, { NODE_ENV: 'production' })
    const res = await production.inject({ method: 'GET', url: '/dev/outbox' })
    expect(res.statusCode).toBe(404)
    await production.close()
  })
})
