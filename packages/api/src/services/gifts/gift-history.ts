import { and, eq, gifts, occasions, products, sql, type Db } from '@presently/db'
import { AppError, GIFT_MESSAGES, poundsToPence, type GiftInput, type GiftOutput } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { assertOwnPerson } from '../likes/ownership.ts'
import { loadGiftRows, toGiftOutput } from './spend-items.ts'

/**
 * GET /api/people/{id}/gifts (issue 22 "Gift history"): the person's presents newest first,
 * bought orders (source "order") and presents added by hand (source "manual").
 * @throws AppError NOT_FOUND "Person not found" for a missing person or another user's.
 */
export async function listGifts(db: Db, userId: number, personId: number): Promise<GiftOutput[]> {
  await assertOwnPerson(db, userId, personId)
  return (await loadGiftRows(db, userId, [personId])).map(toGiftOutput)
}

/** BAD_REQUEST "occasionId must be a known occasion" unless the occasion exists. */
async function assertOccasion(db: Executor, occasionId: number | null): Promise<void> {
  if (occasionId === null) return
  const [row] = await db.select({ id: occasions.id }).from(occasions).where(eq(occasions.id, occasionId))
  if (!row) throw new AppError('BAD_REQUEST', GIFT_MESSAGES.unknownOccasion)
}

/** The shop's own product page path, "/product/123". */
const SHOP_PRODUCT_PATH = /^\/product\/(\d{1,9})\/?$/

/**
 * The shop's product a present by hand names, for the "not again" rule (issue 22): a link to the
 * shop's own product page (/product/{id}), else an enabled product with exactly that title
 * (case-insensitive; the lowest id when several). Null when neither.
 */
export async function resolveGiftProduct(
  db: Executor,
  input: { title: string; link: string | null },
): Promise<number | null> {
  if (input.link) {
    const match = SHOP_PRODUCT_PATH.exec(new URL(input.link).pathname)
    if (match) {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, Number(match[1])))
      if (row) return row.id
    }
  }
  // ILIKE without wildcards is an exact, case-insensitive match the title's trigram index serves.
  const pattern = input.title.replace(/[\\%_]/g, (c) => `\\${c}`)
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sql`${products.title} ilike ${pattern}`, eq(products.disabled, false)))
    .orderBy(products.id)
    .limit(1)
  return row?.id ?? null
}

async function giftById(db: Executor, userId: number, giftId: number): Promise<GiftOutput> {
  const [row] = await db
    .select({ id: gifts.id, personId: gifts.personId })
    .from(gifts)
    .where(and(eq(gifts.id, giftId), eq(gifts.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', GIFT_MESSAGES.giftNotFound)
  const found = (await loadGiftRows(db, userId, [row.personId])).find((g) => g.source === 'manual' && g.id === giftId)
  if (!found) throw new AppError('NOT_FOUND', GIFT_MESSAGES.giftNotFound)
  return toGiftOutput(found)
}

/**
 * POST /api/people/{id}/gifts (issue 22): adds a present given by hand (not bought here).
 * @throws AppError NOT_FOUND "Person not found" (missing or another user's person);
 *   BAD_REQUEST "occasionId must be a known occasion".
 */
export async function createGift(db: Db, userId: number, personId: number, input: GiftInput): Promise<GiftOutput> {
  await assertOwnPerson(db, userId, personId)
  await assertOccasion(db, input.occasionId)
  const productId = await resolveGiftProduct(db, input)
  const id = await db.transaction(async (tx) => {
    // The person locked until the insert commits: a deletion in another tab answers 404, not 500.
    await assertOwnPerson(tx, userId, personId, true)
    const [row] = await tx
      .insert(gifts)
      .values({
        userId,
        personId,
        occasionId: input.occasionId,
        title: input.title,
        link: input.link,
        productId,
        pricePaidPence: input.pricePaid === null ? null : poundsToPence(input.pricePaid),
        givenOn: input.givenOn,
        note: input.note,
      })
      .returning({ id: gifts.id })
    return row!.id
  })
  return giftById(db, userId, id)
}

/**
 * PUT /api/gifts/{id} (issue 22): replaces a present by hand with `input`.
 * @throws AppError NOT_FOUND "Gift not found" (missing or another user's; orders are marked
 *   through PUT /api/orders/{id}/outcome); BAD_REQUEST "occasionId must be a known occasion".
 */
export async function updateGift(db: Db, userId: number, giftId: number, input: GiftInput): Promise<GiftOutput> {
  await assertOccasion(db, input.occasionId)
  const productId = await resolveGiftProduct(db, input)
  const updated = await db
    .update(gifts)
    .set({
      occasionId: input.occasionId,
      title: input.title,
      link: input.link,
      productId,
      pricePaidPence: input.pricePaid === null ? null : poundsToPence(input.pricePaid),
      givenOn: input.givenOn,
      note: input.note,
    })
    .where(and(eq(gifts.id, giftId), eq(gifts.userId, userId)))
    .returning({ id: gifts.id })
  if (updated.length === 0) throw new AppError('NOT_FOUND', GIFT_MESSAGES.giftNotFound)
  return giftById(db, userId, giftId)
}

/**
 * DELETE /api/gifts/{id} (issue 22).
 * @throws AppError NOT_FOUND "Gift not found" for a missing gift or another user's.
 */
export async function deleteGift(db: Db, userId: number, giftId: number): Promise<void> {
  const deleted = await db
    .delete(gifts)
    .where(and(eq(gifts.id, giftId), eq(gifts.userId, userId)))
    .returning({ id: gifts.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', GIFT_MESSAGES.giftNotFound)
}
