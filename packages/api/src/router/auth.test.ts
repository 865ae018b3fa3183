import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { emailLog, eq, sessions, users } from '@presently/db'
import { createMailer, extractLinks } from '@presently/email'
import { AppError } from '@presently/domain'
import { createCaller } from '../root.ts'
import type { AuthPlumbing, Context, SessionUser } from '../trpc.ts'
import { validateSessionToken } from '../services/auth/session.ts'
import { ensureAdmin, setRole } from '../services/account/roles.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => testDb.close())

const silent = { info: () => {}, warn: () => {}, error: () => {} }

/** A caller as the server builds it, with a cookie jar and rate limits that count. */
function client(options: { user?: SessionUser | null; sessionId?: string | null; limit?: number } = {}) {
  const jar: { token?: string; expiresAt?: Date; cleared?: boolean } = {}
  let attempts = 0
  const auth: AuthPlumbing = {
    sessionId: options.sessionId ?? null,
    setSessionCookie: (token, expiresAt) => Object.assign(jar, { token, expiresAt }),
    clearSessionCookie: () => Object.assign(jar, { cleared: true }),
    rateLimit: () => {
      attempts += 1
      return options.limit !== undefined && attempts > options.limit
        ? Promise.reject(new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please try again later.'))
        : Promise.resolve()
    },
    recordLogin: () => Promise.resolve(),
    loginNeedsCode: () => Promise.resolve(false),
    mailer: createMailer({ db: testDb.db, logger: silent, from: 'test@presently.local' }),
    afterResponse: (_label, task) => void task(),
    appUrl: 'http://shop.test',
    providers: { google: false },
  }
  const ctx: Context = { db: testDb.db, user: options.user ?? null, auth }
  return { caller: createCaller(ctx), jar }
}

async function confirmedUser(email: string, password = 'secret1') {
  const { caller } = client()
  await caller.auth.register({ email, password })
  const [mail] = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, email))
  const token = new URL(extractLinks(mail!.text).find((l) => l.includes('/confirm-email'))!).searchParams.get('token')!
  await caller.auth.confirmEmail({ token })
  const login = client()
  await login.caller.auth.login({ email, password })
  const validation = await validateSessionToken(testDb.db, login.jar.token!)
  return validation!
}

describe('auth router', () => {
  it('registers, confirms and signs in through tRPC, setting the cookie through the plumbing', async () => {
    const { caller } = client()
    expect(await caller.auth.register({ email: 'trpc@example.com', password: 'secret1' })).toEqual({
      user: null,
      email: 'trpc@example.com',
      message: 'Registration successful. Please check your email to confirm your account.',
    })
    const { user, session } = await confirmedUser('trpc2@example.com')
    const me = client({ user, sessionId: session.id })
    expect(await me.caller.auth.session()).toEqual({
      user: {
        id: user.id,
        email: 'trpc2@example.com',
        is_staff: false,
        is_admin: false,
        hasPassword: true,
        unsubscribed: false,
        displayName: null,
      },
    })
    expect(await me.caller.auth.logout()).toEqual({ message: 'Logged out' })
    expect(me.jar.cleared).toBe(true)
    expect(await testDb.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([])
  })

  it('answers anonymous callers with user null, as the web app expects', async () => {
    expect(await client().caller.auth.session()).toEqual({ user: null })
    expect(await client().caller.auth.providers()).toEqual({ google: false })
  })

  it('rejects invalid input before any work', async () => {
    const { caller } = client()
    await expect(caller.auth.login({ email: 'nope', password: 'secret1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
  })

  it('maps service errors to tRPC codes', async () => {
    const { caller } = client()
    await expect(caller.auth.login({ email: 'ghost@example.com', password: 'secret1' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    })
    await caller.auth.register({ email: 'twice@example.com', password: 'secret1' })
    await expect(caller.auth.register({ email: 'twice@example.com', password: 'secret1' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email address already exists',
    })
    await expect(caller.auth.login({ email: 'twice@example.com', password: 'secret1' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('confirm your email'),
    })
  })

  it('counts rate-limited calls', async () => {
    const { caller } = client({ limit: 2 })
    await caller.auth.forgotPassword({ email: 'a@example.com' })
    await caller.auth.forgotPassword({ email: 'a@example.com' })
    await expect(caller.auth.forgotPassword({ email: 'a@example.com' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    })
  })
})

describe('roles are enforced by the server', () => {
  it('refuses the admin-only and staff-only procedures to a normal user', async () => {
    const { user } = await confirmedUser('normal@example.com')
    const { caller } = client({ user })
    await expect(
      caller.account.setRole({ email: 'normal@example.com', role: 'admin', granted: true }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    await expect(caller.account.recentEmails()).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(client().caller.account.recentEmails()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    const [row] = await testDb.db.select().from(users).where(eq(users.email, 'normal@example.com'))
    expect(row).toMatchObject({ isAdmin: false, isStaff: false })
  })

  it('lets staff see recent emails but not change roles; admins can do both', async () => {
    const { user } = await confirmedUser('staff@example.com')
    await setRole(testDb.db, { email: 'staff@example.com', role: 'staff', granted: true })
    const staff = client({ user: { ...user, isStaff: true } }).caller
    const emails = await staff.account.recentEmails()
    expect(emails.length).toBeGreaterThan(0)
    expect(emails[0]).not.toHaveProperty('html')
    await expect(
      staff.account.setRole({ email: 'staff@example.com', role: 'admin', granted: true }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })

    const admin = client({ user: { ...user, id: user.id, isAdmin: true } }).caller
    expect(await admin.account.recentEmails()).toEqual(emails)
    expect(await admin.account.setRole({ email: 'normal@example.com', role: 'staff', granted: true })).toMatchObject({
      email: 'normal@example.com',
      is_staff: true,
      is_admin: false,
    })
    await expect(
      admin.account.setRole({ email: 'nobody@example.com', role: 'staff', granted: true }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('ADMIN_EMAIL bootstrap', () => {
  it('creates a confirmed admin, leaves it alone on the next start, and repairs it when changed', async () => {
    expect(await ensureAdmin(testDb.db, { email: 'Boss@Example.com', password: 'Adm1nPass' })).toBe('created')
    const [created] = await testDb.db.select().from(users).where(eq(users.email, 'boss@example.com'))
    expect(created).toMatchObject({ isAdmin: true })
    expect(created!.emailConfirmedAt).toBeInstanceOf(Date)
    const login = client()
    await login.caller.auth.login({ email: 'boss@example.com', password: 'Adm1nPass' })
    expect(login.jar.token).toBeTruthy()

    expect(await ensureAdmin(testDb.db, { email: 'boss@example.com', password: 'Adm1nPass' })).toBe('unchanged')

    // A new ADMIN_PASSWORD replaces the old one and ends the admin's sessions.
    expect(await ensureAdmin(testDb.db, { email: 'boss@example.com', password: 'N3wAdminPass' })).toBe('updated')
    expect(await validateSessionToken(testDb.db, login.jar.token!)).toBeNull()
    await expect(
      client().caller.auth.login({ email: 'boss@example.com', password: 'Adm1nPass' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    await client().caller.auth.login({ email: 'boss@example.com', password: 'N3wAdminPass' })

    // An existing customer account named by ADMIN_EMAIL becomes a confirmed admin.
    await client().caller.auth.register({ email: 'promoted@example.com', password: 'secret1' })
    expect(await ensureAdmin(testDb.db, { email: 'promoted@example.com', password: 'secret1' })).toBe('updated')
    const [promoted] = await testDb.db.select().from(users).where(eq(users.email, 'promoted@example.com'))
    expect(promoted).toMatchObject({ isAdmin: true })
    expect(promoted!.emailConfirmedAt).toBeInstanceOf(Date)
  })
})
