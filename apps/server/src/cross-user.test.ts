import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify'
import { z } from 'zod'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { eq, occasions, relationships, sql } from '@presently/db'
import { appRouter, startSession } from '@presently/api'
import { buildTestApp, signedInUser, withSession } from './testing/auth-helpers.ts'
import { API_DOCS_PREFIX, OPENAPI_JSON_URL } from './plugins/openapi.ts'
import { adminOnly, staffOnly } from './rest/signed-in.ts'
import { signedInOnly } from './rest/schema.ts'

/**
 * Authorization across users, for every REST route and every tRPC procedure (the targets come
 * from Fastify's route table and appRouter's procedures, so a route added later is covered
 * without editing this file):
 *
 * - An intruder (a plain user with no data of their own) calls each target with every id that
 *   exists in the database (all of them the owner's, or shared reference and catalog rows) in
 *   each id field: no answer carries the owner's private text, no row that existed before is
 *   changed or deleted (so no staff or admin call ran for a plain user either), and no row the
 *   intruder made points at the owner's people, events, lists, items or orders.
 * - The owner of a shared wish list calls each target too: no answer carries anything of the
 *   visitor who claimed and pledged on it (claims stay hidden from the owner, issue 23).
 */

let testDb: TestDatabase
let app: FastifyInstance
const routes: RouteOptions[] = []
type Account = { token: string; userId: number }
let owner: Account
let visitor: Account
let intruder: Account
let ownerToken: string
/** Text only the owner's private rows hold (case-insensitive). */
const OWNER_MARK = 'zqxowner'
/** Text only the visitor's rows hold: their email and their person's name. */
const VISITOR_MARK = 'zqvvisitor'
/** Ids of the owner's rows, per referencing column name. */
const ownerIds: Record<string, Set<number>> = {}
/** Largest id of any row in any table the owner filled. */
let maxId = 0

const as = (account: Account) => withSession(account.token)

async function call(method: HTTPMethods, url: string, account: Account, payload?: unknown) {
  const res = await app.inject({
    method: method as InjectOptions['method'],
    url,
    headers: as(account),
    payload: payload as object | undefined,
  })
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300)
  return res.json<Record<string, unknown>>()
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(
    testDb.db,
    {
      AUTH_RATE_LIMIT_IP_MAX: 1_000_000,
      AUTH_RATE_LIMIT_EMAIL_MAX: 1_000_000,
      SHARED_LIST_RATE_LIMIT_PER_MINUTE: 1_000_000,
    },
    { onRoute: (route) => void routes.push(route) },
  )
  owner = await signedInUser(app, testDb.db, `${OWNER_MARK}@example.com`)
  visitor = await signedInUser(app, testDb.db, `${VISITOR_MARK}@example.com`)
  const products = await createTestProducts(testDb.db, [
    { title: 'Wooden train', price: 24.99, affiliateUrl: 'https://www.amazon.co.uk/dp/B000TRAIN' },
    { title: 'Kite', price: 9.5, affiliateUrl: 'https://www.amazon.co.uk/dp/B000KITE' },
    { title: 'Jigsaw', price: 12, affiliateUrl: 'https://www.amazon.co.uk/dp/B000JIG' },
  ])
  const [christmas] = await testDb.db.select().from(occasions).where(eq(occasions.value, 'christmas'))
  const occasionId = christmas!.id
  const [relationship] = await testDb.db.select().from(relationships).limit(1)
  const relationshipId = relationship!.id

  // The owner's data, every kind the routes take an id of, each text holding OWNER_MARK.
  const personIds: number[] = []
  for (const n of [1, 2]) {
    const person = await call('POST', '/api/people', owner, { name: `${OWNER_MARK} person ${n}`, relationshipId })
    personIds.push(person.id as number)
    await call('POST', `/api/events/person/${person.id as number}`, owner, { occasionId, date: '2000-12-25' })
  }
  for (const product of products.slice(0, 2)) {
    await call('POST', `/api/products/${product.id}/like`, owner)
    await call('POST', '/api/clickthrough', owner, { productId: product.id, personId: personIds[0], occasionId })
  }
  await call('POST', `/api/people/${personIds[0]}/gifts`, owner, {
    title: `${OWNER_MARK} scarf`,
    givenOn: '2020-01-01',
    note: `${OWNER_MARK} note`,
  })
  await call('PUT', `/api/people/${personIds[0]}/budgets`, owner, {
    default: 30,
    byOccasion: [{ occasionId, amount: 40 }],
  })
  for (const n of [1, 2]) {
    const list = await call('POST', '/api/lists', owner, { name: `${OWNER_MARK} list ${n}`, note: OWNER_MARK })
    await call('POST', `/api/lists/${list.id as number}/items`, owner, { productId: products[2]!.id, quantity: 3 })
    await call('POST', `/api/lists/${list.id as number}/items`, owner, {
      title: `${OWNER_MARK} group gift`,
      price: 80,
      groupGift: true,
    })
    const share = await call('POST', `/api/lists/${list.id as number}/share`, owner)
    ownerToken = String(share.url).split('/lists/shared/')[1]!
  }
  await call('PUT', '/api/my-account/reminder-settings', owner, { enabled: false, leadDays: [7] })

  // The visitor claims and pledges on the owner's last shared list, and links it to a person.
  const shared = await call('GET', `/api/shared-lists/${ownerToken}`, visitor)
  const [catalogItem, groupGift] = shared.items as { id: number }[]
  await call('POST', `/api/shared-lists/${ownerToken}/items/${catalogItem!.id}/claim`, visitor, { quantity: 2 })
  await call('POST', `/api/shared-lists/${ownerToken}/items/${groupGift!.id}/pledges`, visitor, { amount: 12.34 })
  const visitorsPerson = await call('POST', '/api/people', visitor, { name: `${VISITOR_MARK} person`, relationshipId })
  await call('POST', `/api/shared-lists/${ownerToken}/link`, visitor, { personId: visitorsPerson.id })

  // The owner's ids per column that refers to them.
  const idsOf = async (query: ReturnType<typeof sql>) =>
    new Set((await testDb.db.execute<{ id: number }>(query)).rows.map((r) => Number(r.id)))
  ownerIds.person_id = await idsOf(sql`select id from people where user_id = ${owner.userId}`)
  ownerIds.event_id = await idsOf(sql`select id from events where user_id = ${owner.userId}`)
  ownerIds.list_id = await idsOf(sql`select id from wish_lists where user_id = ${owner.userId}`)
  ownerIds.item_id = await idsOf(
    sql`select i.id from wish_list_items i join wish_lists l on l.id = i.list_id where l.user_id = ${owner.userId}`,
  )
  ownerIds.click_through_id = await idsOf(sql`select id from click_throughs where user_id = ${owner.userId}`)
  ownerIds.product_like_id = await idsOf(sql`select id from product_likes where user_id = ${owner.userId}`)
  for (const set of Object.values(ownerIds)) for (const id of set) maxId = Math.max(maxId, id)

  intruder = await signedInUser(app, testDb.db, 'intruder@example.com')
})
afterAll(async () => {
  await app.afterResponse.idle()
  await app.close()
  await testDb.close()
})

// ---------------------------------------------------------------------------------------------
// The database as rows, to compare before and after

/** Tables whose rows a call may change for reasons of its own (sessions, limits, mail, logs). */
const VOLATILE_TABLES = new Set([
  'sessions',
  'rate_limit_counters',
  'email_log',
  'email_tokens',
  'job_email_sends',
  'reminder_sends',
  'catalog_state',
  '__drizzle_migrations',
])

/** Every row of every table (but the volatile ones), as JSON text per table. */
async function snapshot(): Promise<Map<string, Set<string>>> {
  const tables = await testDb.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  const result = new Map<string, Set<string>>()
  for (const { table_name: table } of tables.rows) {
    if (VOLATILE_TABLES.has(table)) continue
    const rows = await testDb.db.execute<{ row: string }>(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    )
    result.set(table, new Set(rows.rows.map((r) => r.row)))
  }
  return result
}

/**
 * The rows of `before` that `after` no longer holds as they were (changed or deleted), but the
 * intruder's own user row; and the new rows that refer to one of the owner's rows.
 */
function violations(before: Map<string, Set<string>>, after: Map<string, Set<string>>): string[] {
  const found: string[] = []
  for (const [table, rows] of before) {
    const now = after.get(table) ?? new Set()
    for (const row of rows) {
      if (now.has(row)) continue
      if (table === 'users' && (JSON.parse(row) as { id: number }).id === intruder.userId) continue
      found.push(`${table}: changed or deleted ${row.slice(0, 300)}`)
    }
    for (const row of now) {
      if (rows.has(row)) continue
      const fields = JSON.parse(row) as Record<string, unknown>
      if (table === 'users' && fields.id === intruder.userId) continue
      for (const [column, ids] of Object.entries(ownerIds)) {
        if (typeof fields[column] === 'number' && ids.has(fields[column])) {
          found.push(`${table}: new row refers to the owner's ${column} ${row.slice(0, 300)}`)
        }
      }
    }
  }
  return found
}

// ---------------------------------------------------------------------------------------------
// Targets: each called with each id in each id field

interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  minimum?: number
  minLength?: number
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
}

const toJson = (schema: unknown): JsonSchema | undefined =>
  schema instanceof z.ZodType
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : (schema as JsonSchema | undefined)

const isIdKey = (key: string) => key === 'id' || /Id$/.test(key)

/** Arrays in samples: empty, or one element (whose ids reach the code too). */
let oneElement = false

/** A value the schema accepts, with `id` in every id-like field (nested ones included). */
function sample(schema: JsonSchema | undefined, key: string, id: number): unknown {
  if (!schema) return isIdKey(key) ? id : 'hornby'
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  if (schema.anyOf?.length) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], key, id)
  const type = [schema.type].flat()[0]
  if (type === 'integer' || type === 'number') return isIdKey(key) ? id : Math.max(schema.minimum ?? 1, 1)
  if (type === 'boolean') return true
  if (type === 'object') return fields(schema, id)
  if (type === 'array') return schema.items && oneElement ? [sample(schema.items, key.replace(/s$/, 'Id'), id)] : []
  if (isIdKey(key)) return String(id)
  if (/link|url/i.test(key)) return 'https://example.com/a'
  if (/occasion/i.test(key)) return 'christmas'
  if (schema.format === 'email') return 'someone@example.com'
  if ((schema.minLength ?? 0) >= 6) return 'Passw0rdX'
  if (schema.format === 'date' || /date|On$/i.test(key)) return '2020-01-01'
  return 'hornby'
}

function fields(schema: JsonSchema | undefined, id: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, v]) => [k, sample(v, k, id)]))
}

/** Each id from 1 to maxId + 1, with arrays empty and with one element. */
const cases = () =>
  Array.from({ length: maxId + 1 }, (_, i) => i + 1).flatMap(
    (id) =>
      [
        [id, false],
        [id, true],
      ] as const,
  )

interface Call {
  name: string
  method: HTTPMethods
  url: string
  payload?: unknown
  /** Deletes, sign-outs and the like: run after every other call. */
  last: boolean
}

const isLast = (name: string) => /delete|logout|revoke|remove|unlike|toggle|reset/i.test(name)

/** Each REST route (documentation aside), once per case of {@link cases}. */
function restCalls(token: string): Call[] {
  const isDocs = (url: string) => url === OPENAPI_JSON_URL || url.startsWith(API_DOCS_PREFIX)
  return routes
    .filter((r) => r.url.startsWith('/api/') && !isDocs(r.url))
    .flatMap((r) => [r.method].flat().map((method) => ({ method, route: r })))
    .filter(({ method }) => method !== 'HEAD')
    .flatMap(({ method, route }) => {
      const schema = route.schema ?? {}
      const params = toJson(schema.params)
      const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
      return cases().map(([id, one]) => {
        oneElement = one
        let url = route.url
        for (const name of names) {
          const value = name === 'token' ? token : sample(params?.properties?.[name], name, id)
          url = url.replace(`:${name}`, encodeURIComponent(String(value)))
        }
        const query = fields(toJson(schema.querystring), id)
        const search = new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString()
        const name = `${method} ${route.url}`
        return {
          name,
          method,
          url: search ? `${url}?${search}` : url,
          payload: method === 'GET' ? undefined : fields(toJson(schema.body), id),
          last: method === 'DELETE' || isLast(route.url),
        }
      })
    })
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] }
}

/** Each tRPC procedure, once per case of {@link cases} (inputs merged as tRPC merges them). */
function trpcCalls(token: string): Call[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>
  return Object.entries(procedures).flatMap(([path, procedure]) =>
    cases().map(([id, one]) => {
      oneElement = one
      const input = Object.assign({}, ...procedure._def.inputs.map((schema) => fields(toJson(schema), id))) as Record<
        string,
        unknown
      >
      if ('token' in input) input.token = token
      const name = `tRPC ${path}`
      return procedure._def.type === 'query'
        ? {
            name,
            method: 'GET' as const,
            url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
            last: false,
          }
        : { name, method: 'POST' as const, url: `/trpc/${path}`, payload: input, last: isLast(path) }
    }),
  )
}

/** Runs the calls as `account` (reads first, then writes, then the destructive ones); the answers. */
async function runAll(calls: Call[], account: Account) {
  const reads = calls.filter((c) => c.method === 'GET')
  const writes = calls.filter((c) => c.method !== 'GET')
  const ordered = [...reads, ...writes.filter((c) => !c.last), ...writes.filter((c) => c.last)]
  const answers: { call: Call; status: number; body: string }[] = []
  for (const c of ordered) {
    const res = await app.inject({
      method: c.method as InjectOptions['method'],
      url: c.url,
      headers: as(account),
      payload: c.payload as object | undefined,
    })
    // A call that ended the session (a sign-out): the next ones run in a new one.
    if (res.cookies.some((cookie) => cookie.name === 'session' && cookie.value === '')) {
      account.token = (await startSession(testDb.db, account.userId)).token
    }
    answers.push({ call: c, status: res.statusCode, body: res.body })
  }
  return answers
}

/** Answers of 500 and above, but the deliberate 503 of unconfigured Google sign-in. */
function failures(answers: Awaited<ReturnType<typeof runAll>>): string[] {
  return answers
    .filter((a) => a.status >= 500 && !(a.status === 503 && a.call.url.startsWith('/api/auth/google')))
    .map((a) => `${a.call.method} ${a.call.url} ${JSON.stringify(a.call.payload) ?? ''} -> ${a.status} ${a.body}`)
}

function leaks(answers: Awaited<ReturnType<typeof runAll>>, mark: string): string[] {
  return answers
    .filter((a) => a.body.toLowerCase().includes(mark))
    .map(
      (a) =>
        `${a.call.method} ${a.call.url} ${JSON.stringify(a.call.payload) ?? ''} -> ${a.status} ${a.body.slice(0, 300)}`,
    )
}

describe('another user’s ids, on every route and procedure', () => {
  it('an intruder reads, changes and refers to none of the owner’s rows', { timeout: 300_000 }, async () => {
    const calls = [...restCalls('hornby'), ...trpcCalls('hornby')]
    expect(calls.length).toBeGreaterThan(100)
    const before = await snapshot()
    const answers = await runAll(calls, intruder)
    expect(failures(answers)).toEqual([])
    expect(leaks(answers, OWNER_MARK)).toEqual([])
    expect(violations(before, await snapshot())).toEqual([])
  })

  it('the owner of a shared list sees nothing of its claims, pledges or visitors', { timeout: 300_000 }, async () => {
    const answers = await runAll([...restCalls(ownerToken), ...trpcCalls(ownerToken)], owner)
    expect(failures(answers)).toEqual([])
    expect(leaks(answers, VISITOR_MARK)).toEqual([])
    // The calls reached the owner's data (the check above could fail): many answers hold it.
    expect(leaks(answers, OWNER_MARK).length).toBeGreaterThan(20)
    // The owner's own shared page answered, in the owner's view.
    const page = answers.find((a) => a.call.url === `/api/shared-lists/${ownerToken}`)
    expect(page?.status).toBe(200)
    expect(JSON.parse(page!.body)).toMatchObject({ view: 'owner' })
  })

  it('a plain user gets 403 from every staff and admin call; signed out, 401 from every signed-in one', async () => {
    const refused: string[] = []
    const once = new Map(restCalls('hornby').map((c) => [c.name, c]))
    for (const c of once.values()) {
      const route = routes.find((r) => `${[r.method].flat()[0]} ${r.url}` === c.name)
      const hooks = [route?.onRequest ?? []].flat()
      const guard = hooks.includes(adminOnly) ? 'Admins only' : hooks.includes(staffOnly) ? 'Staff only' : undefined
      const payload = c.payload as object | undefined
      if (guard) {
        const res = await app.inject({ method: c.method as 'GET', url: c.url, headers: as(intruder), payload })
        expect([c.name, res.statusCode, res.json<{ message: string }>().message]).toEqual([c.name, 403, guard])
        refused.push(c.name)
      }
      if (route?.schema?.security === signedInOnly) {
        const res = await app.inject({ method: c.method as 'GET', url: c.url, payload })
        expect([c.name, res.statusCode, res.json()]).toEqual([c.name, 401, { success: false, message: 'Unauthorized' }])
      }
    }
    expect(new Set(refused)).toContain('POST /api/products/:id/toggle-disabled')
    expect(new Set(refused)).toContain('GET /api/notifications/jobs/:job/status')

    // tRPC: the guard runs before the input is read, so a call without input tells staff and
    // admin procedures (FORBIDDEN) from the others.
    const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>
    const forbidden: string[] = []
    for (const [path, procedure] of Object.entries(procedures)) {
      if (path === 'auth.logout') continue
      const res = await app.inject({
        method: procedure._def.type === 'query' ? 'GET' : 'POST',
        url: `/trpc/${path}`,
        headers: as(intruder),
        ...(procedure._def.type === 'query' ? {} : { payload: {} }),
      })
      if (res.statusCode === 403) forbidden.push(`${path} ${res.json<{ error: { message: string } }>().error.message}`)
    }
    expect(forbidden.sort()).toEqual(
      [
        'account.recentEmails Staff only',
        'account.setRole Admins only',
        'feeds.list Staff only',
        'feeds.run Staff only',
        'jobs.preview Admins only',
        'jobs.sendTestEmail Admins only',
        'jobs.setSchedule Admins only',
        'jobs.start Admins only',
        'jobs.status Admins only',
        'jobs.stop Admins only',
        'jobs.trigger Admins only',
        'products.toggleDisabled Staff only',
      ].sort(),
    )
  })

  it('checks a tRPC batch call by call, and answers malformed input with 400', async () => {
    const [ownersPerson] = [...ownerIds.person_id!]
    const input = encodeURIComponent(JSON.stringify({ 1: { job: 'upcoming-events' }, 2: { id: ownersPerson } }))
    const reads = await app.inject({
      method: 'GET',
      url: `/trpc/people.list,jobs.status,people.byId?batch=1&input=${input}`,
      headers: as(intruder),
    })
    expect(reads.statusCode).toBe(207)
    expect(reads.body.toLowerCase()).not.toContain(OWNER_MARK)
    expect(reads.json()).toMatchObject([
      { result: { data: expect.any(Array) } },
      { error: { data: { code: 'FORBIDDEN' } } },
      { error: { data: { code: 'NOT_FOUND' } } },
    ])
    const writes = await app.inject({
      method: 'POST',
      url: '/trpc/reminders.saveSettings,account.setRole?batch=1',
      headers: { ...as(intruder), 'content-type': 'application/json' },
      payload: {
        0: { enabled: true, leadDays: [3] },
        1: { email: 'intruder@example.com', role: 'admin', granted: true },
      },
    })
    expect(writes.statusCode).toBe(207)
    expect(writes.json()).toMatchObject([{ result: {} }, { error: { message: 'Admins only' } }])
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: as(intruder) })
    expect(session.json()).toMatchObject({ data: { user: { is_admin: false, is_staff: false } } })

    for (const url of [
      '/trpc/people.byId?input=%7B',
      '/trpc/people.byId?batch=1&input=%5B%5D',
      '/trpc/people.byId?input=1',
      `/trpc/people.list,wishLists.create?batch=1&input=${encodeURIComponent('{"0":{},"1":{"name":"x"}}')}`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: as(intruder) })
      expect([url, res.statusCode]).toEqual([url, 400])
    }
  })
})
