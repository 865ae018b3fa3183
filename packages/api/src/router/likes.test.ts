import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { eq, people, productLikeAssociations, products } from '@presently/db'
import { createCaller } from '../root.ts'
import { likedProductsJson } from '../services/likes/liked-products.ts'
import { makeUser, makePerson, occasionId } from '../testing/fixtures.ts'
import { rejection } from '../testing/rejection.ts'

let t: TestDatabase
let alice: ReturnType<typeof createCaller>
let bob: ReturnType<typeof createCaller>
let anonymous: ReturnType<typeof createCaller>
let aliceId = 0
let catalog: Awaited<ReturnType<typeof createTestProducts>>
const ids = { mum: 0, dad: 0, bobsSister: 0, birthday: 0, christmas: 0 }

beforeAll(async () => {
  t = await createTestDatabase()
  const a = await makeUser(t.db, 'alice-likes@example.com')
  const b = await makeUser(t.db, 'bob-likes@example.com')
  aliceId = a.id
  alice = createCaller({ db: t.db, user: a })
  bob = createCaller({ db: t.db, user: b })
  anonymous = createCaller({ db: t.db, user: null })
  catalog = await createTestProducts(
    t.db,
    Array.from({ length: 8 }, (_, i) => ({
      title: `Kite ${i}`,
      price: 10 + i,
      imageUrl: `https://example.com/${i}.jpg`,
    })),
  )
  ids.mum = await makePerson(t.db, a.id, 'Mum')
  ids.dad = await makePerson(t.db, a.id, 'Dad')
  ids.bobsSister = await makePerson(t.db, b.id, 'Sister')
  ids.birthday = await occasionId(t.db, 'birthday')
  ids.christmas = await occasionId(t.db, 'christmas')
})
afterAll(async () => t.close())

const product = (i: number) => catalog[i]!

describe('likes.toggle (spec account-area §4 "Liking a product toggles like and unlike")', () => {
  it('likes, then unlikes on the second toggle', async () => {
    const first = await alice.likes.toggle({ id: product(0).id })
    expect(first).toEqual({ success: true, liked: true, productLikeId: expect.any(Number), message: 'Product liked' })
    const list = await alice.likes.list()
    expect(list).toEqual([
      {
        id: first.productLikeId,
        productId: product(0).id,
        awProductId: product(0).awProductId,
        productTitle: 'Kite 0',
        productImage: 'https://example.com/0.jpg',
        productCategory: expect.any(String),
        price: 10,
        occasionLabel: null,
        disabled: false,
        likedAt: expect.any(String),
        associations: [],
      },
    ])
    expect(await alice.likes.productIds()).toEqual([product(0).id])

    const second = await alice.likes.toggle({ id: product(0).id })
    expect(second).toEqual({ success: true, liked: false, productLikeId: null, message: 'Product unliked' })
    expect(await alice.likes.list()).toEqual([])
    expect(await alice.likes.productIds()).toEqual([])
  })

  it('finds the product by affiliate id with type "aw"', async () => {
    const liked = await alice.likes.toggle({ id: product(1).awProductId, type: 'aw' })
    expect(liked.liked).toBe(true)
    expect((await alice.likes.list()).map((l) => l.productId)).toEqual([product(1).id])
    await alice.likes.toggle({ id: product(1).id })
  })

  it('answers NOT_FOUND for an unknown product and UNAUTHORIZED signed out', async () => {
    expect(await rejection(alice.likes.toggle({ id: 2_000_000_000 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Product not found',
    })
    expect((await rejection(anonymous.likes.toggle({ id: product(0).id }))).code).toBe('UNAUTHORIZED')
    expect((await rejection(anonymous.likes.list())).code).toBe('UNAUTHORIZED')
  })

  it('keeps each user’s likes apart, even with many toggling at once', async () => {
    const callers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        createCaller({ db: t.db, user: await makeUser(t.db, `crowd-${i}-likes@example.com`) }),
      ),
    )
    // User i likes products i % 8 and (i + 3) % 8, all at once.
    await Promise.all(
      callers.flatMap((caller, i) => [
        caller.likes.toggle({ id: product(i % 8).id }),
        caller.likes.toggle({ id: product((i + 3) % 8).id }),
      ]),
    )
    const lists = await Promise.all(callers.map((caller) => caller.likes.list()))
    lists.forEach((list, i) => {
      expect(list.map((l) => l.productId).sort()).toEqual([product(i % 8).id, product((i + 3) % 8).id].sort())
    })
  })

  it('a pair of simultaneous toggles by one user ends unliked (both applied)', async () => {
    const [a, b] = await Promise.all([
      alice.likes.toggle({ id: product(2).id }),
      alice.likes.toggle({ id: product(2).id }),
    ])
    expect([a.liked, b.liked].sort()).toEqual([false, true])
    expect(await alice.likes.productIds()).not.toContain(product(2).id)
  })
})

describe('disabled products in likes', () => {
  it('stay listed, marked disabled; can be unliked but not liked again', async () => {
    const liked = await alice.likes.toggle({ id: product(3).id })
    await t.db
      .update(products)
      .set({ disabled: true })
      .where(eq(products.id, product(3).id))
    const [entry] = (await alice.likes.list()).filter((l) => l.productId === product(3).id)
    expect(entry).toMatchObject({ id: liked.productLikeId, disabled: true })
    expect((await alice.likes.toggle({ id: product(3).id })).liked).toBe(false)
    expect(await rejection(alice.likes.toggle({ id: product(3).id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'This product is no longer available',
    })
    await t.db
      .update(products)
      .set({ disabled: false })
      .where(eq(products.id, product(3).id))
  })
})

describe('associations (spec account-area §3 "Product-like association", §5, §7)', () => {
  let likeId: number
  let otherLikeId: number
  let bobsLikeId: number
  beforeAll(async () => {
    likeId = (await alice.likes.toggle({ id: product(4).id })).productLikeId!
    otherLikeId = (await alice.likes.toggle({ id: product(5).id })).productLikeId!
    bobsLikeId = (await bob.likes.toggle({ id: product(4).id })).productLikeId!
  })

  it('batch replaces the full list, keeping repeats once and the ids of those that stay', async () => {
    const saved = await alice.likes.saveAssociations({
      productLikeId: likeId,
      associations: [
        { personId: ids.mum, occasionId: ids.birthday },
        { personId: ids.mum, occasionId: ids.birthday },
        { personId: ids.dad },
        { occasionId: ids.christmas, personId: null },
      ],
    })
    expect(saved.map(({ personId, occasionId }) => ({ personId, occasionId }))).toEqual([
      { personId: ids.mum, occasionId: ids.birthday },
      { personId: ids.dad, occasionId: null },
      { personId: null, occasionId: ids.christmas },
    ])
    expect(await alice.likes.associations({ productLikeId: likeId })).toEqual(saved)

    const replaced = await alice.likes.saveAssociations({
      productLikeId: likeId,
      associations: [
        { personId: ids.mum, occasionId: ids.birthday },
        { personId: ids.dad, occasionId: ids.christmas },
      ],
    })
    expect(replaced[0]).toEqual(saved[0])
    expect(replaced).toHaveLength(2)
    const entry = (await alice.likes.list()).find((l) => l.id === likeId)!
    expect(entry.associations).toEqual(replaced)
    expect(entry.occasionLabel).toBe('Birthday')

    expect(await alice.likes.saveAssociations({ productLikeId: likeId, associations: [] })).toEqual([])
    await alice.likes.saveAssociations({ productLikeId: likeId, associations: replaced })
  })

  it('needs a person or an occasion in each', async () => {
    expect(
      await rejection(alice.likes.saveAssociations({ productLikeId: likeId, associations: [{ personId: null }] })),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Please select a person or an occasion' })
    expect(await rejection(alice.likes.copyAssociation({ productLikeId: likeId }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please select a person or an occasion',
    })
  })

  it('copies one association; a duplicate is not an error and changes nothing', async () => {
    const first = await alice.likes.copyAssociation({
      productLikeId: otherLikeId,
      personId: ids.mum,
      occasionId: ids.birthday,
    })
    expect(first).toEqual({
      created: true,
      association: { id: expect.any(Number), productLikeId: otherLikeId, personId: ids.mum, occasionId: ids.birthday },
    })
    const again = await alice.likes.copyAssociation({
      productLikeId: otherLikeId,
      personId: ids.mum,
      occasionId: ids.birthday,
    })
    expect(again).toEqual({ created: false, association: first.association })
    // The null-occasion form is a duplicate too (the unique key treats nulls as equal).
    await alice.likes.copyAssociation({ productLikeId: otherLikeId, personId: ids.dad })
    expect((await alice.likes.copyAssociation({ productLikeId: otherLikeId, personId: ids.dad })).created).toBe(false)
    expect(await alice.likes.associations({ productLikeId: otherLikeId })).toHaveLength(2)
  })

  it("refuses another user's like or person as not found, and unknown occasions", async () => {
    const notFound = { code: 'NOT_FOUND', message: 'Liked product not found' }
    expect(await rejection(alice.likes.associations({ productLikeId: bobsLikeId }))).toEqual(notFound)
    expect(
      await rejection(
        alice.likes.saveAssociations({ productLikeId: bobsLikeId, associations: [{ personId: ids.mum }] }),
      ),
    ).toEqual(notFound)
    expect(await rejection(alice.likes.copyAssociation({ productLikeId: bobsLikeId, personId: ids.mum }))).toEqual(
      notFound,
    )
    const personNotFound = { code: 'NOT_FOUND', message: 'Person not found' }
    expect(
      await rejection(
        alice.likes.saveAssociations({ productLikeId: likeId, associations: [{ personId: ids.bobsSister }] }),
      ),
    ).toEqual(personNotFound)
    expect(await rejection(alice.likes.copyAssociation({ productLikeId: likeId, personId: ids.bobsSister }))).toEqual(
      personNotFound,
    )
    expect(
      await rejection(
        alice.likes.saveAssociations({ productLikeId: likeId, associations: [{ occasionId: 2_000_000_000 }] }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'Please select an occasion' })
    // Nothing of Alice's changed, nothing of Bob's was touched.
    expect(await alice.likes.associations({ productLikeId: likeId })).toHaveLength(2)
    expect(await bob.likes.associations({ productLikeId: bobsLikeId })).toEqual([])
  })

  it('goes with the person when the person is deleted', async () => {
    const temp = await makePerson(t.db, aliceId, 'Temp')
    await alice.likes.copyAssociation({ productLikeId: otherLikeId, personId: temp })
    await t.db.delete(people).where(eq(people.id, temp))
    const left = await t.db
      .select()
      .from(productLikeAssociations)
      .where(eq(productLikeAssociations.productLikeId, otherLikeId))
    expect(left.map((a) => a.personId)).not.toContain(temp)
  })
})

describe('likes.forPersonOccasion (the Person page)', () => {
  it('lists likes for the person and occasion, the person with any occasion, or the occasion with nobody', async () => {
    await t.db.delete(productLikeAssociations)
    const forMumBirthday = (await alice.likes.toggle({ id: product(6).id })).productLikeId!
    const forMumAny = (await alice.likes.toggle({ id: product(7).id })).productLikeId!
    const [forDadBirthday, forAnyBirthday, forMumChristmas] = [
      (await alice.likes.list()).find((l) => l.productId === product(4).id)!.id,
      (await alice.likes.list()).find((l) => l.productId === product(5).id)!.id,
      (await alice.likes.toggle({ id: product(0).id })).productLikeId!,
    ]
    await alice.likes.copyAssociation({ productLikeId: forMumBirthday, personId: ids.mum, occasionId: ids.birthday })
    await alice.likes.copyAssociation({ productLikeId: forMumAny, personId: ids.mum })
    await alice.likes.copyAssociation({ productLikeId: forDadBirthday, personId: ids.dad, occasionId: ids.birthday })
    await alice.likes.copyAssociation({ productLikeId: forAnyBirthday, occasionId: ids.birthday })
    await alice.likes.copyAssociation({ productLikeId: forMumChristmas, personId: ids.mum, occasionId: ids.christmas })

    const found = await alice.likes.forPersonOccasion({ personId: ids.mum, occasionLabel: 'Birthday' })
    expect(found.map((l) => l.id).sort()).toEqual([forMumBirthday, forMumAny, forAnyBirthday].sort())
    for (const like of found) expect(like.occasionLabel).toBe('Birthday')
    // The label is matched without regard to case, and by the occasion's value too.
    expect((await alice.likes.forPersonOccasion({ personId: ids.mum, occasionLabel: 'birthday' })).length).toBe(3)
    expect(
      (await alice.likes.forPersonOccasion({ personId: ids.mum, occasionLabel: 'Christmas' })).map((l) => l.id).sort(),
    ).toEqual([forMumAny, forMumChristmas].sort())
  })

  it("refuses another user's person", async () => {
    expect(
      await rejection(alice.likes.forPersonOccasion({ personId: ids.bobsSister, occasionLabel: 'Birthday' })),
    ).toEqual({ code: 'NOT_FOUND', message: 'Person not found' })
    expect(await bob.likes.forPersonOccasion({ personId: ids.bobsSister, occasionLabel: 'Birthday' })).toEqual([])
  })
})

describe('likes.page (the Liked Products page, issue 24)', () => {
  it('pages the whole list in its order, with the total and the next cursor', async () => {
    const user = await makeUser(t.db, 'pager-likes@example.com')
    const pager = createCaller({ db: t.db, user })
    for (let i = 0; i < 5; i++) await pager.likes.toggle({ id: product(i).id })
    const mum = await makePerson(t.db, user.id, 'Mum')
    const whole = await pager.likes.list()
    await pager.likes.saveAssociations({
      productLikeId: whole[3]!.id,
      associations: [{ personId: mum, occasionId: null }],
    })
    const all = await pager.likes.list()

    const first = await pager.likes.page({ limit: 2 })
    expect(first.total).toBe(5)
    expect(first.items).toEqual(all.slice(0, 2))
    expect(first.nextCursor).toBe(all[1]!.id)
    const second = await pager.likes.page({ limit: 2, cursor: first.nextCursor! })
    expect(second.items).toEqual(all.slice(2, 4))
    expect(second.items[1]!.associations).toHaveLength(1)
    const last = await pager.likes.page({ limit: 2, cursor: second.nextCursor! })
    expect(last).toEqual({ items: all.slice(4), total: 5, nextCursor: null })
    // The default page is 48: everything here, and no further page.
    expect(await pager.likes.page({})).toEqual({ items: all, total: 5, nextCursor: null })
  })

  it('the whole list as JSON from PostgreSQL (REST) says exactly what likes.list says', async () => {
    const user = await makeUser(t.db, 'json-likes@example.com')
    const caller = createCaller({ db: t.db, user })
    expect(await likedProductsJson(t.db, user.id)).toBe('[]')
    for (let i = 0; i < 4; i++) await caller.likes.toggle({ id: product(i).id })
    const mum = await makePerson(t.db, user.id, 'Mum')
    const [first, second] = await caller.likes.list()
    // No occasion first, then two occasions: the label is the first association's with one.
    await caller.likes.saveAssociations({
      productLikeId: first!.id,
      associations: [
        { personId: mum, occasionId: null },
        { personId: mum, occasionId: ids.christmas },
        { personId: null, occasionId: ids.birthday },
      ],
    })
    await caller.likes.saveAssociations({
      productLikeId: second!.id,
      associations: [{ personId: mum, occasionId: null }],
    })
    await t.db
      .update(products)
      .set({ disabled: true, price: 12, imageUrl: null })
      .where(eq(products.id, product(3).id))
    const list = await caller.likes.list()
    expect(list.some((like) => like.disabled && like.price === 12 && like.productImage === null)).toBe(true)
    expect(list[0]!.occasionLabel).toBe('Christmas')
    const json = await likedProductsJson(t.db, user.id)
    // Same fields in the same order with the same values (whitespace aside).
    expect(JSON.stringify(JSON.parse(json))).toBe(JSON.stringify(list))
    await t.db
      .update(products)
      .set({ disabled: false })
      .where(eq(products.id, product(3).id))
  })

  it("answers an empty page for another user's like as the cursor, refuses bad limits and strangers", async () => {
    const [bobsLike] = await bob.likes.list()
    const cursor = bobsLike?.id ?? (await bob.likes.toggle({ id: product(6).id })).productLikeId!
    expect((await alice.likes.page({ cursor })).items).toEqual([])
    for (const limit of [0, 97, 1.5]) {
      expect((await rejection(alice.likes.page({ limit }))).code).toBe('BAD_REQUEST')
    }
    expect((await rejection(anonymous.likes.page({}))).code).toBe('UNAUTHORIZED')
  })
})
