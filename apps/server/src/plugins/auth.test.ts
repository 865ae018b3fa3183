import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { setRole } from '@presently/api'
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

const json = { 'content-type': 'application/json' }

describe('sessions over tRPC', () => {
  it('signs in with auth.login, whose cookie then carries ctx.user into every procedure', async () => {
    await signedInUser(app, testDb.db, 'trpc-http@example.com')
    const login = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: json,
      payload: JSON.stringify({ email: 'trpc-http@example.com', password: 'secret1' }),
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().result.data).toMatchObject({
      user: { email: 'trpc-http@example.com' },
      message: 'Login successful',
    })
    const cookie = sessionCookie(login)!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })

    const session = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: withSession(cookie.value) })
    expect(session.json().result.data.user.email).toBe('trpc-http@example.com')

    const logout = await app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { ...json, ...withSession(cookie.value) },
      payload: '{}',
    })
    expect(sessionCookie(logout)?.value).toBe('')
    const after = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: withSession(cookie.value) })
    expect(after.json().result.data.user).toBeNull()
  })

  it('answers invalid input with the form message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      headers: json,
      payload: JSON.stringify({ email: 'not-an-email', password: 'secret1' }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Please enter a valid email')
  })

  it('refuses staff-only and admin-only procedures to a normal user over HTTP', async () => {
    const { token } = await signedInUser(app, testDb.db, 'plain@example.com')
    const staffOnly = await app.inject({
      method: 'GET',
      url: '/trpc/account.recentEmails',
      headers: withSession(token),
    })
    expect(staffOnly.statusCode).toBe(403)
    const adminOnly = await app.inject({
      method: 'POST',
      url: '/trpc/account.setRole',
      headers: { ...json, ...withSession(token) },
      payload: JSON.stringify({ email: 'plain@example.com', role: 'admin', granted: true }),
    })
    expect(adminOnly.statusCode).toBe(403)
    const anonymous = await app.inject({ method: 'GET', url: '/trpc/account.recentEmails' })
    expect(anonymous.statusCode).toBe(401)

    // Granted roles take effect on the next request (they are read with the session).
    await setRole(testDb.db, { email: 'plain@example.com', role: 'staff', granted: true })
    const asStaff = await app.inject({ method: 'GET', url: '/trpc/account.recentEmails', headers: withSession(token) })
    expect(asStaff.statusCode).toBe(200)
    const me = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(token) })
    expect(me.json().data.user).toMatchObject({ is_staff: true, is_admin: false })
  })
})
