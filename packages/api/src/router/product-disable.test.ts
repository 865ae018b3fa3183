import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { eq, occasions, people, products, promoProducts, promos, users, variantGroups } from '@presently/db'
import { categoryTreeWithCounts } from '../services/categories/category-tree.ts'
import { createCaller } from '../root.ts'
import { makeUser } from '../testing/fixtures.ts'
import type { SessionUser } from '../trpc.ts'
import { rejection } from '../testing/rejection.ts'

let t: TestDatabase
let staff: ReturnType<typeof createCaller>
let admin: ReturnType<typeof createCaller>
let shopper: ReturnType<typeof createCaller>
let anonymous: ReturnType<typeof createCaller>
let staffUser: SessionUser
let promoId: number
let catalog: Awaited<ReturnType<typeof createTestProducts>>

const product = (i: number) => catalog[i]!

/** Every catalog read a shopper makes, as ids and counts, with `target` (an index) in mind. */
async function catalogView(target: number) {
  const id = product(target).id
  const general = await anonymous.products.list({ limit: 100 })
  const category = await anonymous.products.list({ limit: 100, categoryName: 'Kites' })
  const search = await anonymous.products.list({ limit: 100, search: 'stunt' })
  const withVariants = await anonymous.products.list({ limit: 100, includeVariants: true })
  const promo = await anonymous.promos.productsPage({ promoId, page: 1, limit: 50 })
  const tree = await categoryTreeWithCounts(t.db)
  const searchCounts = await anonymous.categories.searchWithCounts({ q: 'stunt' })
  const promoCounts = await anonymous.categories.promoWithCounts({ promoId })
  const maxPrice = await anonymous.products.maxPrice()
  const group = await anonymous.variants.group({ id: product(1).id })
  return {
    listed: general.products.some((p) => p.id === id),
    inCategory: category.products.some((p) => p.id === id),
    inSearch: search.products.some((p) => p.id === id),
    withVariants: withVariants.products.some((p) => p.id === id),
    inPromo: promo.products.some((p) => p.productId === id),
    total: general.total,
    priceRange: category.priceRange,
    kitesCount: tree.counts['Kites'],
    searchCount: searchCounts.counts['Kites'],
    promoCount: promoCounts.counts['Kites'],
    maxPrice: maxPrice.maxPrice,
    variantChoices: group.variants.map((v) => v.id),
    primaryListed: general.products
      .filter((p) => [product(0).id, product(1).id, product(2).id].includes(p.id))
      .map((p) => p.id),
  }
}

beforeAll(async () => {
  t = await createTestDatabase()
  staffUser = await makeUser(t.db, 'staff-disable@example.com', { isStaff: true })
  staff = createCaller({ db: t.db, user: staffUser })
  admin = createCaller({ db: t.db, user: await makeUser(t.db, 'admin-disable@example.com', { isAdmin: true }) })
  shopper = createCaller({ db: t.db, user: await makeUser(t.db, 'shopper-disable@example.com') })
  anonymous = createCaller({ db: t.db, user: null })
  const [group] = await t.db
    .insert(variantGroups)
    .values({ baseProductName: 'Stunt Kite', matchMethod: 'title_base_name', brandName: 'Acme' })
    .returning()
  catalog = await createTestProducts(t.db, [
    // A variant group: 0 is its primary (it has a description), 1 and 2 are variants.
    {
      title: 'Acme Stunt Kite Red',
      price: 30,
      categoryName: 'Kites',
      brand: 'Acme',
      longDescription: 'A red stunt kite',
      variantGroupId: group!.id,
      variantValue: 'Red',
      affiliateUrl: 'https://merchant.example/red',
    },
    {
      title: 'Acme Stunt Kite Blue',
      price: 20,
      categoryName: 'Kites',
      brand: 'Acme',
      variantGroupId: group!.id,
      variantValue: 'Blue',
      variantSecondary: true,
    },
    {
      title: 'Acme Stunt Kite Green',
      price: 25,
      categoryName: 'Kites',
      brand: 'Acme',
      variantGroupId: group!.id,
      variantValue: 'Green',
      variantSecondary: true,
    },
    // The most expensive product, alone in its category.
    { title: 'Golden Stunt Plane', price: 900, categoryName: 'Kites', affiliateUrl: 'https://merchant.example/plane' },
    { title: 'Yo-yo', price: 4, categoryName: 'Toys' },
  ])
  await t.db
    .update(variantGroups)
    .set({ primaryVariantId: product(0).id })
    .where(eq(variantGroups.id, group!.id))
  const [promo] = await t.db.insert(promos).values({ name: 'summer', title: 'Summer' }).returning()
  promoId = promo!.id
  await t.db.insert(promoProducts).values(catalog.map((p, position) => ({ promoId, productId: p.id, position })))
})
afterAll(async () => t.close())

describe('products.toggleDisabled: who may', () => {
  it('refuses shoppers (FORBIDDEN) and visitors (UNAUTHORIZED), changing nothing', async () => {
    expect(await rejection(shopper.products.toggleDisabled({ id: product(4).id }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Staff only',
    })
    expect((await rejection(anonymous.products.toggleDisabled({ id: product(4).id }))).code).toBe('UNAUTHORIZED')
    const [row] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, product(4).id))
    expect(row!.disabled).toBe(false)
  })

  it('lets staff and admins toggle, recording who disabled it and when', async () => {
    const before = Date.now()
    expect(await staff.products.toggleDisabled({ id: product(4).awProductId, type: 'aw' })).toEqual({
      success: true,
      disabled: true,
      message: 'Product disabled',
    })
    const [row] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, product(4).id))
    expect(row!.disabled).toBe(true)
    expect(row!.disabledByUserId).toBe(staffUser.id)
    expect(row!.disabledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(await admin.products.toggleDisabled({ id: product(4).id })).toEqual({
      success: true,
      disabled: false,
      message: 'Product enabled',
    })
    const [enabled] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, product(4).id))
    expect(enabled).toMatchObject({ disabled: false, disabledAt: null, disabledByUserId: null })
    expect(await rejection(staff.products.toggleDisabled({ id: 2_000_000_000 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Product not found',
    })
  })
})

describe('a disabled product leaves every catalog read at once (the cache sees it)', () => {
  it('goes from listings, search, counts, promos, price ranges; comes back when enabled', async () => {
    const shown = await catalogView(3)
    expect(shown).toMatchObject({
      listed: true,
      inCategory: true,
      inSearch: true,
      withVariants: true,
      inPromo: true,
      priceRange: { minPrice: 30, maxPrice: 900 },
      kitesCount: 2,
      searchCount: 2,
      promoCount: 2,
      maxPrice: 900,
    })

    await staff.products.toggleDisabled({ id: product(3).id })
    const hidden = await catalogView(3)
    expect(hidden).toMatchObject({
      listed: false,
      inCategory: false,
      inSearch: false,
      withVariants: false,
      inPromo: false,
      total: shown.total - 1,
      priceRange: { minPrice: 30, maxPrice: 30 },
      kitesCount: 1,
      searchCount: 1,
      promoCount: 1,
      maxPrice: 30,
    })
    expect(await rejection(shopper.products.byId({ id: product(3).id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Product not found',
    })
    expect(await rejection(shopper.products.affiliateUrl({ id: product(3).id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'This product is no longer available',
    })
    // Staff still open it, to enable it again.
    expect(await staff.products.byId({ id: product(3).id })).toMatchObject({ id: product(3).id, disabled: true })

    await staff.products.toggleDisabled({ id: product(3).id })
    expect(await catalogView(3)).toEqual(shown)
  })

  it('goes when disabled by SQL typed by hand too (the catalog version trigger)', async () => {
    expect((await catalogView(3)).listed).toBe(true)
    await t.db
      .update(products)
      .set({ disabled: true })
      .where(eq(products.id, product(3).id))
    expect(await catalogView(3)).toMatchObject({ listed: false, inSearch: false, maxPrice: 30, kitesCount: 1 })
    await t.db
      .update(products)
      .set({ disabled: false })
      .where(eq(products.id, product(3).id))
  })

  it("leaves a variant group's choices, and the group stays listed through another member", async () => {
    const shown = await catalogView(2)
    expect(shown.variantChoices).toEqual([product(1).id, product(2).id, product(0).id])
    expect(shown.primaryListed).toEqual([product(0).id])

    // A variant that is not the primary: gone from the choices only.
    await staff.products.toggleDisabled({ id: product(2).id })
    expect((await catalogView(2)).variantChoices).toEqual([product(1).id, product(0).id])

    // The primary: the cheapest enabled member takes its place in listings.
    await staff.products.toggleDisabled({ id: product(0).id })
    const view = await catalogView(0)
    expect(view.variantChoices).toEqual([product(1).id])
    expect(view.primaryListed).toEqual([product(1).id])
    expect((await anonymous.variants.status({ id: product(1).id })).isPrimary).toBe(true)
    expect((await rejection(anonymous.variants.status({ id: product(0).id }))).code).toBe('NOT_FOUND')

    // Enabled again, the grouping's own choice (the member with a description) is primary again.
    await staff.products.toggleDisabled({ id: product(0).id })
    await staff.products.toggleDisabled({ id: product(2).id })
    const back = await catalogView(0)
    expect(back.variantChoices).toEqual(shown.variantChoices)
    expect(back.primaryListed).toEqual([product(0).id])
  })
})

describe('a disabled product in likes and orders', () => {
  it('stays in both, marked disabled, and cannot be bought', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, 'shopper-disable@example.com'))
    const [person] = await t.db.insert(people).values({ userId: me!.id, name: 'Nan' }).returning()
    const [birthday] = await t.db.select().from(occasions).where(eq(occasions.value, 'birthday'))
    await shopper.likes.toggle({ id: product(3).id })
    const { id: orderId } = await shopper.orders.clickThrough({
      productId: product(3).id,
      personId: person!.id,
      occasionId: birthday!.id,
    })
    await staff.products.toggleDisabled({ id: product(3).id })
    expect((await shopper.likes.list()).map((l) => [l.productId, l.disabled])).toEqual([[product(3).id, true]])
    expect((await shopper.orders.byId({ id: orderId })).clickthrough.product).toMatchObject({
      id: product(3).id,
      disabled: true,
    })
    expect(
      await rejection(
        shopper.orders.clickThrough({ productId: product(3).id, personId: person!.id, occasionId: birthday!.id }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'This product is no longer available' })
    await staff.products.toggleDisabled({ id: product(3).id })
  })
})
