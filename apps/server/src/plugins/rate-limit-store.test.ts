import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { countHits, currentCount } from './rate-limit-store.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t.close()
})

describe('countHits (rate-limit counters, hits at once counted together)', () => {
  it('counts 60 hits at once of one key exactly once each, over two instances, each answered its own place', async () => {
    // Two instances of the shop: their batches interleave in the one table.
    const [one, two] = [countHits(t.db), countHits(t.db)]
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? one : two)('ip:test-batch:10.0.0.1', 60_000)),
    )
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
    for (const r of results) expect(r.ttl).toBeGreaterThan(50_000)
    expect(await currentCount(t.db, 'ip:test-batch:10.0.0.1')).toBe(60)
  })

  it('keeps keys and windows apart, and starts a new window when the last one ended', async () => {
    const count = countHits(t.db)
    const [a, b] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => count('ip:test-keys:a', 60_000))),
      Promise.all(Array.from({ length: 3 }, () => count('ip:test-keys:b', 60_000))),
    ])
    expect(a.map((r) => r.current).sort()).toEqual([1, 2, 3, 4, 5])
    expect(b.map((r) => r.current).sort()).toEqual([1, 2, 3])
    const short = await Promise.all(Array.from({ length: 4 }, () => count('ip:test-keys:short', 50)))
    expect(short.map((r) => r.current).sort()).toEqual([1, 2, 3, 4])
    await new Promise((resolve) => setTimeout(resolve, 80))
    const again = await Promise.all(Array.from({ length: 2 }, () => count('ip:test-keys:short', 50)))
    expect(again.map((r) => r.current).sort()).toEqual([1, 2])
  })

  it('gives every hit of a failed batch the error, and counts on afterwards', async () => {
    const count = countHits(t.db)
    // A window PostgreSQL cannot make (an interval out of range) fails the upsert.
    const failed = await Promise.allSettled(Array.from({ length: 3 }, () => count('ip:test-fail:x', 1e300)))
    expect(failed.every((r) => r.status === 'rejected')).toBe(true)
    expect((await count('ip:test-fail:x', 60_000)).current).toBe(1)
  })
})
