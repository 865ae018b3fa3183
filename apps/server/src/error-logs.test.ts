import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { buildTestApp, signedInUser, withSession } from './testing/auth-helpers.ts'

/**
 * Issue 25, item 3: a failed query is logged without its parameter values. The test database
 * gets a check constraint that refuses a marked name, so saving a person named with the marker
 * fails inside PostgreSQL (a 500) on both the REST and the tRPC path; the captured log must carry
 * the error code, the statement and the request id, and nowhere the marker.
 */
const MARKER = 'Zq7-secret-marker'
let testDb: TestDatabase
let app: FastifyInstance
let user: { token: string; userId: number }
const lines: string[] = []

beforeAll(async () => {
  testDb = await createTestDatabase()
  await testDb.db.execute(
    sql.raw(`alter table people add constraint people_name_not_marked check (position('${MARKER}' in name) = 0)`),
  )
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  app = await buildTestApp(
    testDb.db,
    { AUTH_RATE_LIMIT_IP_MAX: 1000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 },
    { logger: { level: 'info', stream } },
  )
  user = await signedInUser(app, testDb.db, 'logs@example.com')
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

/** The parsed log lines of errors, from `from` on. */
function errorLines(from: number): Array<Record<string, unknown>> {
  return lines
    .slice(from)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => (entry.level as number) >= 50)
}

async function relationshipId(): Promise<number> {
  return (await app.inject('/api/relationships')).json<Array<{ id: number }>>()[0]!.id
}

describe('database errors in the log (issue 25)', () => {
  it('REST: code, statement and request id, no parameter values', async () => {
    const from = lines.length
    const res = await app.inject({
      method: 'POST',
      url: '/api/people',
      headers: withSession(user.token),
      payload: { name: `Ann ${MARKER}`, relationshipId: await relationshipId(), notes: `${MARKER} notes` },
    })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain(MARKER)
    const logged = errorLines(from)
    expect(logged.length).toBeGreaterThan(0)
    const text = lines.slice(from).join('\n')
    expect(text).not.toContain(MARKER)
    const err = logged[0]!.err as Record<string, unknown>
    expect(err.code).toBe('23514')
    expect(err.constraint).toBe('people_name_not_marked')
    expect(err.query).toMatch(/insert into "people"/i)
    expect(err.query).toContain('$1')
    expect(logged[0]!.reqId).toEqual(expect.any(String))
  })

  it('tRPC: the same', async () => {
    const from = lines.length
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/people.create',
      headers: withSession(user.token),
      payload: { name: `Ben ${MARKER}`, relationshipId: await relationshipId() },
    })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain(MARKER)
    const logged = errorLines(from)
    expect(logged.length).toBeGreaterThan(0)
    expect(lines.slice(from).join('\n')).not.toContain(MARKER)
    expect((logged[0]!.err as Record<string, unknown>).code).toBe('23514')
    expect(logged[0]!.reqId).toEqual(expect.any(String))
  })
})
