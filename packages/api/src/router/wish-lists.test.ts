import { ukToday } from '@presently/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { eq, products, wishListClaims, wishListItems } from '@presently/db'
import { createCaller } from '../root.ts'
import { makePerson, makeUser, occasionId } from '../testing/fixtures.ts'
import { rejection } from '../testing/rejection.ts'
import { loadRecommendationInput } from '../services/recommendations/load-recommendation-input.ts'
import { generateShareToken } from '../services/wish-lists/share-token.ts'

type Caller = ReturnType<typeof createCaller>

let t: TestDatabase
let owner: Caller
let visitor: Caller
let second: Caller
let stranger: Caller
let anonymous: Caller
let visitorId = 0
let catalog: Awaited<ReturnType<typeof createTestProducts>>
let christmas = 0
let sam = 0

const tokenOf = (url: string) => url.split('/lists/shared/')[1]!

beforeAll(async () => {
  t = await createTestDatabase()
  const o = await makeUser(t.db, 'owner-lists@example.com')
  const v = await makeUser(t.db, 'visitor-lists@example.com')
  const s = await makeUser(t.db, 'second-lists@example.com')
  const x = await makeUser(t.db, 'stranger-lists@example.com')
  visitorId = v.id
  owner = createCaller({ db: t.db, user: o })
  visitor = createCaller({ db: t.db, user: v })
  second = createCaller({ db: t.db, user: s })
  stranger = createCaller({ db: t.db, user: x })
  anonymous = createCaller({ db: t.db, user: null })
  catalog = await createTestProducts(t.db, [
    { title: 'Lego Castle', price: 49.99, categoryName: 'Toys', categoryLevel1: 'Building Sets' },
    { title: 'Chess Set', price: 25, categoryName: 'Games' },
    { title: 'Kite', price: 12.5, categoryName: 'Outdoor' },
  ])
  christmas = await occasionId(t.db, 'christmas')
  sam = await makePerson(t.db, v.id, 'Sam')
})
afterAll(async () => t.close())

/** A shared Christmas list of the three catalog products and one item from elsewhere. */
async function christmasList() {
  const list = await owner.wishLists.create({ name: 'Christmas', occasionId: christmas, date: '2026-12-25' })
  for (const p of catalog) await owner.wishLists.addItem({ listId: list.id, productId: p.id })
  const scarf = await owner.wishLists.addItem({
    listId: list.id,
    title: 'Red scarf',
    link: 'https://example.com/scarf',
    price: 19.5,
    quantity: 2,
    priority: 'must_have',
    note: 'Wool, not acrylic',
  })
  const { url } = await owner.wishLists.share({ id: list.id })
  return { list: await owner.wishLists.byId({ id: list.id }), scarf, token: tokenOf(url) }
}

describe('wish lists: the owner (issue 23)', () => {
  it('creates a list with catalog items and an item from elsewhere, prices in pounds', async () => {
    const { list, scarf } = await christmasList()
    expect(list).toMatchObject({ name: 'Christmas', occasionLabel: 'Christmas', date: '2026-12-25', itemCount: 4 })
    expect(list.items.map((i) => [i.title, i.price, i.awProductId !== null])).toEqual([
      ['Lego Castle', 49.99, true],
      ['Chess Set', 25, true],
      ['Kite', 12.5, true],
      ['Red scarf', 19.5, false],
    ])
    expect(scarf).toMatchObject({ link: 'https://example.com/scarf', quantity: 2, priority: 'must_have' })
    expect(list.sharePath).toMatch(/^\/lists\/shared\/[A-Za-z0-9_-]{22}$/)
  })

  it('refuses hostile input naming the field', async () => {
    const list = await owner.wishLists.create({ name: 'Hostile' })
    const bad = async (input: Record<string, unknown>) =>
      rejection(owner.wishLists.addItem({ listId: list.id, ...input }))
    expect(await bad({ title: 'x', link: 'javascript:alert(1)' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'link must be a web address starting with http:// or https://',
    })
    expect((await bad({ title: 'x', price: -1 })).message).toMatch(/^price must be/)
    expect((await bad({ title: 'x', price: 1.234 })).message).toMatch(/^price must be/)
    expect((await bad({ title: 'x', quantity: 0 })).message).toMatch(/^quantity must be/)
    expect((await bad({ title: 'x'.repeat(201) })).message).toBe('title must be at most 200 characters')
    expect((await bad({})).message).toBe('Please give either a productId or a title')
    expect((await bad({ productId: catalog[0]!.id, price: 3 })).message).toBe(
      'A catalog item takes its title, link and price from the shop',
    )
    expect((await rejection(owner.wishLists.create({ name: '' }))).message).toBe('name is required')
  })

  it("answers 404 for another user's list and items, on every owner route", async () => {
    const { list, scarf } = await christmasList()
    const notFound = { code: 'NOT_FOUND', message: 'Wish list not found' }
    expect(await rejection(stranger.wishLists.byId({ id: list.id }))).toEqual(notFound)
    expect(await rejection(stranger.wishLists.update({ id: list.id, name: 'Mine' }))).toEqual(notFound)
    expect(await rejection(stranger.wishLists.delete({ id: list.id }))).toEqual(notFound)
    expect(await rejection(stranger.wishLists.addItem({ listId: list.id, title: 'x' }))).toEqual(notFound)
    expect(await rejection(stranger.wishLists.updateItem({ listId: list.id, itemId: scarf.id, note: 'x' }))).toEqual(
      notFound,
    )
    expect(await rejection(stranger.wishLists.deleteItem({ listId: list.id, itemId: scarf.id }))).toEqual(notFound)
    expect(await rejection(stranger.wishLists.share({ id: list.id }))).toEqual(notFound)
    expect(await rejection(stranger.wishLists.revokeShare({ id: list.id }))).toEqual(notFound)
    expect(await stranger.wishLists.list()).toEqual([])
    expect((await rejection(anonymous.wishLists.list())).code).toBe('UNAUTHORIZED')
    // An item of another of the owner's lists is not found through this one.
    const other = await owner.wishLists.create({ name: 'Other' })
    expect(await rejection(owner.wishLists.deleteItem({ listId: other.id, itemId: scarf.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Item not found',
    })
  })

  it('keeps the link until renewed; a renewed or revoked link answers 404', async () => {
    const { list, token } = await christmasList()
    const again = await owner.wishLists.share({ id: list.id })
    expect(tokenOf(again.url)).toBe(token)
    const renewed = tokenOf((await owner.wishLists.share({ id: list.id, renew: true })).url)
    expect(renewed).not.toBe(token)
    const gone = { code: 'NOT_FOUND', message: 'This wish list link does not work any more' }
    expect(await rejection(visitor.sharedLists.byToken({ token }))).toEqual(gone)
    expect((await visitor.sharedLists.byToken({ token: renewed })).items).toHaveLength(4)
    await owner.wishLists.revokeShare({ id: list.id })
    expect(await rejection(visitor.sharedLists.byToken({ token: renewed }))).toEqual(gone)
    expect(await rejection(anonymous.sharedLists.byToken({ token: generateShareToken() }))).toEqual(gone)
    expect(await rejection(anonymous.sharedLists.byToken({ token: "' or 1=1 --" }))).toEqual(gone)
  })
})

describe('wish lists: caps (issue 23, docs/decisions/wish-lists.md)', () => {
  it('holds at most 200 items per list and 50 lists per user, with 409s', async () => {
    const capped = await makeUser(t.db, 'capped-lists@example.com')
    const caller = createCaller({ db: t.db, user: capped })
    const list = await caller.wishLists.create({ name: 'Big' })
    await t.db
      .insert(wishListItems)
      .values(Array.from({ length: 200 }, (_, i) => ({ listId: list.id, title: `Thing ${i}` })))
    expect(await rejection(caller.wishLists.addItem({ listId: list.id, title: 'One more' }))).toEqual({
      code: 'CONFLICT',
      message: 'A wish list holds at most 200 items',
    })
    for (let i = 1; i < 50; i++) await caller.wishLists.create({ name: `List ${i}` })
    expect(await rejection(caller.wishLists.create({ name: 'List 51' }))).toEqual({
      code: 'CONFLICT',
      message: 'You can keep at most 50 wish lists',
    })
    // A deleted list frees its place.
    await caller.wishLists.delete({ id: list.id })
    await expect(caller.wishLists.create({ name: 'List 51' })).resolves.toMatchObject({ name: 'List 51' })
  })
})

describe('wish lists: claims hidden from the owner (issue 23)', () => {
  it('gives the owner identical answers on every owner route with claims, pledges and links present and absent', async () => {
    const { list, token } = await christmasList()
    const group = await owner.wishLists.addItem({ listId: list.id, title: 'Bike', price: 300, groupGift: true })
    // The writes come first and set the same values each time, so both rounds read the same list.
    const ownerAnswers = async () => ({
      update: await owner.wishLists.update({ id: list.id, note: 'Thank you!' }),
      updateItem: await owner.wishLists.updateItem({ listId: list.id, itemId: group.id, note: 'Blue' }),
      share: await owner.wishLists.share({ id: list.id }),
      list: await owner.wishLists.list(),
      byId: await owner.wishLists.byId({ id: list.id }),
      shared: await owner.sharedLists.byToken({ token }),
      claims: await owner.wishLists.myClaims(),
    })
    await ownerAnswers()
    const before = await ownerAnswers()
    const [lego, chess, , scarf] = before.byId.items
    await visitor.sharedLists.claim({ token, itemId: lego!.id })
    await visitor.sharedLists.claim({ token, itemId: scarf!.id, quantity: 2 })
    await second.sharedLists.claim({ token, itemId: chess!.id })
    await second.sharedLists.pledge({ token, itemId: group.id, amount: 40 })
    await visitor.sharedLists.link({ token, personId: sam })
    const after = await ownerAnswers()
    expect(after).toEqual(before)
    expect(before.shared.view).toBe('owner')
    expect(
      before.shared.items.every((i) => i.claimedQuantity === null && i.claims.length === 0 && i.pledges === null),
    ).toBe(true)
    // The owner's deletion answers the same with or without claims.
    const removedClaimed = await owner.wishLists.deleteItem({ listId: list.id, itemId: lego!.id })
    const extra = await owner.wishLists.addItem({ listId: list.id, title: 'Unclaimed' })
    expect(await owner.wishLists.deleteItem({ listId: list.id, itemId: extra.id })).toEqual(removedClaimed)
    // And the owner cannot claim from their own list.
    expect(await rejection(owner.sharedLists.claim({ token, itemId: chess!.id }))).toEqual({
      code: 'FORBIDDEN',
      message: 'This is your own list: others claim from it',
    })
  })

  it('shows visitors who claimed what, hides claims from signed-out visitors, and shows pledges on group gifts', async () => {
    const { list, token } = await christmasList()
    const group = await owner.wishLists.addItem({ listId: list.id, title: 'Bike', price: 300, groupGift: true })
    const [lego] = list.items
    await visitor.sharedLists.claim({ token, itemId: lego!.id })
    await visitor.sharedLists.pledge({ token, itemId: group.id, amount: 25.5 })
    await second.sharedLists.pledge({ token, itemId: group.id, amount: 10 })
    await second.sharedLists.pledge({ token, itemId: group.id, amount: 12 })
    const seen = await second.sharedLists.byToken({ token })
    expect(seen.view).toBe('visitor')
    expect(seen.list.ownerName).toBe('owner-lists')
    const legoSeen = seen.items.find((i) => i.id === lego!.id)!
    expect(legoSeen).toMatchObject({
      claimedQuantity: 1,
      claims: [{ name: 'visitor-lists', quantity: 1, mine: false, pending: false }],
    })
    expect(seen.items.find((i) => i.id === group.id)!.pledges).toEqual({
      total: 37.5,
      pledgers: [
        { name: 'visitor-lists', amount: 25.5, mine: false, pending: false },
        { name: 'You', amount: 12, mine: true, pending: false },
      ],
    })
    const signedOut = await anonymous.sharedLists.byToken({ token })
    expect(signedOut.view).toBe('anonymous')
    expect(signedOut.items.find((i) => i.id === lego!.id)).toMatchObject({ claimedQuantity: null, claims: [] })
    expect((await rejection(anonymous.sharedLists.claim({ token, itemId: lego!.id }))).code).toBe('UNAUTHORIZED')
    expect(await rejection(visitor.sharedLists.claim({ token, itemId: group.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This is a group gift: pledge an amount towards it instead',
    })
    expect(await rejection(visitor.sharedLists.pledge({ token, itemId: lego!.id, amount: 5 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Pledges are for group gifts only',
    })
    // Unclaim: the caller's own claim only.
    expect(await rejection(second.sharedLists.unclaim({ token, itemId: lego!.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'You have not claimed this item',
    })
    const unclaimed = await visitor.sharedLists.unclaim({ token, itemId: lego!.id })
    expect(unclaimed.item).toMatchObject({ claimedQuantity: 0, claims: [] })
  })

  it('gives the last unit to exactly one of two visitors claiming at once; the other gets "Someone has just claimed this"', async () => {
    for (let round = 0; round < 5; round++) {
      const list = await owner.wishLists.create({ name: `Race ${round}` })
      const item = await owner.wishLists.addItem({ listId: list.id, title: 'Last one' })
      const token = tokenOf((await owner.wishLists.share({ id: list.id })).url)
      const results = await Promise.allSettled([
        visitor.sharedLists.claim({ token, itemId: item.id }),
        second.sharedLists.claim({ token, itemId: item.id }),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const lost = results.find((r) => r.status === 'rejected')
      expect((lost as PromiseRejectedResult).reason).toMatchObject({
        code: 'CONFLICT',
        message: 'Someone has just claimed this',
      })
      const rows = await t.db.select().from(wishListClaims).where(eq(wishListClaims.itemId, item.id))
      expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(1)
    }
  })

  it('never grants more than the quantity when many claim at once', async () => {
    const list = await owner.wishLists.create({ name: 'Crowd' })
    const item = await owner.wishLists.addItem({ listId: list.id, title: 'Socks', quantity: 3 })
    const token = tokenOf((await owner.wishLists.share({ id: list.id })).url)
    const crowd = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        createCaller({ db: t.db, user: await makeUser(t.db, `crowd-${i}@example.com`) }),
      ),
    )
    const results = await Promise.allSettled(crowd.map((c) => c.sharedLists.claim({ token, itemId: item.id })))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    const rows = await t.db.select().from(wishListClaims).where(eq(wishListClaims.itemId, item.id))
    expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(3)
  })
})

describe('wish lists: claims page, planned gifts and recommendations (issue 23)', () => {
  it("links the list to the claimer's person: planned gifts, liked products for recommendations, removed items", async () => {
    const { list, token } = await christmasList()
    const [lego, chess, kite] = list.items
    expect((await rejection(visitor.sharedLists.link({ token, personId: 999_999 }))).code).toBe('NOT_FOUND')
    expect(await visitor.sharedLists.link({ token, personId: sam })).toEqual({ person: { id: sam, name: 'Sam' } })
    await visitor.sharedLists.claim({ token, itemId: lego!.id })
    await visitor.sharedLists.claim({ token, itemId: chess!.id })
    expect((await visitor.sharedLists.byToken({ token })).person).toEqual({ id: sam, name: 'Sam' })

    const planned = await visitor.wishLists.plannedGifts({ personId: sam })
    expect(planned.filter((g) => g.listName === 'Christmas' && [lego!.id, chess!.id].includes(g.itemId))).toHaveLength(
      2,
    )
    expect(planned.find((g) => g.itemId === lego!.id)).toMatchObject({
      title: 'Lego Castle',
      occasionLabel: 'Christmas',
      date: '2026-12-25',
      removed: false,
    })
    expect((await rejection(stranger.wishLists.plannedGifts({ personId: sam }))).code).toBe('NOT_FOUND')

    const input = await loadRecommendationInput(t.db, visitorId, sam, 'christmas', ukToday())
    const titles = input.profile?.likes.map((l) => l.title) ?? []
    expect(titles).toEqual(expect.arrayContaining(['Lego Castle', 'Chess Set', 'Kite']))
    expect(input.profile?.likes.find((l) => l.title === kite!.title)).toMatchObject({
      forPerson: true,
      forOccasion: true,
    })

    await owner.wishLists.deleteItem({ listId: list.id, itemId: lego!.id })
    const claims = await visitor.wishLists.myClaims()
    expect(claims.find((c) => c.itemId === lego!.id)).toMatchObject({
      removed: true,
      sharedPath: null,
      title: 'Lego Castle',
      person: { id: sam, name: 'Sam' },
      occasionId: christmas,
    })
    expect(claims.find((c) => c.itemId === chess!.id)).toMatchObject({ removed: false, sharedPath: list.sharePath })
    expect(await stranger.wishLists.myClaims()).toEqual([])
  })

  it('keeps a catalog item titled when its product is deleted', async () => {
    const [doomed] = await createTestProducts(t.db, [{ title: 'Doomed Toy', price: 5 }])
    const list = await owner.wishLists.create({ name: 'Doom' })
    await owner.wishLists.addItem({ listId: list.id, productId: doomed!.id })
    await t.db.delete(products).where(eq(products.id, doomed!.id))
    const [item] = (await owner.wishLists.byId({ id: list.id })).items
    expect(item).toMatchObject({ title: 'Doomed Toy', productId: null, awProductId: null })
  })
})

describe('wish lists: renewing a link cuts earlier claimers (issue 41, finding 6)', () => {
  it('the claims page of someone who claimed through the old link no longer reaches the list', async () => {
    const { list, token } = await christmasList()
    const [lego, chess] = (await owner.wishLists.byId({ id: list.id })).items
    await visitor.sharedLists.claim({ token, itemId: lego!.id })
    const pathOf = async (caller: Caller, itemId: number) =>
      (await caller.wishLists.myClaims()).find((c) => c.itemId === itemId)!.sharedPath
    expect(await pathOf(visitor, lego!.id)).toBe(`/lists/shared/${token}`)
    const renewed = tokenOf((await owner.wishLists.share({ id: list.id, renew: true })).url)
    // Cut as a revocation would: no link to the new token, and the claim stays theirs.
    expect(await pathOf(visitor, lego!.id)).toBeNull()
    expect((await visitor.wishLists.myClaims()).find((c) => c.itemId === lego!.id)).toMatchObject({
      removed: false,
      quantity: 1,
    })
    // Someone given the new link claims through it and keeps it on their page.
    await second.sharedLists.claim({ token: renewed, itemId: chess!.id })
    expect(await pathOf(second, chess!.id)).toBe(`/lists/shared/${renewed}`)
    // Revoking and sharing again is a new link too.
    await owner.wishLists.revokeShare({ id: list.id })
    await owner.wishLists.share({ id: list.id })
    expect(await pathOf(second, chess!.id)).toBeNull()
  })
})
