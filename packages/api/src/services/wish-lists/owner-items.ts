import { and, count, eq, isNull, products, wishListItemEvents, wishListItems, wishLists, type Db } from '@presently/db'
import {
  AppError,
  toPence,
  WISH_LIST_LIMITS,
  WISH_LIST_MESSAGES,
  type addWishListItemInput,
  type OwnerItemOutput,
  type updateWishListItemInput,
} from '@presently/domain'
import type { z } from 'zod'
import { readOwnerItems } from './read-items.ts'
import { pictureExists } from '../link-previews/picture.ts'
import { priceReadAt } from '../link-previews/price-reading.ts'
import { assertOwnList } from './owner-lists.ts'

type AddInput = z.output<typeof addWishListItemInput>
type UpdateInput = z.output<typeof updateWishListItemInput>

async function readItem(db: Db, listId: number, itemId: number): Promise<OwnerItemOutput> {
  const [item] = await readOwnerItems(db, listId, eq(wishListItems.id, itemId))
  if (!item) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
  return item
}

/**
 * POST /api/lists/{id}/items (issue 23): adds a catalog product (`productId`; its title is copied
 * so the item keeps a name if the product is ever deleted) or an item from anywhere (`title`,
 * `link`, `price` in pounds). At most WISH_LIST_LIMITS.itemsPerList live items: the list's row is
 * locked while counting. The same product may be added twice (two sizes, two colours).
 * @throws AppError NOT_FOUND "Wish list not found", "Product not found", "This product is no
 *   longer available" (disabled); CONFLICT "A wish list holds at most 200 items".
 */
export async function addWishListItem(
  db: Db,
  userId: number,
  listId: number,
  input: AddInput,
): Promise<OwnerItemOutput> {
  const id = await db.transaction(async (tx) => {
    await assertOwnList(tx, userId, listId, true)
    const [live] = await tx
      .select({ n: count() })
      .from(wishListItems)
      .where(and(eq(wishListItems.listId, listId), isNull(wishListItems.deletedAt)))
    if ((live?.n ?? 0) >= WISH_LIST_LIMITS.itemsPerList) throw new AppError('CONFLICT', WISH_LIST_MESSAGES.tooManyItems)
    let title = input.title ?? ''
    if (input.productId !== undefined) {
      const [product] = await tx
        .select({ title: products.title, disabled: products.disabled })
        .from(products)
        .where(eq(products.id, input.productId))
      if (!product) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.productNotFound)
      if (product.disabled) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.productUnavailable)
      title = product.title
    }
    if (input.imageId && !(await pictureExists(tx, input.imageId))) {
      throw new AppError('BAD_REQUEST', WISH_LIST_MESSAGES.imageNotFound)
    }
    const [row] = await tx
      .insert(wishListItems)
      .values({
        imageId: input.imageId ?? null,
        otherPriceMinor: input.otherPrice ? toPence(input.otherPrice.amount) : null,
        otherCurrency: input.otherPrice?.currency ?? null,
        priceReadAt: await priceReadAt(tx, input.link, input.price, input.otherPrice),
        listId,
        productId: input.productId ?? null,
        title,
        link: input.productId === undefined ? (input.link ?? null) : null,
        pricePence: input.price == null ? null : toPence(input.price),
        quantity: input.quantity ?? 1,
        priority: input.priority ?? 'would_like',
        note: input.note ?? '',
        groupGift: input.groupGift ?? false,
      })
      .returning({ id: wishListItems.id })
    await tx.update(wishLists).set({ updatedAt: new Date() }).where(eq(wishLists.id, listId))
    // For the list's watchers (issue 37); written whoever watches, so the owner's work is the same.
    await tx.insert(wishListItemEvents).values({ listId, itemId: row!.id, kind: 'added' })
    return row!.id
  })
  return readItem(db, listId, id)
}

/**
 * PATCH /api/lists/{id}/items/{itemId} (issue 23): changes the fields given. Title, link and price
 * belong to items from elsewhere (a catalog item's come from the shop). Lowering the quantity
 * below what visitors claimed is allowed (the owner cannot know); visitors then see it fully
 * claimed.
 * @throws AppError NOT_FOUND "Wish list not found" / "Item not found" (deleted, another list's);
 *   BAD_REQUEST "A catalog item takes its title, link and price from the shop".
 */
export async function updateWishListItem(
  db: Db,
  userId: number,
  listId: number,
  itemId: number,
  input: UpdateInput,
): Promise<OwnerItemOutput> {
  await assertOwnList(db, userId, listId)
  const [item] = await db
    .select({
      productId: wishListItems.productId,
      link: wishListItems.link,
      title: wishListItems.title,
      pricePence: wishListItems.pricePence,
      quantity: wishListItems.quantity,
    })
    .from(wishListItems)
    .where(and(eq(wishListItems.id, itemId), eq(wishListItems.listId, listId), isNull(wishListItems.deletedAt)))
  if (!item) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
  const catalog = item.productId !== null
  const fromPreview = input.imageId != null || input.otherPrice != null
  if (catalog && (input.title !== undefined || input.link != null || input.price != null || fromPreview)) {
    throw new AppError('BAD_REQUEST', WISH_LIST_MESSAGES.catalogFields)
  }
  const set: Partial<typeof wishListItems.$inferInsert> = { updatedAt: new Date() }
  if (input.title !== undefined) set.title = input.title
  if (input.link !== undefined) set.link = input.link
  if (input.price !== undefined) set.pricePence = input.price === null ? null : toPence(input.price)
  if (input.imageId !== undefined) {
    if (input.imageId !== null && !(await pictureExists(db, input.imageId))) {
      throw new AppError('BAD_REQUEST', WISH_LIST_MESSAGES.imageNotFound)
    }
    set.imageId = input.imageId
  }
  // Issue 38: one price, in pounds or in another currency; a new one is re-dated (or typed: null).
  if (input.otherPrice !== undefined) {
    set.otherPriceMinor = input.otherPrice ? toPence(input.otherPrice.amount) : null
    set.otherCurrency = input.otherPrice?.currency ?? null
    if (input.otherPrice) set.pricePence = null
  } else if (input.price != null) {
    set.otherPriceMinor = null
    set.otherCurrency = null
  }
  if (input.price !== undefined || input.otherPrice !== undefined) {
    set.priceReadAt = await priceReadAt(db, input.link ?? item.link, input.price, input.otherPrice)
  }
  if (input.quantity !== undefined) set.quantity = input.quantity
  if (input.priority !== undefined) set.priority = input.priority
  if (input.note !== undefined) set.note = input.note
  if (input.groupGift !== undefined) set.groupGift = input.groupGift
  // What its claimers must hear of (issue 37): title, price or quantity, before and after.
  const changes: Record<string, [string | number | null, string | number | null]> = {}
  if (set.title !== undefined && set.title !== item.title) changes.title = [item.title, set.title]
  if (set.pricePence !== undefined && set.pricePence !== item.pricePence)
    changes.price = [item.pricePence, set.pricePence]
  if (set.quantity !== undefined && set.quantity !== item.quantity) changes.quantity = [item.quantity, set.quantity]
  await db.transaction(async (tx) => {
    await tx.update(wishListItems).set(set).where(eq(wishListItems.id, itemId))
    // Recorded for every such edit, claimed or not: the owner's call never reads a claim.
    if (Object.keys(changes).length > 0)
      await tx.insert(wishListItemEvents).values({ listId, itemId, kind: 'changed', changes })
  })
  return readItem(db, listId, itemId)
}

/**
 * DELETE /api/lists/{id}/items/{itemId} (issue 23): the item leaves the list. It is always kept
 * with deleted_at set, claimed or not (so the answer and its timing say nothing about claims);
 * its claimers see "Removed by the list's owner" on their claims page.
 * @throws AppError NOT_FOUND "Wish list not found" / "Item not found".
 */
export async function deleteWishListItem(db: Db, userId: number, listId: number, itemId: number): Promise<void> {
  await assertOwnList(db, userId, listId)
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(wishListItems)
      .set({ deletedAt: new Date() })
      .where(and(eq(wishListItems.id, itemId), eq(wishListItems.listId, listId), isNull(wishListItems.deletedAt)))
      .returning({ id: wishListItems.id })
    if (removed.length === 0) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
    // Its claimers are emailed "Removed by the list's owner" (issue 37); written claimed or not.
    await tx.insert(wishListItemEvents).values({ listId, itemId, kind: 'removed' })
  })
}
