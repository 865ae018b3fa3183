import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify'
import { appRouter, fullyDecode, generateLinkToken, isSecretName } from '@presently/api'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { buildTestApp, nextMail, latestMail, signedInUser, tokenFrom, withSession } from './testing/auth-helpers.ts'

/**
 * Issue 41, findings 1 and 2: no secret of a URL reaches any log line, in any spelling, and every
 * answer to a URL that carries one says no-store, noindex and no-referrer. The test walks:
 * - every REST route of the route table with a secret-named parameter (`:token`) or query
 *   parameter, and the calendar feed (its token is a file name), so a route added later is walked
 *   without being listed here;
 * - every tRPC procedure whose input has a secret-named key (GET with ?input=, batched, POST);
 * - the SPA's pages that carry a token (reset, confirm, unsubscribe, shared lists, and the gift
 *   exchange and guest links of issues 36 and 37);
 * each in the spellings of the finding (percent-encoded letters, %2D, %2F, double slashes,
 * encoded and double-encoded tokens, upper case), with real tokens where the shop makes them and
 * marked link tokens elsewhere. A log line "holds" a token when its fully percent-decoded text does.
 */
let testDb: TestDatabase
let app: FastifyInstance
let webDist: string
const lines: string[] = []
const routes: RouteOptions[] = []
const secrets = new Set<string>()

beforeAll(async () => {
  testDb = await createTestDatabase()
  webDist = await mkdtemp(path.join(os.tmpdir(), 'presently-secret-logs-'))
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  app = await buildTestApp(
    testDb.db,
    {
      WEB_DIST: webDist,
      AUTH_RATE_LIMIT_IP_MAX: 100_000,
      AUTH_RATE_LIMIT_EMAIL_MAX: 100_000,
      SHARED_LIST_RATE_LIMIT_PER_MINUTE: 100_000,
    },
    { logger: { level: 'trace', stream }, onRoute: (route) => routes.push(route) },
  )
})
afterAll(async () => {
  await app.close()
  await testDb.close()
  await rm(webDist, { recursive: true, force: true })
})

/** Every character percent-encoded. */
const encodeAll = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`).join('')

/**
 * The spellings of finding 2 of a URL that holds `token`: as made, the first letter of the path
 * encoded ("/%61pi/"), hyphens as %2D, the token encoded and double-encoded, a leading double
 * slash, the first slash inside the path as %2F, upper case around the token, a secret query
 * name encoded ("?%74oken=").
 */
function spellings(url: string, token: string): string[] {
  const queryAt = url.indexOf('?')
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt)
  const query = queryAt === -1 ? '' : url.slice(queryAt)
  return [
    ...new Set([
      url,
      pathPart.replace(/^\/([a-z])/, (_, c: string) => `/${encodeAll(c)}`) + query,
      pathPart
        .split(token)
        .map((part) => part.replace(/-/g, '%2D'))
        .join(token) + query,
      url.split(token).join(encodeAll(token)),
      url.split(token).join(encodeAll(token).replace(/%/g, '%25')),
      `/${url}`,
      pathPart.replace(/^(\/[^/]+)\//, '$1%2F') + query,
      url
        .split(token)
        .map((part) => part.toUpperCase())
        .join(token),
      url.replace(/([?&])token=/i, '$1%74oken='),
    ]),
  ]
}

interface Probe {
  method: 'GET' | 'POST' | 'HEAD'
  url: string
  token: string
  payload?: string
}

const problems: string[] = []

/** Sends the probe; an answer below 400 must carry the three privacy headers. */
async function send(probe: Probe): Promise<LightMyRequestResponse> {
  secrets.add(probe.token)
  const res = await app.inject({
    method: probe.method,
    url: probe.url,
    ...(probe.payload !== undefined && { payload: probe.payload, headers: { 'content-type': 'application/json' } }),
  })
  if (res.statusCode < 400) {
    const headers = [res.headers['cache-control'], res.headers['x-robots-tag'], res.headers['referrer-policy']]
    if (headers[0] !== 'no-store' || !String(headers[1]).includes('noindex') || headers[2] !== 'no-referrer')
      problems.push(`${probe.method} ${probe.url} -> ${res.statusCode} without privacy headers: ${headers.join(' | ')}`)
  }
  return res
}

/** The log lines that hold any secret sent so far, in any spelling. */
function leaks(): string[] {
  return lines.filter((line) => {
    const decoded = fullyDecode(line)
    return [...secrets].some((secret) => decoded.includes(secret) || decoded.toLowerCase().includes(secret))
  })
}

/** Real tokens: a reset link, a confirm link, an unsubscribe link, a calendar feed, a shared list. */
async function realTokens() {
  const email = 'walker@example.com'
  const owner = await signedInUser(app, testDb.db, email)
  const confirmMail = await latestMail(testDb.db, email, 'confirm_email')
  const unsubscribe = tokenFrom(confirmMail.links, '/unsubscribe')
  const before = await latestMail(testDb.db, email)
  await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })
  const reset = tokenFrom((await nextMail(testDb.db, email, 'reset_password', before.id)).links, '/reset-password')
  // A confirm token still unused: a second account, not confirmed.
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'later@example.com', password: 'secret1' },
  })
  const confirm = tokenFrom((await latestMail(testDb.db, 'later@example.com', 'confirm_email')).links, '/confirm-email')
  const calendarUrl = (
    await app.inject({
      method: 'POST',
      url: '/trpc/events.resetCalendarLink',
      headers: withSession(owner.token),
      payload: {},
    })
  ).json<{ result: { data: { url: string } } }>().result.data.url
  const calendar = new URL(calendarUrl).pathname.replace('/api/calendar/', '').replace('.ics', '')
  const [product] = await createTestProducts(testDb.db, [{ title: 'Kite', price: 12.5 }])
  const list = (
    await app.inject({
      method: 'POST',
      url: '/api/lists',
      headers: withSession(owner.token),
      payload: { name: 'Xmas' },
    })
  ).json<{ id: number }>()
  await app.inject({
    method: 'POST',
    url: `/api/lists/${list.id}/items`,
    headers: withSession(owner.token),
    payload: { productId: product!.id },
  })
  const shared = (
    await app.inject({ method: 'POST', url: `/api/lists/${list.id}/share`, headers: withSession(owner.token) })
  ).json<{ url: string }>().url
  return { reset, confirm, unsubscribe, calendar, shared: shared.split('/lists/shared/')[1]! }
}

/** Secret-named keys of a route's zod schema part (params or querystring), if any. */
function secretKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape).filter(isSecretName) : []
}

describe('secrets in URLs (issue 41)', () => {
  it('never reach a log line, in any spelling, and their answers are private', async () => {
    const real = await realTokens()
    for (const token of Object.values(real)) secrets.add(token)
    const probes: Probe[] = []
    const add = (method: Probe['method'], url: string, token: string, payload?: string) => {
      for (const spelled of spellings(url, token)) probes.push({ method, url: spelled, token, payload })
    }

    // REST: every route whose path or query has a secret-named parameter, from the route table.
    const walked = new Set<string>()
    for (const route of routes) {
      const methods = ([] as string[])
        .concat(route.method)
        .filter((m): m is 'GET' | 'POST' => m === 'GET' || m === 'POST')
      const querySecrets = secretKeys(route.schema?.querystring)
      const pathSecrets = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!).filter(isSecretName)
      if (querySecrets.length === 0 && pathSecrets.length === 0) continue
      const token = route.url.includes('shared-lists')
        ? real.shared
        : route.url.includes('validate-token')
          ? real.reset
          : generateLinkToken()
      let url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (isSecretName(name) ? token : '1'))
      if (querySecrets.length > 0) url += `?${querySecrets.map((name) => `${name}=${token}`).join('&')}`
      for (const method of methods) add(method, url, token, method === 'POST' ? '{}' : undefined)
      walked.add(route.url)
    }
    expect([...walked]).toEqual(
      expect.arrayContaining([
        '/api/auth/validate-token/:token',
        '/api/shared-lists/:token',
        '/api/shared-lists/:token/items/:itemId/claim',
        '/api/auth/unsubscribe/one-click',
      ]),
    )
    // The calendar feed: its token is the file name.
    add('GET', `/api/calendar/${real.calendar}.ics`, real.calendar)
    add('HEAD', `/api/calendar/${real.calendar}.ics`, real.calendar)
    add('GET', `/api/shared-lists/${real.shared}/link`, real.shared)

    // tRPC: every procedure whose input has a secret-named key.
    const procedures = (
      appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: unknown[] } }> } }
    )._def.procedures
    let trpcWalked = 0
    for (const [name, procedure] of Object.entries(procedures)) {
      const keys = procedure._def.inputs.flatMap(secretKeys)
      if (keys.length === 0) continue
      trpcWalked++
      const token = name.startsWith('sharedLists.')
        ? real.shared
        : name === 'auth.validateResetToken'
          ? real.reset
          : generateLinkToken()
      const input = Object.fromEntries([...keys.map((key) => [key, token]), ['itemId', 1]])
      const json = JSON.stringify(input)
      add('GET', `/trpc/${name}?input=${encodeURIComponent(json)}`, token)
      add('GET', `/trpc/${name}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`, token)
      add('POST', `/trpc/${name}`, token, json)
    }
    expect(trpcWalked).toBeGreaterThanOrEqual(10)

    // The SPA's pages, and the links other issues add (gift exchanges, guests).
    add('GET', `/reset-password?token=${real.reset}`, real.reset)
    add('GET', `/confirm-email?token=${real.confirm}`, real.confirm)
    add('GET', `/unsubscribe?token=${real.unsubscribe}`, real.unsubscribe)
    add('GET', `/lists/shared/${real.shared}`, real.shared)
    for (const page of ['/exchange/', '/exchanges/join/', '/my-claims/', '/api/exchanges/join/', '/guests/confirm/']) {
      const token = generateLinkToken()
      add('GET', `${page}${token}`, token)
    }
    const guest = generateLinkToken()
    add('GET', `/guest-claims/confirm?token=${guest}`, guest)

    // Malformed bodies that quote a token back in their error.
    await send({
      method: 'POST',
      url: '/api/auth/reset-password',
      token: real.reset,
      payload: `{"token":"${real.reset}","password":`,
    })

    for (const probe of probes) await send(probe)
    // The tokens were live: the answers were real ones, not only 404s.
    expect((await app.inject(`/api/shared-lists/${real.shared}`)).statusCode).toBe(200)
    expect(probes.length).toBeGreaterThan(200)
    expect(lines.length).toBeGreaterThan(probes.length)
    expect(leaks()).toEqual([])
    expect(problems).toEqual([])
  })

  it('leaves public catalog pages with a long slug public', async () => {
    const res = await app.inject('/category/arts-and-crafts-supplies')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-robots-tag']).toBeUndefined()
    expect(res.headers['cache-control']).not.toBe('no-store')
  })
})
