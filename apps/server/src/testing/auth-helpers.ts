import { Writable } from 'node:stream'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { and, desc, emailLog, eq, users, type Db } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { extractLinks } from '@presently/email'
import { buildApp, type BuildAppOptions } from '../app.ts'

export const TEST_APP_URL = 'http://localhost:3000'

/** A test app on `db`: outbox mail, no SPA build, silent logs; `env` overrides any setting. */
export function buildTestApp(db: Db, env: Partial<BuildAppOptions['env']> = {}, extra: Partial<BuildAppOptions> = {}) {
  return buildApp({
    env: { APP_URL: TEST_APP_URL, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', NODE_ENV: 'test', ...env },
    db,
    logger: false,
    ...extra,
  })
}

/**
 * buildApp's `logger` option (pass as buildTestApp's `extra`) writing the app's log lines, info
 * and up as pino JSON, into `lines`: tests that read what reached the log (no secret in a link).
 */
export function logInto(lines: string[]): Pick<BuildAppOptions, 'logger'> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { logger: { level: 'info', stream } }
}

/** A logger for services that take one (mailer, scheduler) that says nothing. */
export const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined }

/**
 * A fresh test database holding the shipped catalog (~10,000 amazon.co.uk rows with its seeded
 * overrides and promos, /work/shared/data): tests of what real shoppers see. Takes tens of
 * seconds: give the beforeAll a timeout of 120 s or more.
 */
export async function shippedCatalogDatabase(): Promise<TestDatabase> {
  const testDb = await createTestDatabase()
  await importCatalog(testDb.db, { file: seedCatalogFile })
  return testDb
}

/** The "session" cookie a response set: its value and attributes, or undefined. */
export function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'session')
}

/** A Cookie header carrying `token` as the session. */
export function withSession(token: string) {
  return { cookie: `session=${token}` }
}

/** The newest mail of one kind to `to`, with the links of its text body. */
export async function latestMail(db: Db, to: string, kind?: string) {
  const [row] = await db
    .select()
    .from(emailLog)
    .where(kind ? and(eq(emailLog.toAddress, to), eq(emailLog.kind, kind)) : eq(emailLog.toAddress, to))
    .orderBy(desc(emailLog.id))
    .limit(1)
  if (!row) throw new Error(`no mail to ${to}`)
  return { ...row, links: extractLinks(row.text) }
}

/**
 * The first mail of one kind to `to` newer than the mail with id `afterId`, waiting up to
 * `timeoutMs` for it: forgot-password and resend-confirmation make their mail after answering
 * (docs/decisions/api-boundary.md), so a client over HTTP cannot know when it is there.
 */
export async function nextMail(db: Db, to: string, kind: string, afterId: number, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = await latestMail(db, to, kind).catch(() => undefined)
    if (mail && mail.id > afterId) return mail
    if (Date.now() > deadline) throw new Error(`no new ${kind} mail to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The token of the first link of `mail` whose path is `path` (e.g. "/confirm-email"). */
export function tokenFrom(links: string[], path: string): string {
  const link = links.map((l) => new URL(l)).find((u) => u.pathname === path)
  const token = link?.searchParams.get('token')
  if (!token) throw new Error(`no ${path} link in ${links.join(', ')}`)
  return token
}

/** A signed-in account of a test: its session token and user id. */
export interface TestAccount {
  token: string
  userId: number
}

/** Registers, confirms through the mailed link, and signs in; returns the session token. */
export async function signedInUser(
  app: FastifyInstance,
  db: Db,
  email: string,
  password = 'secret1',
): Promise<TestAccount> {
  const register = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } })
  if (register.statusCode !== 201) throw new Error(`register failed: ${register.body}`)
  const mail = await latestMail(db, email, 'confirm_email')
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token: tokenFrom(mail.links, '/confirm-email') },
  })
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`)
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  const cookie = sessionCookie(login)
  if (!cookie) throw new Error(`login failed: ${login.body}`)
  const [user] = await db.select().from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return { token: cookie.value, userId: user.id }
}

/**
 * Waits until `app` holds the catalog version in memory (its LISTEN connection is up; issue 24,
 * plugins/public-read-cache.ts), so its public reads are kept from then on.
 * @throws Error after `timeoutMs`.
 */
export async function catalogVersionListening(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  await app.ready()
  const until = Date.now() + timeoutMs
  while (app.catalogVersion.current() === undefined) {
    if (Date.now() > until) throw new Error('the catalog version watcher did not connect')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
