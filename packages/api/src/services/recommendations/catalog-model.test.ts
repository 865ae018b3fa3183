import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { catalogModelFor } from './catalog-model.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => t.close())

describe('catalogModelFor', () => {
  it('builds a version once, and while a newer one builds answers stale callers with the last one built', async () => {
    const first = await catalogModelFor(t.db, '1')
    expect(first.version).toBe('1')
    expect(await catalogModelFor(t.db, '1')).toBe(first)

    // Version 2 is being built: a stale-tolerant caller gets version 1 at once, others wait for 2.
    const stale = await catalogModelFor(t.db, '2', { staleWhileBuilding: true })
    expect(stale).toBe(first)
    const second = await catalogModelFor(t.db, '2')
    expect(second.version).toBe('2')
    // Once built, everyone gets version 2.
    expect(await catalogModelFor(t.db, '2', { staleWhileBuilding: true })).toBe(second)
  })

  it('makes even a stale-tolerant caller wait when no model was ever built', async () => {
    const other = await createTestDatabase()
    try {
      const model = await catalogModelFor(other.db, '7', { staleWhileBuilding: true })
      expect(model.version).toBe('7')
    } finally {
      await other.close()
    }
  })
})
