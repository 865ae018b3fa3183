import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { eq, sessions, users } from '@presently/db'
import { buildTestApp, sessionCookie, withSession } from '../testing/auth-helpers.ts'

const CLIENT_ID = 'test-client.apps.googleusercontent.com'

let testDb: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret' })
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An ID token as Google's token endpoint returns it (the signature is not checked: it came over TLS). */
function idToken(claims: Record<string, unknown>) {
  const payload = {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    exp: Math.floor(Date.now() / 1000) + 3600,
    iat: Math.floor(Date.now() / 1000),
    ...claims,
  }
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`
}

/** Stubs Google's token endpoint (no network here); records what the server sent it. */
function mockGoogle(claims: Record<string, unknown>, status = 200) {
  const calls: { url: string; body: URLSearchParams }[] = []
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push({ url: input.url, body: new URLSearchParams(await input.text()) })
    const body =
      status === 200
        ? { access_token: 'ya29.test', token_type: 'Bearer', expires_in: 3599, id_token: idToken(claims) }
        : { error: 'invalid_grant', error_description: 'Bad Request' }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return calls
}

/** Starts the flow; returns the state and the cookies the redirect set. */
async function start() {
  const res = await app.inject({ method: 'GET', url: '/api/auth/google' })
  expect(res.statusCode).toBe(302)
  const location = new URL(res.headers.location as string)
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]))
  return { location, state: location.searchParams.get('state')!, cookies, res }
}

function callback(query: string, cookies: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/auth/google/callback?${query}`, cookies })
}

describe('Google sign-in', () => {
  it('redirects to Google with PKCE and keeps state and verifier in short-lived HttpOnly cookies', async () => {
    const { location, cookies, res } = await start()
    expect(location.origin + location.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID)
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback')
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('code_challenge')).toBeTruthy()
    expect(location.searchParams.get('scope')).toBe('openid email profile')
    expect(cookies.google_oauth_state).toBe(location.searchParams.get('state'))
    expect(cookies.google_code_verifier).toBeTruthy()
    const stateCookie = res.cookies.find((c) => c.name === 'google_oauth_state')!
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 600 })
  })

  it('creates a confirmed account without a password, signs in and redirects to /', async () => {
    const { state, cookies } = await start()
    const calls = mockGoogle({ sub: 'google-123', email: 'New.User@Gmail.com', email_verified: true, name: 'New User' })
    const res = await callback(`code=auth-code&state=${state}`, cookies)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('https://oauth2.googleapis.com/token')
    expect(calls[0]!.body.get('code')).toBe('auth-code')
    expect(calls[0]!.body.get('code_verifier')).toBe(cookies.google_code_verifier)

    const session = sessionCookie(res)!
    expect(session.httpOnly).toBe(true)
    const me = await app.inject({ method: 'GET', url: '/api/auth/session', headers: withSession(session.value) })
    expect(me.json().data.user).toMatchObject({
      email: 'new.user@gmail.com',
      hasPassword: false,
      displayName: 'New User',
      is_staff: false,
      is_admin: false,
    })
    const [user] = await testDb.db.select().from(users).where(eq(users.googleId, 'google-123'))
    expect(user!.emailConfirmedAt).toBeInstanceOf(Date)
    expect(user!.passwordHash).toBeNull()

    // Signing in again finds the same account by its Google id.
    const second = await start()
    mockGoogle({ sub: 'google-123', email: 'new.user@gmail.com', email_verified: true })
    const again = await callback(`code=code-2&state=${second.state}`, second.cookies)
    expect(again.headers.location).toBe('/')
    expect(await testDb.db.select().from(users).where(eq(users.googleId, 'google-123'))).toHaveLength(1)
  })

  it('links an unconfirmed password account by its email, dropping the unproven password', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'squatted@example.com', password: 'attacker1' },
    })
    const { state, cookies } = await start()
    mockGoogle({ sub: 'google-456', email: 'squatted@example.com', email_verified: true })
    const res = await callback(`code=c&state=${state}`, cookies)
    expect(res.headers.location).toBe('/')
    const [user] = await testDb.db.select().from(users).where(eq(users.email, 'squatted@example.com'))
    expect(user).toMatchObject({ googleId: 'google-456', passwordHash: null })
    expect(user!.emailConfirmedAt).toBeInstanceOf(Date)
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1)
  })

  it.each([
    ['a state that does not match', (s: string) => `code=c&state=${s}x`, 'google_failed'],
    ['a missing code', (s: string) => `state=${s}`, 'google_failed'],
    ['a cancelled consent', (s: string) => `error=access_denied&state=${s}`, 'google_cancelled'],
  ])('sends %s back to /auth with an error code', async (_case, query, code) => {
    const { state, cookies } = await start()
    const calls = mockGoogle({ sub: 'x', email: 'x@example.com', email_verified: true })
    const res = await callback(query(state), cookies)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(`/auth?error=${code}`)
    expect(calls).toHaveLength(0)
    expect(sessionCookie(res)?.value ?? '').toBe('')
  })

  it('refuses a callback without the flow cookies', async () => {
    const { state } = await start()
    mockGoogle({ sub: 'x', email: 'x@example.com', email_verified: true })
    const res = await callback(`code=c&state=${state}`, {})
    expect(res.headers.location).toBe('/auth?error=google_failed')
  })

  it('refuses an unverified Google email, a foreign audience and a failed code exchange', async () => {
    let flow = await start()
    mockGoogle({ sub: 'g-unverified', email: 'unverified@example.com', email_verified: false })
    expect((await callback(`code=c&state=${flow.state}`, flow.cookies)).headers.location).toBe(
      '/auth?error=google_unverified',
    )
    expect(await testDb.db.select().from(users).where(eq(users.email, 'unverified@example.com'))).toEqual([])

    flow = await start()
    mockGoogle({ sub: 'g-aud', email: 'aud@example.com', email_verified: true, aud: 'someone-else' })
    expect((await callback(`code=c&state=${flow.state}`, flow.cookies)).headers.location).toBe(
      '/auth?error=google_failed',
    )

    flow = await start()
    mockGoogle({}, 400)
    expect((await callback(`code=c&state=${flow.state}`, flow.cookies)).headers.location).toBe(
      '/auth?error=google_failed',
    )
  })

  it('reports the provider as configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: true })
    const trpc = await app.inject({ method: 'GET', url: '/trpc/auth.providers' })
    expect(trpc.json().result.data).toEqual({ google: true })
  })
})

describe('Google sign-in not configured', () => {
  it('answers 503 on both endpoints and reports the provider as off', async () => {
    const plain = await buildTestApp(testDb.db)
    for (const url of ['/api/auth/google', '/api/auth/google/callback?code=c&state=s']) {
      const res = await plain.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ success: false, message: 'Google sign-in is not configured' })
    }
    expect((await plain.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false })
    const trpc = await plain.inject({ method: 'GET', url: '/trpc/auth.providers' })
    expect(trpc.json().result.data).toEqual({ google: false })
    await plain.close()
  })
})

describe('claims the Google account holder shapes', () => {
  it('refuses a NUL or an invalid email (no 500, no account); keeps only a storable name of 100 characters', async () => {
    for (const claims of [
      { sub: 'g-nul-email', email: 'nul\u0000email@gmail.com', email_verified: true },
      { sub: 'g\u0000nul-sub', email: 'nulsub@gmail.com', email_verified: true },
      { sub: 'g-empty-email', email: '', email_verified: true },
      { sub: 'g-not-email', email: 'not an email', email_verified: true },
      { sub: '', email: 'nosub@gmail.com', email_verified: true },
    ]) {
      const { state, cookies } = await start()
      mockGoogle(claims)
      const res = await callback(`code=c&state=${state}`, cookies)
      expect([claims.sub, res.statusCode, res.headers.location]).toEqual([claims.sub, 302, '/auth?error=google_failed'])
      expect(sessionCookie(res)).toBeUndefined()
    }
    const made = await testDb.db.select({ email: users.email }).from(users)
    expect(made.map((u) => u.email)).not.toContainEqual(expect.stringMatching(/nul|nosub|^$|not an email/))

    for (const [sub, name, kept] of [
      ['g-nul-name', 'Ann\u0000Lee', null],
      ['g-surrogate-name', 'Ann\ud800', null],
      ['g-long-name', `  ${'n'.repeat(100_000)}`, 'n'.repeat(100)],
      ['g-blank-name', '   ', null],
      ['g-plain-name', ' Ann Lee ', 'Ann Lee'],
    ] as const) {
      const { state, cookies } = await start()
      mockGoogle({ sub, email: `${sub}@gmail.com`, email_verified: true, name })
      const res = await callback(`code=c&state=${state}`, cookies)
      expect([sub, res.statusCode, res.headers.location]).toEqual([sub, 302, '/'])
      const [user] = await testDb.db.select().from(users).where(eq(users.googleId, sub))
      expect(user!.displayName).toBe(kept)
    }
  })
})
