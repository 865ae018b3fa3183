import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, eventPeople, events, people, productLikes, products, sql } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { ACCOUNT_LIMITS, LIMIT_MESSAGES } from '@presently/domain'
import { createCaller } from '../../root.ts'
import { makePerson, makeUser, occasionId } from '../../testing/fixtures.ts'
import { TRPCError } from '@trpc/server'

/**
 * Issue 25, item 4: per-user caps (people 500, events per person 50, likes 5,000), enforced on
 * the server under concurrency. Each test fills the account directly to one below the cap, then
 * fires two creates at once: exactly one may pass, the other gets 409 with the limit's message,
 * and the count ends at the cap. Before the caps both passed (and a probe account grew to 1,200
 * people and 1,700 events).
 */
let t: TestDatabase
let birthday: number
let friend: number

beforeAll(async () => {
  t = await createTestDatabase()
  birthday = await occasionId(t.db, 'birthday')
  const anonymous = createCaller({ db: t.db, user: null })
  friend = (await anonymous.reference.relationships()).find((r) => r.name === 'Friend')!.id
})
afterAll(async () => t.close())

/** The outcomes of `calls` run at once: how many passed and the code and message of each failure. */
async function race(calls: Array<Promise<unknown>>) {
  const outcomes = await Promise.all(
    calls.map((call) =>
      call.then(
        () => null,
        (error: unknown) => {
          if (!(error instanceof TRPCError)) throw error
          return { code: error.code, message: error.message }
        },
      ),
    ),
  )
  return {
    passed: outcomes.filter((o) => o === null).length,
    rejected: outcomes.filter((o) => o !== null),
  }
}

describe('per-user caps (issue 25)', () => {
  it(`people: ${ACCOUNT_LIMITS.people} per user, two creates at the limit let one through`, async () => {
    const user = await makeUser(t.db, 'many-people@example.com')
    const caller = createCaller({ db: t.db, user })
    await t.db
      .insert(people)
      .values(Array.from({ length: ACCOUNT_LIMITS.people - 1 }, (_, i) => ({ userId: user.id, name: `P${i}` })))
    const { passed, rejected } = await race([
      caller.people.create({ name: 'Last A', relationshipId: friend }),
      caller.people.create({ name: 'Last B', relationshipId: friend }),
    ])
    expect(passed).toBe(1)
    expect(rejected).toEqual([{ code: 'CONFLICT', message: LIMIT_MESSAGES.people }])
    const [row] = await t.db.select({ n: count() }).from(people).where(eq(people.userId, user.id))
    expect(row!.n).toBe(ACCOUNT_LIMITS.people)
    // Another user is not affected; deleting one makes room again.
    const other = createCaller({ db: t.db, user: await makeUser(t.db, 'few-people@example.com') })
    await expect(other.people.create({ name: 'Fine', relationshipId: friend })).resolves.toBeDefined()
    const [first] = await t.db.select({ id: people.id }).from(people).where(eq(people.userId, user.id)).limit(1)
    await caller.people.delete({ id: first!.id })
    await expect(caller.people.create({ name: 'Room again', relationshipId: friend })).resolves.toBeDefined()
  })

  it(`events: ${ACCOUNT_LIMITS.eventsPerPerson} per person, two creates at the limit let one through`, async () => {
    const user = await makeUser(t.db, 'many-events@example.com')
    const caller = createCaller({ db: t.db, user })
    const personId = await makePerson(t.db, user.id, 'Busy')
    const created = await t.db
      .insert(events)
      .values(
        Array.from({ length: ACCOUNT_LIMITS.eventsPerPerson - 1 }, () => ({
          userId: user.id,
          occasionId: birthday,
          date: '2000-01-01',
        })),
      )
      .returning({ id: events.id })
    await t.db.insert(eventPeople).values(created.map((e) => ({ eventId: e.id, personId })))
    const add = () => caller.events.create({ personId, occasionId: birthday, date: '2001-02-03' })
    const { passed, rejected } = await race([add(), add()])
    expect(passed).toBe(1)
    expect(rejected).toEqual([{ code: 'CONFLICT', message: LIMIT_MESSAGES.eventsPerPerson }])
    const [row] = await t.db.select({ n: count() }).from(eventPeople).where(eq(eventPeople.personId, personId))
    expect(row!.n).toBe(ACCOUNT_LIMITS.eventsPerPerson)
    // Another person of the same user still takes events.
    const calm = await makePerson(t.db, user.id, 'Calm')
    await expect(
      caller.events.create({ personId: calm, occasionId: birthday, date: '2001-02-03' }),
    ).resolves.toBeDefined()
  })

  it(`likes: ${ACCOUNT_LIMITS.likes} per user, two likes at the limit let one through; unliking still works`, async () => {
    const user = await makeUser(t.db, 'many-likes@example.com')
    const caller = createCaller({ db: t.db, user })
    const total = ACCOUNT_LIMITS.likes + 1
    await t.db.execute(sql`
      insert into products (aw_product_id, source, source_product_id, title, price)
      select 8000000000 + n, 'limits-test', 'limits-' || n, 'Product ' || n, 1
      from generate_series(1, ${total}) as n`)
    const rows = await t.db
      .select({ id: products.id, awProductId: products.awProductId })
      .from(products)
      .where(eq(products.source, 'limits-test'))
      .orderBy(products.id)
    await t.db
      .insert(productLikes)
      .values(rows.slice(0, ACCOUNT_LIMITS.likes - 1).map((p) => ({ userId: user.id, productId: p.id })))
    const [a, b] = rows.slice(ACCOUNT_LIMITS.likes - 1)
    const { passed, rejected } = await race([caller.likes.toggle({ id: a!.id }), caller.likes.toggle({ id: b!.id })])
    expect(passed).toBe(1)
    expect(rejected).toEqual([{ code: 'CONFLICT', message: LIMIT_MESSAGES.likes }])
    const [row] = await t.db.select({ n: count() }).from(productLikes).where(eq(productLikes.userId, user.id))
    expect(row!.n).toBe(ACCOUNT_LIMITS.likes)
    // At the limit an unlike still works.
    await expect(caller.likes.toggle({ id: rows[0]!.id })).resolves.toMatchObject({ liked: false })
  })
})
