import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { eq, sessions, users } from '@presently/db'
import { startSession } from '@presently/api'
import { buildTestApp, sessionCookie, signedInUser, withSession } from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db)
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

const post = (url: string, token: string | undefined, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: token ? withSession(token) : {} })

/** A confirmed account without a password (as Google sign-in creates), signed in. */
async function passwordlessUser(email: string) {
  const [user] = await testDb.db
    .insert(users)
    .values({ email, emailConfirmedAt: new Date(), googleId: `g-${email}` })
    .returning()
  const { token } = await startSession(testDb.db, user!.id)
  return { token, userId: user!.id }
}

describe('/api/user/*', () => {
  it('answers 401 Unauthorized without a session', async () => {
    for (const url of ['/api/user/set-password', '/api/user/change-password', '/api/user/update-unsubscribed']) {
      const res = await post(url, undefined, {})
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, message: 'Unauthorized' })
    }
  })

  it('sets a password on an account without one, once', async () => {
    const { token } = await passwordlessUser('google-only@example.com')
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(session.json().data.user.hasPassword).toBe(false)

    const short = await post('/api/user/set-password', token, { password: '12345' })
    expect(short.json()).toEqual({ success: false, message: 'Password must be at least 6 characters' })
    const res = await post('/api/user/set-password', token, { password: 'secret1' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Password set successfully' })
    const after = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(after.json().data.user.hasPassword).toBe(true)
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'google-only@example.com', password: 'secret1' },
    })
    expect(login.statusCode).toBe(200)

    const again = await post('/api/user/set-password', token, { password: 'other12' })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toContain('already has a password')
  })

  it('changes the password, keeping this session and ending the others', async () => {
    const { token, userId } = await signedInUser(app, testDb.db, 'change@example.com')
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'change@example.com', password: 'secret1' },
    })
    const otherToken = sessionCookie(other)!.value

    const required = await post('/api/user/change-password', token, { currentPassword: '', newPassword: 'newpass1' })
    expect(required.json()).toEqual({ success: false, message: 'Current password is required' })
    const short = await post('/api/user/change-password', token, { currentPassword: 'secret1', newPassword: 'abc' })
    expect(short.json()).toEqual({ success: false, message: 'New password must be at least 6 characters' })
    const wrong = await post('/api/user/change-password', token, {
      currentPassword: 'nope-nope',
      newPassword: 'newpass1',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ success: false, message: 'Current password is incorrect' })

    const res = await post('/api/user/change-password', token, { currentPassword: 'secret1', newPassword: 'newpass1' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Password changed successfully' })
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1)
    const mine = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(mine.statusCode).toBe(200)
    const theirs = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(otherToken) })
    expect(theirs.statusCode).toBe(401)
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'change@example.com', password: 'newpass1' },
    })
    expect(login.statusCode).toBe(200)
  })

  it('refuses to change a password the account does not have', async () => {
    const { token } = await passwordlessUser('no-password@example.com')
    const res = await post('/api/user/change-password', token, { currentPassword: 'anything', newPassword: 'newpass1' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('Set Password')
  })

  it('updates the unsubscribed flag both ways', async () => {
    const { token } = await signedInUser(app, testDb.db, 'flags@example.com')
    const off = await post('/api/user/update-unsubscribed', token, { unsubscribed: true })
    expect(off.json()).toEqual({
      success: true,
      data: { unsubscribed: true },
      message: 'You have been unsubscribed from emails.',
    })
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(session.json().data.user.unsubscribed).toBe(true)
    const on = await post('/api/user/update-unsubscribed', token, { unsubscribed: false })
    expect(on.json().message).toBe('You have been subscribed to emails.')
    const invalid = await post('/api/user/update-unsubscribed', token, { unsubscribed: 'yes' })
    expect(invalid.statusCode).toBe(400)
  })
})

describe('/api/user/welcome (issue 26)', () => {
  it('is a first visit until the start is finished, then never again; 401 without a session', async () => {
    const { token } = await passwordlessUser('first-visit@example.com')
    const first = await app.inject({ method: 'GET', url: '/api/user/welcome', headers: withSession(token) })
    expect(first.json()).toEqual({ firstVisit: true })
    const done = await post('/api/user/welcome', token, {})
    expect(done.json()).toEqual({ firstVisit: false })
    const again = await app.inject({ method: 'GET', url: '/api/user/welcome', headers: withSession(token) })
    expect(again.json()).toEqual({ firstVisit: false })
    expect((await app.inject({ method: 'GET', url: '/api/user/welcome' })).statusCode).toBe(401)
    expect((await post('/api/user/welcome', undefined, {})).statusCode).toBe(401)
  })
})

describe('/api/user/display-name (issue 43 §5)', () => {
  it('sets, refuses an email address or 101 characters with the field named, and clears the name', async () => {
    expect((await post('/api/user/display-name', undefined, { displayName: 'Bea' })).statusCode).toBe(401)
    const { token } = await passwordlessUser('named@example.com')
    const set = await post('/api/user/display-name', token, { displayName: '  Bea  ' })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({ success: true, data: { displayName: 'Bea' }, message: 'Your name is saved' })
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(session.json().data.user.displayName).toBe('Bea')

    const email = await post('/api/user/display-name', token, { displayName: 'bea.sister@example.com' })
    expect(email.statusCode).toBe(400)
    expect(email.json().message).toContain('not an email address')
    const long = await post('/api/user/display-name', token, { displayName: 'x'.repeat(101) })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toContain('at most 100 characters')
    for (const hostile of [{ displayName: 5 }, { displayName: 'a\u0000b' }, {}]) {
      expect((await post('/api/user/display-name', token, hostile)).statusCode).toBe(400)
    }

    const cleared = await post('/api/user/display-name', token, { displayName: ' ' })
    expect(cleared.json()).toEqual({ success: true, data: { displayName: null }, message: 'Your name is cleared' })
  })
})
