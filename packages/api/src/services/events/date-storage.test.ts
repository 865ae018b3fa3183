import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq, events } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { createEventInput, isoDateInput, STORABLE_DATE_MAX, STORABLE_DATE_MIN } from '@presently/domain'
import { makeUser, occasionId } from '../../testing/fixtures.ts'

/**
 * Issue 25, item 1: the shared date schema (packages/domain input.ts isoDateField) accepts only
 * dates PostgreSQL's `date` column stores. A property over the real database (the run's
 * embedded PostgreSQL): every string the schema accepts is inserted into events.date and read
 * back unchanged. The generator leans on the edges: years 0, 1, 99, 100, 9999, 10000, months 0
 * and 13, days 0, 29 to 32, and random text.
 */
let t: TestDatabase
let userId: number
let birthday: number

beforeAll(async () => {
  t = await createTestDatabase()
  userId = (await makeUser(t.db, 'dates@example.com')).id
  birthday = await occasionId(t.db, 'birthday')
})
afterAll(async () => t.close())

const pad = (n: number, width: number) => String(n).padStart(width, '0')
const year = fc.oneof(
  fc.constantFrom(0, 1, 99, 100, 1899, 1900, 9999, 10_000, 99_999),
  fc.integer({ min: 0, max: 12_000 }),
)
const month = fc.oneof(fc.constantFrom(0, 1, 2, 12, 13), fc.integer({ min: 0, max: 99 }))
const day = fc.oneof(fc.constantFrom(0, 1, 28, 29, 30, 31, 32), fc.integer({ min: 0, max: 99 }))
const dateLike = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(year, month, day).map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('-0001-01-01', '+2026-01-01', '2026-1-1', '2026-01-01T00:00', ' 2026-01-01'),
  },
)

async function storedAs(date: string): Promise<string | undefined> {
  const [row] = await t.db.insert(events).values({ userId, occasionId: birthday, date }).returning({ id: events.id })
  const [back] = await t.db.select({ date: events.date }).from(events).where(eq(events.id, row!.id))
  return back?.date
}

describe('the shared date schema against PostgreSQL (issue 25)', () => {
  it('every date the schema accepts is stored as given', async () => {
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(dateLike, async (date) => {
        if (!isoDateInput.safeParse(date).success) return
        accepted++
        expect(createEventInput.safeParse({ occasionId: birthday, date }).success).toBe(true)
        expect(await storedAs(date)).toBe(date)
      }),
      { numRuns: 400 },
    )
    // The property says something only if the generator reached the accepting side.
    expect(accepted).toBeGreaterThan(20)
  })

  it('the range ends are storable and their neighbours are refused', async () => {
    expect(await storedAs(STORABLE_DATE_MIN)).toBe(STORABLE_DATE_MIN)
    expect(await storedAs(STORABLE_DATE_MAX)).toBe(STORABLE_DATE_MAX)
    for (const outside of ['0000-12-31', '0000-01-01', '10000-01-01']) {
      expect(isoDateInput.safeParse(outside).success).toBe(false)
    }
    // What PostgreSQL itself does with year 0: the 500 this rule prevents.
    await expect(storedAs('0000-01-01')).rejects.toThrow()
  })
})
