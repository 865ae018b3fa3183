import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { buildTestApp } from './testing/auth-helpers.ts'
import { runIsolationLoad } from './testing/session-isolation-load.ts'

/**
 * Regression test of issue 8: under concurrent transactions the PGlite default answered a
 * signed-in user as another user, and valid sessions got 401s and 500s. Twelve users over real
 * HTTP for five seconds: eight readers check that every answer is their own, four writers
 * change and reset passwords, register, sign out and toggle settings.
 */
let testDb: TestDatabase
let app: FastifyInstance
let baseUrl: string

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 100_000, AUTH_RATE_LIMIT_EMAIL_MAX: 100_000 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  baseUrl = `http://127.0.0.1:${address.port}`
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

it('answers every signed-in user with their own data while others write', { timeout: 60_000 }, async () => {
  const result = await runIsolationLoad({ baseUrl, db: testDb.db, readers: 8, writers: 4, durationMs: 5_000 })
  expect(result.samples).toEqual([])
  expect(result).toMatchObject({ serverErrors: 0, unexpectedUnauthorized: 0, mixUps: 0, otherErrors: 0 })
  // The run did real work: hundreds of requests, not a handful.
  expect(result.requests).toBeGreaterThan(200)
})
