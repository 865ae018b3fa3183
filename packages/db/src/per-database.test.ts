import { describe, expect, it } from 'vitest'
import type { Db } from './client.ts'
import { perDatabase } from './per-database.ts'

describe('perDatabase', () => {
  it('makes one value per database handle, once, and keeps each handle its own', () => {
    const made: object[] = []
    const valueOf = perDatabase((db) => {
      const value = { db }
      made.push(value)
      return value
    })
    const first = {} as Db
    const second = {} as Db
    expect(valueOf(first)).toBe(valueOf(first))
    expect(valueOf(second)).not.toBe(valueOf(first))
    expect(valueOf(second).db).toBe(second)
    expect(made).toHaveLength(2)
  })
})
