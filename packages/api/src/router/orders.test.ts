import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { clickThroughs, eq, people, products, sql } from '@presently/db'
import { createCaller } from '../root.ts'
import { makeUser, makePerson, occasionId } from '../testing/fixtures.ts'
import type { SessionUser } from '../trpc.ts'
import { rejection } from '../testing/rejection.ts'

let t: TestDatabase
let alice: ReturnType<typeof createCaller>
let bob: ReturnType<typeof createCaller>
let aliceUser: SessionUser
let catalog: Awaited<ReturnType<typeof createTestProducts>>
const ids = { mum: 0, bobsSister: 0, birthday: 0, christmas: 0 }

beforeAll(async () => {
  t = await createTestDatabase()
  aliceUser = await makeUser(t.db, 'alice-orders@example.com')
  const b = await makeUser(t.db, 'bob-orders@example.com')
  alice = createCaller({ db: t.db, user: aliceUser })
  bob = createCaller({ db: t.db, user: b })
  catalog = await createTestProducts(t.db, [
    {
      title: 'Train set',
      price: 99.99,
      affiliateUrl: 'https://merchant.example/train',
      imageUrl: 'https://i.example/t.jpg',
    },
    { title: 'Kite', price: 12.5, affiliateUrl: 'https://merchant.example/kite' },
    { title: 'No link', price: 5, affiliateUrl: null },
    { title: 'Doomed', price: 7, affiliateUrl: 'https://merchant.example/doomed' },
  ])
  ids.mum = await makePerson(t.db, aliceUser.id, 'Mum')
  ids.bobsSister = await makePerson(t.db, b.id, 'Sister')
  ids.birthday = await occasionId(t.db, 'birthday')
  ids.christmas = await occasionId(t.db, 'christmas')
})
afterAll(async () => t.close())

const product = (i: number) => catalog[i]!

describe('orders.clickThrough (spec browsing-and-purchase §4 "Buy flow")', () => {
  it('records the order for the signed-in user, whatever userId the input carries', async () => {
    const input = { productId: product(0).id, personId: ids.mum, occasionId: ids.birthday, userId: 999_999 }
    const result = await alice.orders.clickThrough(input)
    expect(result).toEqual({
      success: true,
      id: expect.any(Number),
      message: 'Click-through recorded',
      product: { id: product(0).id, awProductId: product(0).awProductId, title: 'Train set', price: 99.99 },
    })
    const [row] = await t.db.select().from(clickThroughs).where(eq(clickThroughs.id, result.id))
    expect(row).toMatchObject({
      userId: aliceUser.id,
      productId: product(0).id,
      personId: ids.mum,
      occasionId: ids.birthday,
      affiliateUrl: 'https://merchant.example/train',
    })
  })

  it('answers the spec’s selection messages', async () => {
    const productId = product(0).id
    expect(await rejection(alice.orders.clickThrough({ productId }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please select both a person and an occasion',
    })
    expect(await rejection(alice.orders.clickThrough({ productId, personId: ids.mum }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please select an occasion',
    })
    expect(await rejection(alice.orders.clickThrough({ productId, occasionId: ids.birthday }))).toEqual({
      code: 'BAD_REQUEST',
      message: "Please select who you're buying for",
    })
  })

  it("refuses another user's person, an unknown occasion, a product without a link or disabled", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(clickThroughs)
    const base = { productId: product(0).id, personId: ids.mum, occasionId: ids.birthday }
    expect(await rejection(alice.orders.clickThrough({ ...base, personId: ids.bobsSister }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Person not found',
    })
    expect(await rejection(alice.orders.clickThrough({ ...base, occasionId: 2_000_000_000 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please select an occasion',
    })
    expect(await rejection(alice.orders.clickThrough({ ...base, productId: product(2).id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No affiliate URL found',
    })
    expect(await rejection(alice.orders.clickThrough({ ...base, productId: 2_000_000_000 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Product not found',
    })
    await t.db
      .update(products)
      .set({ disabled: true })
      .where(eq(products.id, product(1).id))
    expect(await rejection(alice.orders.clickThrough({ ...base, productId: product(1).id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'This product is no longer available',
    })
    expect(await rejection(alice.products.affiliateUrl({ id: product(1).id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'This product is no longer available',
    })
    await t.db
      .update(products)
      .set({ disabled: false })
      .where(eq(products.id, product(1).id))
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(clickThroughs)
    expect(after).toEqual(before)
  })
})

describe('orders.list and orders.byId (spec account-area §2 "Orders", §7)', () => {
  let carol: ReturnType<typeof createCaller>
  let carolsMum: number
  let orderIds: number[]
  beforeAll(async () => {
    const user = await makeUser(t.db, 'carol-orders@example.com')
    carol = createCaller({ db: t.db, user })
    carolsMum = await makePerson(t.db, user.id, 'Carol’s mum')
    orderIds = []
    for (let i = 0; i < 23; i++) {
      const { id } = await carol.orders.clickThrough({
        productId: product(i % 2).id,
        personId: carolsMum,
        occasionId: i % 2 ? ids.christmas : ids.birthday,
      })
      orderIds.push(id)
    }
  })

  it('pages newest first with the total', async () => {
    const first = await carol.orders.list({ page: 1, itemsPerPage: 10 })
    expect(first.total).toBe(23)
    expect(first.totalPages).toBe(3)
    expect(first.orders.map((o) => o.id)).toEqual(orderIds.toReversed().slice(0, 10))
    const third = await carol.orders.list({ page: 3, itemsPerPage: 10 })
    expect(third.orders.map((o) => o.id)).toEqual(orderIds.toReversed().slice(20))
    expect((await carol.orders.list({ page: 5, itemsPerPage: 5 })).orders).toHaveLength(3)
    expect((await carol.orders.list({ page: 6, itemsPerPage: 5 })).orders).toEqual([])
    expect((await carol.orders.list({})).itemsPerPage).toBe(10)
    expect((await rejection(carol.orders.list({ itemsPerPage: 51 }))).code).toBe('BAD_REQUEST')
  })

  it('answers the documented order shape', async () => {
    const order = await carol.orders.byId({ id: orderIds[0]! })
    expect(order).toEqual({
      id: orderIds[0],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      clickthrough: {
        product: {
          id: product(0).id,
          title: 'Train set',
          imageUrl: 'https://i.example/t.jpg',
          categoryName: product(0).categoryName,
          awProductId: product(0).awProductId,
          price: 99.99,
          disabled: false,
        },
        person: { id: carolsMum, name: 'Carol’s mum' },
        occasion: { id: ids.birthday, label: 'Birthday' },
      },
      // Issue 22: the price at click time, and no outcome until the user marks it.
      priceAtClick: 99.99,
      outcome: null,
      pricePaid: null,
    })
  })

  it("answers NOT_FOUND for another user's order and shows nobody else's in a list", async () => {
    expect(await rejection(bob.orders.byId({ id: orderIds[0]! }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Order not found',
    })
    expect((await bob.orders.list({})).total).toBe(0)
    expect((await rejection(createCaller({ db: t.db, user: null }).orders.list({}))).code).toBe('UNAUTHORIZED')
  })

  it('stays readable after its product and person are deleted, and marks a disabled product', async () => {
    const [doomed] = await createTestProducts(t.db, [
      { title: 'Soon gone', price: 3, affiliateUrl: 'https://merchant.example/gone' },
    ])
    const goner = await makePerson(t.db, aliceUser.id, 'Goner')
    const { id } = await alice.orders.clickThrough({
      productId: doomed!.id,
      personId: goner,
      occasionId: ids.christmas,
    })
    const { id: disabledOrder } = await alice.orders.clickThrough({
      productId: product(3).id,
      personId: ids.mum,
      occasionId: ids.christmas,
    })
    await t.db.delete(products).where(eq(products.id, doomed!.id))
    await t.db.delete(people).where(eq(people.id, goner))
    await t.db
      .update(products)
      .set({ disabled: true })
      .where(eq(products.id, product(3).id))
    expect(await alice.orders.byId({ id })).toEqual({
      id,
      createdAt: expect.any(String),
      clickthrough: { product: null, person: null, occasion: { id: ids.christmas, label: 'Christmas' } },
      priceAtClick: expect.any(Number),
      outcome: null,
      pricePaid: null,
    })
    expect((await alice.orders.byId({ id: disabledOrder })).clickthrough.product).toMatchObject({ disabled: true })
    expect((await alice.orders.list({})).orders.map((o) => o.id)).toContain(id)
  })
})

describe('many users buying at once', () => {
  it('records and lists each user’s own orders', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const user = await makeUser(t.db, `crowd-${i}-orders@example.com`)
        return { caller: createCaller({ db: t.db, user }), person: await makePerson(t.db, user.id, `Friend ${i}`), i }
      }),
    )
    const recorded = await Promise.all(
      crowd.map(({ caller, person, i }) =>
        Promise.all(
          Array.from({ length: (i % 3) + 1 }, () =>
            caller.orders.clickThrough({ productId: product(i % 2).id, personId: person, occasionId: ids.birthday }),
          ),
        ),
      ),
    )
    const lists = await Promise.all(crowd.map(({ caller }) => caller.orders.list({ itemsPerPage: 50 })))
    lists.forEach((list, i) => {
      expect(list.total).toBe((i % 3) + 1)
      expect(list.orders.map((o) => o.id).sort()).toEqual(recorded[i]!.map((r) => r.id).sort())
      for (const order of list.orders)
        expect(order.clickthrough.person).toEqual({ id: crowd[i]!.person, name: `Friend ${i}` })
    })
  })
})
