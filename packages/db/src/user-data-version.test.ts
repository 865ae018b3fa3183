import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from './testing/index.ts'
import { createTestProducts } from './testing/factories.ts'

/**
 * Issue 24: users.data_version moves on every insert, update and delete of each table the
 * account answers read (migration 0026's statement triggers), for the owner of the rows only,
 * so the server's cache of those answers never outlives the data (docs/decisions/user-data-version.md).
 */
let t: TestDatabase
let productId: number

beforeAll(async () => {
  t = await createTestDatabase()
  const [product] = await createTestProducts(t.db, [{ title: 'Version test kite', price: 12 }])
  productId = product!.id
})
afterAll(async () => t.close())

async function one<T>(query: SQL): Promise<T> {
  const { rows } = await t.db.execute(query)
  return rows[0] as T
}

async function version(userId: number): Promise<bigint> {
  const row = await one<{ v: string }>(sql`select data_version::text as v from users where id = ${userId}`)
  return BigInt(row.v)
}

/** A user with one person, one event for that person and one liked product. */
async function account(email: string) {
  const user = await one<{ id: number }>(sql`insert into users (email) values (${email}) returning id`)
  const person = await one<{ id: number }>(
    sql`insert into people (user_id, name) values (${user.id}, 'Mum') returning id`,
  )
  const event = await one<{ id: number }>(sql`insert into events (user_id, date, occasion_id)
    values (${user.id}, '2000-12-25', (select id from occasions order by id limit 1)) returning id`)
  await t.db.execute(sql`insert into event_people (event_id, person_id) values (${event.id}, ${person.id})`)
  const like = await one<{ id: number }>(
    sql`insert into product_likes (user_id, product_id) values (${user.id}, ${productId}) returning id`,
  )
  return { userId: user.id, personId: person.id, eventId: event.id, likeId: like.id }
}
type Account = Awaited<ReturnType<typeof account>>

/** Per table: a row of `a` inserted (its key), then updated, then deleted, each by one statement. */
interface TableCase {
  table: string
  insert: (a: Account) => SQL
  update: (a: Account, key: number) => SQL
  remove: (a: Account, key: number) => SQL
}
const cases: TableCase[] = [
  {
    table: 'people',
    insert: (a) => sql`insert into people (user_id, name) values (${a.userId}, 'Dad') returning id as key`,
    update: (_a, key) => sql`update people set notes = 'likes kites' where id = ${key}`,
    remove: (_a, key) => sql`delete from people where id = ${key}`,
  },
  {
    table: 'person_interests',
    insert: (a) => sql`insert into person_interests (person_id, interest_id)
      values (${a.personId}, (select min(id) from interests)) returning interest_id as key`,
    update: (a, key) =>
      sql`update person_interests set is_primary = true where person_id = ${a.personId} and interest_id = ${key}`,
    remove: (a, key) => sql`delete from person_interests where person_id = ${a.personId} and interest_id = ${key}`,
  },
  {
    table: 'person_selections',
    insert: (a) => sql`insert into person_selections (person_id, category_id, option_id)
      select ${a.personId}, o.category_id, o.id from options o order by o.id limit 1 returning category_id as key`,
    update: (a, key) => sql`update person_selections set option_id = option_id
      where person_id = ${a.personId} and category_id = ${key}`,
    remove: (a, key) => sql`delete from person_selections where person_id = ${a.personId} and category_id = ${key}`,
  },
  {
    table: 'person_gift_preferences',
    insert: (a) => sql`insert into person_gift_preferences (person_id, option_id)
      values (${a.personId}, (select min(id) from gift_preference_options)) returning option_id as key`,
    update: (a, key) => sql`update person_gift_preferences set option_id = option_id
      where person_id = ${a.personId} and option_id = ${key}`,
    remove: (a, key) => sql`delete from person_gift_preferences where person_id = ${a.personId} and option_id = ${key}`,
  },
  {
    table: 'events',
    insert: (a) => sql`insert into events (user_id, date, occasion_id)
      values (${a.userId}, '2000-03-01', (select min(id) from occasions)) returning id as key`,
    update: (_a, key) => sql`update events set name = 'Spring' where id = ${key}`,
    remove: (_a, key) => sql`delete from events where id = ${key}`,
  },
  {
    table: 'event_people',
    insert: (a) => sql`with gran as (insert into people (user_id, name) values (${a.userId}, 'Gran') returning id)
      insert into event_people (event_id, person_id) select ${a.eventId}, id from gran returning person_id as key`,
    update: (a, key) =>
      sql`update event_people set person_id = person_id where event_id = ${a.eventId} and person_id = ${key}`,
    remove: (a, key) => sql`delete from event_people where event_id = ${a.eventId} and person_id = ${key}`,
  },
  {
    table: 'product_likes',
    insert: (
      a,
    ) => sql`with yoyo as (insert into products (source, source_product_id, aw_product_id, title, price, currency)
        values ('test', md5(random()::text), floor(random() * 1e9)::bigint + 8000000000, 'Yo-yo', 3, 'GBP')
        returning id)
      insert into product_likes (user_id, product_id) select ${a.userId}, id from yoyo returning id as key`,
    update: (_a, key) => sql`update product_likes set created_at = now() where id = ${key}`,
    remove: (_a, key) => sql`delete from product_likes where id = ${key}`,
  },
  {
    table: 'product_like_associations',
    insert: (a) => sql`insert into product_like_associations (product_like_id, person_id)
      values (${a.likeId}, ${a.personId}) returning id as key`,
    update: (_a, key) =>
      sql`update product_like_associations set occasion_id = (select min(id) from occasions) where id = ${key}`,
    remove: (_a, key) => sql`delete from product_like_associations where id = ${key}`,
  },
  {
    table: 'click_throughs',
    insert: (a) => sql`insert into click_throughs (user_id, product_id, person_id)
      values (${a.userId}, ${productId}, ${a.personId}) returning id as key`,
    update: (_a, key) => sql`update click_throughs set outcome = 'bought', price_paid_pence = 1200 where id = ${key}`,
    remove: (_a, key) => sql`delete from click_throughs where id = ${key}`,
  },
  {
    table: 'gifts',
    insert: (a) => sql`insert into gifts (user_id, person_id, title, given_on, price_paid_pence)
      values (${a.userId}, ${a.personId}, 'Scarf', '2025-12-25', 2000) returning id as key`,
    update: (_a, key) => sql`update gifts set note = 'blue' where id = ${key}`,
    remove: (_a, key) => sql`delete from gifts where id = ${key}`,
  },
  {
    table: 'budgets',
    insert: (a) => sql`insert into budgets (user_id, person_id, occasion_id, amount_pence)
      values (${a.userId}, ${a.personId}, null, 4000) returning id as key`,
    update: (_a, key) => sql`update budgets set amount_pence = 5000 where id = ${key}`,
    remove: (_a, key) => sql`delete from budgets where id = ${key}`,
  },
  // Migration 0031: what the recommendation and picks input reads besides (recommendation-input-cache.md).
  {
    table: 'wish_lists',
    insert: (a) =>
      sql`insert into wish_lists (user_id, name) values (${a.userId}, 'Birthday list') returning id as key`,
    update: (_a, key) => sql`update wish_lists set deleted_at = now() where id = ${key}`,
    remove: (_a, key) => sql`delete from wish_lists where id = ${key}`,
  },
  {
    table: 'wish_list_items',
    insert: (a) => sql`with list as (insert into wish_lists (user_id, name) values (${a.userId}, 'Kites') returning id)
      insert into wish_list_items (list_id, product_id, title) select id, ${productId}, 'Kite' from list returning id as key`,
    update: (_a, key) => sql`update wish_list_items set deleted_at = now() where id = ${key}`,
    remove: (_a, key) => sql`delete from wish_list_items where id = ${key}`,
  },
  {
    table: 'wish_list_people',
    insert: (a) => sql`with list as (insert into wish_lists (user_id, name) values (${a.userId}, 'Mum''s') returning id)
      insert into wish_list_people (list_id, user_id, person_id) select id, ${a.userId}, ${a.personId} from list
      returning list_id as key`,
    update: (a, key) =>
      sql`update wish_list_people set person_id = person_id where list_id = ${key} and user_id = ${a.userId}`,
    remove: (a, key) => sql`delete from wish_list_people where list_id = ${key} and user_id = ${a.userId}`,
  },
  {
    table: 'pick_dismissals',
    insert: (a) => sql`insert into pick_dismissals (user_id, person_id, product_id)
      values (${a.userId}, ${a.personId}, ${productId}) returning id as key`,
    update: (_a, key) => sql`update pick_dismissals set created_at = now() where id = ${key}`,
    remove: (_a, key) => sql`delete from pick_dismissals where id = ${key}`,
  },
]

describe('users.data_version (issue 24)', () => {
  let mine: Account
  let theirs: Account
  beforeAll(async () => {
    mine = await account('version-mine@example.com')
    theirs = await account('version-theirs@example.com')
  })

  for (const c of cases) {
    it(`${c.table}: an insert, an update and a delete each move the owner's version, not another user's`, async () => {
      const theirsBefore = await version(theirs.userId)
      let before = await version(mine.userId)
      const { key } = await one<{ key: number }>(c.insert(mine))
      let after = await version(mine.userId)
      expect(after).toBeGreaterThan(before)
      before = after
      await t.db.execute(c.update(mine, key))
      after = await version(mine.userId)
      expect(after).toBeGreaterThan(before)
      before = after
      await t.db.execute(c.remove(mine, key))
      expect(await version(mine.userId)).toBeGreaterThan(before)
      expect(await version(theirs.userId)).toBe(theirsBefore)
    })
  }

  it("a wish list's items move the version of every user who linked the list to one of their people", async () => {
    // Issue 23: `theirs` linked `mine`'s list to their own person; its items count as liked for
    // that person in their recommendations, so a change by the list's owner must reach them.
    const list = await one<{ id: number }>(
      sql`insert into wish_lists (user_id, name) values (${mine.userId}, 'Shared') returning id`,
    )
    await t.db.execute(sql`insert into wish_list_people (list_id, user_id, person_id)
      values (${list.id}, ${theirs.userId}, ${theirs.personId})`)
    const [a, b] = [await version(mine.userId), await version(theirs.userId)]
    const item = await one<{ id: number }>(sql`insert into wish_list_items (list_id, product_id, title)
      values (${list.id}, ${productId}, 'Kite') returning id`)
    expect(await version(mine.userId)).toBeGreaterThan(a)
    expect(await version(theirs.userId)).toBeGreaterThan(b)
    const [c, d] = [await version(mine.userId), await version(theirs.userId)]
    await t.db.execute(sql`update wish_lists set occasion_id = (select min(id) from occasions) where id = ${list.id}`)
    expect(await version(mine.userId)).toBeGreaterThan(c)
    expect(await version(theirs.userId)).toBeGreaterThan(d)
    const e = await version(theirs.userId)
    await t.db.execute(sql`update wish_list_items set deleted_at = now() where id = ${item.id}`)
    expect(await version(theirs.userId)).toBeGreaterThan(e)
    const f = await version(theirs.userId)
    await t.db.execute(sql`delete from wish_lists where id = ${list.id}`)
    expect(await version(theirs.userId)).toBeGreaterThan(f)
  })

  it('a bulk insert of many rows moves the version once (statement-level triggers)', async () => {
    const before = await version(mine.userId)
    await t.db.execute(sql`insert into person_interests (person_id, interest_id)
      select ${mine.personId}, id from interests order by id offset 10 limit 50`)
    expect(await version(mine.userId)).toBe(before + 1n)
  })

  it('a statement touching two users moves both', async () => {
    const [a, b] = [await version(mine.userId), await version(theirs.userId)]
    await t.db.execute(sql`update people set notes = 'both' where id in (${mine.personId}, ${theirs.personId})`)
    expect(await version(mine.userId)).toBeGreaterThan(a)
    expect(await version(theirs.userId)).toBeGreaterThan(b)
  })

  it('deleting a user with data still works (the cascade finds no row to bump)', async () => {
    const gone = await account('version-gone@example.com')
    await t.db.execute(sql`insert into gifts (user_id, person_id, title, given_on)
      values (${gone.userId}, ${gone.personId}, 'Socks', '2025-01-01')`)
    await t.db.execute(sql`delete from users where id = ${gone.userId}`)
    const left = await one<{ n: number }>(sql`select count(*)::int as n from people where user_id = ${gone.userId}`)
    expect(left.n).toBe(0)
  })

  it('a new account starts at version 1', async () => {
    const user = await one<{ id: number }>(
      sql`insert into users (email) values ('version-new@example.com') returning id`,
    )
    expect(await version(user.id)).toBe(1n)
  })
})
