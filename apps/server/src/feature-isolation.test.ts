import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { buildTestApp, signedInUser } from './testing/auth-helpers.ts'
import { runFeatureIsolationLoad } from './testing/feature-isolation-load.ts'

/**
 * The session-isolation check (session-isolation.test.ts) for the shop's own features: twelve
 * signed-in users at once over real HTTP for four seconds, each reading and rewriting their wish
 * list, claims, presents, budgets, dismissals, reminder settings and like associations (REST and
 * tRPC) while claiming from each other's lists. Every answer must be the caller's own, the owner
 * of a list never sees its claims, and another user's ids answer 404.
 */
let testDb: TestDatabase
let app: FastifyInstance
let baseUrl: string

beforeAll(async () => {
  testDb = await createTestDatabase({ maxConnections: 10 })
  app = await buildTestApp(testDb.db, {
    AUTH_RATE_LIMIT_IP_MAX: 100_000,
    AUTH_RATE_LIMIT_EMAIL_MAX: 100_000,
    SHARED_LIST_RATE_LIMIT_PER_MINUTE: 100_000,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  baseUrl = `http://127.0.0.1:${address.port}`
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

it(
  'answers every user of lists, claims, gifts, budgets, dismissals, reminders and likes with their own',
  { timeout: 90_000 },
  async () => {
    const products = await createTestProducts(testDb.db, [
      { title: 'Kite', price: 12.5 },
      { title: 'Chess set', price: 25 },
      { title: 'Jigsaw', price: 9.99 },
    ])
    const relationships = (await app.inject('/api/relationships')).json<{ id: number }[]>()
    const cookies: string[] = []
    // Accounts one after another (registration hashes passwords).
    for (let i = 0; i < 12; i++) {
      const { token } = await signedInUser(app, testDb.db, `feature-iso-${i}@example.com`)
      cookies.push(`session=${token}`)
    }
    const result = await runFeatureIsolationLoad({
      baseUrl,
      cookies,
      productIds: products.map((p) => p.id),
      relationshipId: relationships[0]!.id,
      durationMs: 4_000,
    })
    expect(result.samples).toEqual([])
    expect(result).toMatchObject({ serverErrors: 0, mixUps: 0, otherErrors: 0 })
    // The run did real work: every user went round the loop more than once.
    expect(result.requests).toBeGreaterThan(12 * 25)
  },
)
