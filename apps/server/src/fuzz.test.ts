import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify'
import fc from 'fast-check'
import { z } from 'zod'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { promoProducts, promos } from '@presently/db'
import { appRouter, setRole, startSession } from '@presently/api'
import { AUTH_MESSAGES } from '@presently/domain'
import { buildTestApp, signedInUser } from './testing/auth-helpers.ts'
import { API_DOCS_PREFIX, OPENAPI_JSON_URL } from './plugins/openapi.ts'

/**
 * Hostile input against every REST route and every tRPC procedure, signed out and signed in
 * (issue 10). The targets come from Fastify's route table (an onRoute hook) and from
 * appRouter._def.procedures, so a route or procedure added later is fuzzed without editing
 * this file. Each answer must be below 500 (the deliberate 503 of unconfigured Google sign-in
 * aside) and carry no stack trace or SQL text.
 *
 * Requests go over real HTTP on a loopback port (not inject()), so the answers are those a
 * client gets: Node's HTTP parser and limits, the raw body streams the tRPC adapter reads.
 *
 * Per target and sign-in state: a fixed matrix (each class of hostile value in each field, the
 * other fields plausible; each odd body), then FUZZ_RUNS random cases (default 12) from
 * fast-check. FUZZ_SEED replays a random failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

let testDb: TestDatabase
let app: FastifyInstance
let adminId: number
let origin: string
const routes: RouteOptions[] = []
const stats = { requests: 0, started: 0, byStatus: new Map<number, number>() }

beforeAll(async () => {
  testDb = await createTestDatabase()
  const products = await createTestProducts(testDb.db, [
    {
      title: 'Hornby Flying Scotsman',
      price: 99.99,
      brand: 'Hornby',
      categoryLevel1: 'Model Trains',
      affiliateUrl: 'https://www.amazon.co.uk/dp/B000HORNBY',
    },
    { title: 'Airfix Spitfire', price: 12.5, categoryName: 'Hobbies' },
    { title: 'Jigsaw 1000', price: 7, categoryName: 'Games' },
  ])
  const [promo] = await testDb.db
    .insert(promos)
    .values({ name: 'summer', title: 'Summer', description: '' })
    .returning()
  await testDb.db
    .insert(promoProducts)
    .values(products.map((p, position) => ({ promoId: promo!.id, productId: p.id, position })))
  app = await buildTestApp(
    testDb.db,
    { AUTH_RATE_LIMIT_IP_MAX: 1_000_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1_000_000 },
    { onRoute: (route) => void routes.push(route) },
  )
  await app.listen({ host: '127.0.0.1', port: 0 })
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  // Signed in as an admin, so staff- and admin-only procedures run their handlers too.
  const admin = await signedInUser(app, testDb.db, 'fuzz-admin@example.com')
  adminId = admin.userId
  await setRole(testDb.db, { email: 'fuzz-admin@example.com', role: 'admin', granted: true })
  await seedAdminData(admin.token, products[0]!.id)
  stats.started = Date.now()
})
/** The shared list's token of the admin's list (the plausible `token` of the shared-list calls). */
let sharedToken = 'hornby'

/**
 * The admin's own rows, each the first of its table, so that the plausible id 1 of every call
 * names a row that exists and hostile values reach the code behind the lookups: person 1 with
 * event 1, like 1, order 1, gift 1 and budgets; wish list 1 with item 1, shared.
 */
async function seedAdminData(token: string, productId: number): Promise<void> {
  const send = async (method: 'POST' | 'PUT', url: string, payload: object = {}) => {
    const res = await app.inject({ method, url, payload, cookies: { session: token } })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res.json<{ id?: number; url?: string }>()
  }
  const occasionId = 1
  const person = await send('POST', '/api/people', { name: 'Mum', relationshipId: 1 })
  await send('POST', `/api/events/person/${person.id}`, { occasionId, date: '2000-12-25' })
  await send('POST', `/api/products/${productId}/like`)
  await send('POST', '/api/clickthrough', { productId, personId: person.id, occasionId })
  await send('POST', `/api/people/${person.id}/gifts`, { title: 'Scarf', givenOn: '2020-01-01' })
  await send('PUT', `/api/people/${person.id}/budgets`, { default: 30 })
  const list = await send('POST', '/api/lists', { name: 'Christmas' })
  await send('POST', `/api/lists/${list.id}/items`, { productId })
  const share = await send('POST', `/api/lists/${list.id}/share`)
  sharedToken = share.url!.split('/lists/shared/')[1]!
}

afterAll(async () => {
  if (stats.started) {
    const seconds = ((Date.now() - stats.started) / 1000).toFixed(1)
    const statuses = [...stats.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`)
    console.info(
      `fuzz: ${stats.requests} requests in ${seconds} s (matrix + ${RUNS} random cases per target and sign-in state); ${statuses.join(', ')}`,
    )
  }
  await app.afterResponse.idle()
  await app.close()
  await testDb.close()
})

// ---------------------------------------------------------------------------------------------
// Hostile values

function deep(depth: number): unknown {
  let v: unknown = 1
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v }
  return v
}

/**
 * One representative of each class of hostile value. The matrix below puts each of them in each
 * field of each target (the other fields plausible), so every class reaches every field.
 */
const HOSTILE_CLASSES: Record<string, unknown> = {
  nul: 'a\u0000b',
  'lone high surrogate': 'x\ud800',
  'lone low surrogate': '\udc00y',
  '100 KB string': 'a'.repeat(100_000),
  'int4 max + 1': 2_147_483_648,
  'int4 min - 1': -2_147_483_649,
  'past 2^53': 9_007_199_254_740_992,
  'int8 max + 1 (text)': '9223372036854775808',
  'NaN (text)': 'NaN',
  'Infinity (text)': 'Infinity',
  '1e308': 1e308,
  negative: -1,
  zero: 0,
  fraction: 1.5,
  'empty text': '',
  // Dates PostgreSQL cannot store (issue 25: year 0 was a 500).
  'year 0 date': '0000-01-01',
  'year 10000 date': '10000-01-01',
  'SQL text': "' or 1=1; drop table users; --",
  array: ['1', '2'],
  object: { a: 1 },
  'deep JSON': deep(1_000),
  null: null,
  boolean: true,
}

const TEXT = [
  ...Object.values(HOSTILE_CLASSES).filter((v): v is string => typeof v === 'string'),
  '\u0000',
  '\udfff',
  '-Infinity',
  '1e309',
  '-0',
  '0x7fffffff',
  '2147483647',
  '9007199254740992',
  '18446744073709551616',
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u202e\ufeff\u200b😀',
  '\r\n\t',
  'null',
  '[]',
  '__proto__',
  '::',
]
const INT_EDGES = [2_147_483_647, -2_147_483_648, 4_294_967_296, 9_007_199_254_740_991, 2 ** 63, -1e308, -0, 5e-324]

/** Random hostile values: the classes above and their neighbours, random text, arrays, objects, depth. */
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...INT_EDGES),
  fc.integer(),
  fc.double(),
  fc.constantFrom(true, false, null),
)
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'id'), scalar, { maxKeys: 2 }),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000 }).map((depth) => deep(depth)) },
)

/** Bodies that are not a JSON object of the fields: broken JSON, deep JSON, the wrong content types. */
const ODD_BODIES: Body[] = [
  ...['', '{', '{"a":', 'null', '"\\u0000"', '[]', '12', '{"__proto__":{"is_admin":true}}']
    .concat(['{"constructor":{"prototype":{"x":1}}}', '['.repeat(5_000), `${'['.repeat(3_000)}${']'.repeat(3_000)}`])
    .map((payload) => ({ type: 'application/json', payload })),
  { type: 'text/plain', payload: '{}' },
  { type: 'application/x-www-form-urlencoded', payload: 'email=a&password=b' },
  { type: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
  { type: 'multipart/form-data; boundary=x', payload: '{}' },
  { type: 'application/xml', payload: '<a/>' },
  { type: 'application/json; charset=utf-16', payload: '{}' },
  { type: 'application/octet-stream', payload: '\u0000' },
  { type: '', payload: '{}' },
]

// ---------------------------------------------------------------------------------------------
// Plausible input from the schemas

/** JSON Schema (draft 2020-12, input side) of a zod schema. */
interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  minimum?: number
  minLength?: number
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
}

/**
 * A value the field's schema accepts, or close to it: the first enum value, the smallest
 * allowed number (at least 1: the ids of the seeded rows), a real email or password, "hornby".
 * Cases start from these so that one hostile field reaches the code behind validation.
 */
function plausible(schema: JsonSchema | undefined, key = ''): unknown {
  if (!schema) return key === 'token' ? sharedToken : 'hornby'
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  if (schema.anyOf?.length) return plausible(schema.anyOf[0])
  const type = [schema.type].flat()[0]
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1)
  if (type === 'boolean') return true
  if (type === 'object') return plausibleFields(schema)
  if (type === 'array') return []
  // Not the admin's own email: a fuzzed account.setRole must not revoke the admin mid-run.
  if (schema.format === 'email') return 'someone@example.com'
  if (key === 'token') return sharedToken
  if ((schema.minLength ?? 0) >= 6) return 'Passw0rdX'
  return 'hornby'
}

/** Plausible values of every field of a zod object schema ({} for no schema). */
function plausibleFields(schema: unknown): Record<string, unknown> {
  const json =
    schema instanceof z.ZodType
      ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      : (schema as JsonSchema | undefined)
  return Object.fromEntries(Object.entries(json?.properties ?? {}).map(([k, v]) => [k, plausible(v, k)]))
}

/**
 * Random input for fields: mostly the plausible input (some fields left out) with one field
 * hostile; sometimes every field hostile; sometimes with unknown fields.
 */
function randomFields(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(base)
  const extra = fc.dictionary(fc.constantFrom('extra', 'is_admin', 'userId', '__proto__', 'x'.repeat(300)), value, {
    maxKeys: 2,
  })
  const oneHostile = keys.length
    ? fc.tuple(fc.subarray(keys), fc.constantFrom(...keys), value).map(([kept, key, hostile]) => ({
        ...Object.fromEntries(kept.map((k) => [k, base[k]])),
        [key]: hostile,
      }))
    : fc.constant({})
  const allHostile = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })
    : fc.constant({})
  return fc
    .tuple(fc.oneof({ weight: 4, arbitrary: oneHostile }, { weight: 1, arbitrary: allHostile }), fc.option(extra))
    .map(([fields, unknown]) => (unknown ? { ...unknown, ...fields } : fields))
}

// ---------------------------------------------------------------------------------------------
// Targets

interface Body {
  type: string
  payload: string
}
interface Request {
  method: HTTPMethods
  url: string
  headers: Record<string, string>
  payload?: string
}
/** The parts of one call: path parameters, query fields, and a body (JSON of fields or raw). */
interface Parts {
  params: Record<string, unknown>
  query: Record<string, unknown>
  body?: Record<string, unknown> | Body
}
interface Target {
  name: string
  /** The plausible parts; `body` undefined when the call takes none. */
  base: Parts
  takesBody: boolean
  build: (parts: Parts) => Request
}

/** Percent-encodes text, including lone surrogates (as the invalid UTF-8 a raw client could send). */
function pct(value: unknown): string {
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')
  try {
    return encodeURIComponent(s)
  } catch {
    return [...s]
      .map((ch) => {
        try {
          return encodeURIComponent(ch)
        } catch {
          return '%ED%A0%80'
        }
      })
      .join('')
  }
}

function queryString(fields: Record<string, unknown>): string {
  const parts = Object.entries(fields).flatMap(([key, v]) =>
    Array.isArray(v) ? v.map((item) => `${pct(key)}=${pct(item)}`) : [`${pct(key)}=${pct(v)}`],
  )
  return parts.length ? `?${parts.join('&')}` : ''
}

const isRawBody = (body: Parts['body']): body is Body =>
  body !== undefined &&
  typeof body.type === 'string' &&
  typeof body.payload === 'string' &&
  Object.keys(body).length === 2

function encodeBody(body: Parts['body']): { headers: Record<string, string>; payload?: string } {
  if (body === undefined) return { headers: {} }
  if (isRawBody(body)) return { headers: body.type ? { 'content-type': body.type } : {}, payload: body.payload }
  return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }
}

/** The routes a visitor can call under /api (the reference's own pages aside), from Fastify's table. */
function restTargets(): Target[] {
  const isDocs = (url: string) => url === OPENAPI_JSON_URL || url.startsWith(API_DOCS_PREFIX)
  return routes
    .filter((r) => r.url.startsWith('/api/') && !isDocs(r.url))
    .flatMap((r) => [r.method].flat().map((method) => ({ method, route: r })))
    .filter(({ method }) => method !== 'HEAD')
    .map(({ method, route }) => {
      const schema = route.schema ?? {}
      const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
      const params = { ...Object.fromEntries(names.map((n) => [n, 1])), ...plausibleFields(schema.params) }
      const takesBody = method !== 'GET'
      return {
        name: `${method} ${route.url}`,
        base: {
          params,
          query: plausibleFields(schema.querystring),
          body: takesBody ? plausibleFields(schema.body) : undefined,
        },
        takesBody,
        build: ({ params: values, query, body }) => {
          let url = route.url
          // A left-out path parameter becomes a blank segment.
          for (const name of names) url = url.replace(`:${name}`, name in values ? pct(values[name]) || '%20' : '%20')
          return { method, url: url + queryString(query), ...encodeBody(body) }
        },
      }
    })
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] }
}

/**
 * Every tRPC procedure, from the router's own table. A query sends its input as ?input=JSON
 * (the batch form for every other case); a mutation as a JSON body.
 */
function trpcTargets(): Target[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>
  let turn = 0
  return Object.entries(procedures).map(([path, procedure]) => {
    const query = procedure._def.type === 'query'
    return {
      name: `tRPC ${procedure._def.type} ${path}`,
      base: { params: {}, query: {}, body: plausibleFields(procedure._def.inputs[0]) },
      takesBody: true,
      build: ({ body }) => {
        if (!query) return { method: 'POST', url: `/trpc/${path}`, ...encodeBody(body) }
        const input = isRawBody(body) ? body.payload : JSON.stringify(body ?? {})
        turn += 1
        const url =
          turn % 2
            ? `/trpc/${path}?input=${pct(input)}`
            : `/trpc/${path}?batch=1&input=${pct(`{"0":${input || 'null'}}`)}`
        return { method: 'GET', url, headers: {} }
      },
    }
  })
}

/**
 * The deterministic matrix of one target: each hostile class in each field of each part (the
 * other fields plausible), an unknown field, and for calls with a body each odd body.
 */
function matrix(target: Target): Request[] {
  const cases: Parts[] = [target.base]
  for (const part of ['params', 'query', 'body'] as const) {
    const fields = target.base[part]
    if (!fields || isRawBody(fields)) continue
    for (const key of Object.keys(fields)) {
      for (const hostile of Object.values(HOSTILE_CLASSES)) {
        cases.push({ ...target.base, [part]: { ...fields, [key]: hostile } })
      }
    }
    cases.push({ ...target.base, [part]: { ...fields, unknownField: 'a\u0000b', ['__proto__']: { is_admin: true } } })
  }
  if (target.takesBody) for (const body of ODD_BODIES) cases.push({ ...target.base, body })
  return cases.map((parts) => target.build(parts))
}

/** Random cases of one target (fast-check), on top of the matrix. */
function randomCases(target: Target): fc.Arbitrary<Request> {
  const { base } = target
  const body = target.takesBody
    ? fc.oneof(
        { weight: 4, arbitrary: randomFields(base.body as Record<string, unknown>) },
        { weight: 1, arbitrary: fc.constantFrom<Parts['body']>(...ODD_BODIES) },
      )
    : fc.constant(undefined)
  return fc
    .record({ params: randomFields(base.params), query: randomFields(base.query), body })
    .map((parts) => target.build(parts))
}

// ---------------------------------------------------------------------------------------------
// The property

/** Text that only an internal error would put in a body: stack frames, source paths, SQL, driver errors. */
const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules|\.ts:\d+|file:\/\//,
  /\b(select|insert into|update|delete from)\b[^"]{0,80}\b(from|set|values|where)\b/i,
  /invalid byte sequence|out of range for type|violates|syntax error at|relation "|column "|duplicate key/i,
  /\b(TypeError|RangeError|ReferenceError)\b/,
  /\b(postgres|pglite|drizzle|node-postgres)\b/i,
]

/** One request over HTTP; resolves with the status, the body as text and the Set-Cookie lines. */
function httpRequest(
  request: Request,
  cookie: string | undefined,
): Promise<{ statusCode: number; body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = request.payload === undefined ? undefined : Buffer.from(request.payload)
    const headers: Record<string, string> = { ...request.headers, ...(cookie ? { cookie } : {}) }
    if (payload) headers['content-length'] = String(payload.length)
    const req = http.request(`${origin}${request.url}`, { method: request.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          statusCode: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          setCookie: res.headers['set-cookie'] ?? [],
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** The admin's current session token; a new one after a case ended it (a fuzzed logout). */
let sessionToken: string | undefined

/** Sends one case (signed in: with the admin's session) and checks the answer. */
async function check(request: Request, signedIn: boolean): Promise<void> {
  if (signedIn) sessionToken ??= (await startSession(testDb.db, adminId)).token
  const res = await httpRequest(request, signedIn ? `session=${sessionToken}` : undefined)
  if (res.setCookie.some((c) => c.startsWith('session=;'))) sessionToken = undefined
  stats.requests += 1
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1)
  const where = `${request.method} ${request.url.slice(0, 300)} ${request.payload?.slice(0, 200) ?? ''}`
  const googleOff =
    res.statusCode === 503 &&
    request.url.startsWith('/api/auth/google') &&
    res.body.includes(AUTH_MESSAGES.googleNotConfigured)
  if (!googleOff) expect(res.statusCode, `${where} -> ${res.statusCode} ${res.body.slice(0, 500)}`).toBeLessThan(500)
  for (const leak of LEAKS) expect(res.body, `${where} leaked ${leak}`).not.toMatch(leak)
}

/**
 * The matrix, then RUNS random cases. A random failure is reported short (the request cut to a
 * few hundred characters, and the seed to replay it), not as fast-check's full counterexample,
 * which can be 100 KB of hostile text.
 */
async function fuzz(target: Target, signedIn: boolean): Promise<void> {
  for (const request of matrix(target)) await check(request, signedIn)
  const result = await fc.check(
    fc.asyncProperty(randomCases(target), (request) => check(request, signedIn)),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  )
  if (result.failed) {
    const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)
    throw new Error(`${target.name} failed (FUZZ_SEED=${result.seed}): ${error.slice(0, 1500)}`)
  }
}

/** The signed-in cases really ran as the admin, to the end (no fuzzed call revoked the role). */
async function expectStillAdmin(): Promise<void> {
  sessionToken ??= (await startSession(testDb.db, adminId)).token
  const res = await httpRequest({ method: 'GET', url: '/api/auth/session', headers: {} }, `session=${sessionToken}`)
  expect(JSON.parse(res.body)).toMatchObject({ data: { user: { id: adminId, is_admin: true } } })
}

/** Calls that delete or end something run after the others, so the seeded rows serve every other call. */
const destructiveLast = (targets: Target[]) => {
  const destructive = (t: Target) => /^DELETE |delete|remove|revoke|logout|unclaim/i.test(t.name)
  return [...targets.filter((t) => !destructive(t)), ...targets.filter(destructive)]
}

describe.each([
  { state: 'signed out', signedIn: false },
  { state: 'signed in (admin)', signedIn: true },
])('hostile input, $state', ({ signedIn }) => {
  it('no REST route answers 5xx or leaks internals', { timeout: 300_000 }, async () => {
    const targets = destructiveLast(restTargets())
    expect(targets.length).toBeGreaterThan(25)
    for (const target of targets) await fuzz(target, signedIn)
    if (signedIn) await expectStillAdmin()
  })

  it('no tRPC procedure answers 5xx or leaks internals', { timeout: 300_000 }, async () => {
    const targets = destructiveLast(trpcTargets())
    expect(targets.length).toBeGreaterThan(25)
    for (const target of targets) await fuzz(target, signedIn)
    if (signedIn) await expectStillAdmin()
  })
})
