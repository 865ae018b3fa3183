import {
  and,
  asc,
  count,
  eq,
  isNull,
  occasions,
  sql,
  users,
  wishListItemEvents,
  wishListItems,
  wishLists,
  type Db,
} from '@presently/db'
import {
  AppError,
  PEOPLE_MESSAGES,
  sharedListPath,
  WISH_LIST_LIMITS,
  WISH_LIST_MESSAGES,
  type CreateWishListInput,
  type UpdateWishListInput,
  type WishListOutput,
  type WishListSummary,
} from '@presently/domain'
import type { z } from 'zod'
import type { createWishListInput, updateWishListInput } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { readOwnerItems } from './read-items.ts'
import { generateShareToken } from './share-token.ts'

type CreateInput = z.output<typeof createWishListInput>
type UpdateInput = z.output<typeof updateWishListInput>
export type { CreateWishListInput, UpdateWishListInput }

/**
 * The live list `listId` of `userId`, optionally locked FOR UPDATE.
 * @throws AppError NOT_FOUND "Wish list not found" for a missing, deleted or another user's list.
 */
export async function assertOwnList(db: Executor, userId: number, listId: number, lock = false) {
  const query = db
    .select({ id: wishLists.id, shareToken: wishLists.shareToken })
    .from(wishLists)
    .where(and(eq(wishLists.id, listId), eq(wishLists.userId, userId), isNull(wishLists.deletedAt)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.listNotFound)
  return row
}

async function assertOccasion(db: Executor, occasionId: number | null | undefined): Promise<void> {
  if (occasionId == null) return
  const [row] = await db.select({ id: occasions.id }).from(occasions).where(eq(occasions.id, occasionId))
  if (!row) throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownOccasion)
}

const summaryColumns = {
  id: wishLists.id,
  name: wishLists.name,
  occasionId: wishLists.occasionId,
  occasionLabel: occasions.label,
  date: wishLists.eventDate,
  note: wishLists.note,
  shareToken: wishLists.shareToken,
  createdAt: wishLists.createdAt,
  itemCount: sql<number>`(select count(*)::int from ${wishListItems} i where i.list_id = ${wishLists.id} and i.deleted_at is null)`,
}

function toSummary(row: {
  id: number
  name: string
  occasionId: number | null
  occasionLabel: string | null
  date: string | null
  note: string
  shareToken: string | null
  createdAt: Date
  itemCount: number
}): WishListSummary {
  const { shareToken, createdAt, ...rest } = row
  return { ...rest, sharePath: shareToken ? sharedListPath(shareToken) : null, createdAt: createdAt.toISOString() }
}

/**
 * GET /api/lists (issue 23): the user's live lists, oldest first, with their live item counts.
 * Nothing a visitor does (claims, pledges, person links) is read, so the answer is the same with
 * or without them.
 */
export async function listWishLists(db: Db, userId: number): Promise<WishListSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(wishLists)
    .leftJoin(occasions, eq(occasions.id, wishLists.occasionId))
    .where(and(eq(wishLists.userId, userId), isNull(wishLists.deletedAt)))
    .orderBy(asc(wishLists.createdAt), asc(wishLists.id))
  return rows.map(toSummary)
}

/**
 * GET /api/lists/{id} (issue 23): one of the user's lists with its live items, oldest first, in
 * the owner's shape (no claims, pledges or counts of either).
 * @throws AppError NOT_FOUND "Wish list not found" (missing, deleted or another user's).
 */
export async function getWishList(db: Db, userId: number, listId: number): Promise<WishListOutput> {
  const [row] = await db
    .select(summaryColumns)
    .from(wishLists)
    .leftJoin(occasions, eq(occasions.id, wishLists.occasionId))
    .where(and(eq(wishLists.id, listId), eq(wishLists.userId, userId), isNull(wishLists.deletedAt)))
  if (!row) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.listNotFound)
  return { ...toSummary(row), items: await readOwnerItems(db, listId) }
}

/**
 * POST /api/lists {name, occasionId?, date?, note?} (issue 23). At most
 * WISH_LIST_LIMITS.listsPerUser live lists: the user's row is locked first so two creations at
 * once cannot both pass the count.
 * @throws AppError CONFLICT "You can keep at most 50 wish lists"; BAD_REQUEST "Please select an
 *   occasion" (unknown occasion).
 */
export async function createWishList(db: Db, userId: number, input: CreateInput): Promise<WishListOutput> {
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    const [live] = await tx
      .select({ n: count() })
      .from(wishLists)
      .where(and(eq(wishLists.userId, userId), isNull(wishLists.deletedAt)))
    if ((live?.n ?? 0) >= WISH_LIST_LIMITS.listsPerUser) throw new AppError('CONFLICT', WISH_LIST_MESSAGES.tooManyLists)
    await assertOccasion(tx, input.occasionId)
    const [row] = await tx
      .insert(wishLists)
      .values({
        userId,
        name: input.name,
        occasionId: input.occasionId ?? null,
        eventDate: input.date ?? null,
        note: input.note ?? '',
      })
      .returning({ id: wishLists.id })
    return row!.id
  })
  return getWishList(db, userId, id)
}

/**
 * PATCH /api/lists/{id} (issue 23): changes the fields given (null clears occasion or date).
 * @throws AppError NOT_FOUND as getWishList; BAD_REQUEST for an unknown occasion.
 */
export async function updateWishList(
  db: Db,
  userId: number,
  listId: number,
  input: UpdateInput,
): Promise<WishListOutput> {
  await assertOwnList(db, userId, listId)
  await assertOccasion(db, input.occasionId)
  const set: Partial<typeof wishLists.$inferInsert> = { updatedAt: new Date() }
  if (input.name !== undefined) set.name = input.name
  if (input.occasionId !== undefined) set.occasionId = input.occasionId
  if (input.date !== undefined) set.eventDate = input.date
  if (input.note !== undefined) set.note = input.note
  await db
    .update(wishLists)
    .set(set)
    .where(and(eq(wishLists.id, listId), eq(wishLists.userId, userId)))
  return getWishList(db, userId, listId)
}

/**
 * DELETE /api/lists/{id} (issue 23): the list disappears for its owner and its link stops
 * working at once. The rows stay (deleted_at set), so visitors who claimed from it see "Removed by
 * the list's owner" on their claims page instead of losing the claim silently.
 * @throws AppError NOT_FOUND as getWishList.
 */
export async function deleteWishList(db: Db, userId: number, listId: number): Promise<void> {
  await assertOwnList(db, userId, listId)
  await db.transaction(async (tx) => {
    const deleted = await tx
      .update(wishLists)
      .set({ deletedAt: new Date(), shareToken: null, sharedAt: null })
      .where(and(eq(wishLists.id, listId), eq(wishLists.userId, userId), isNull(wishLists.deletedAt)))
      .returning({ id: wishLists.id })
    // Every live item is removed with the list: its claimers hear of it (issue 37). One statement
    // over the owner's own items, the same work claimed or not.
    if (deleted.length > 0)
      await tx.execute(sql`insert into ${wishListItemEvents} (list_id, item_id, kind)
        select ${listId}, id, 'removed' from ${wishListItems} where list_id = ${listId} and deleted_at is null`)
  })
}

/**
 * POST /api/lists/{id}/share {renew?} (issue 23): makes the list readable by anyone with its link
 * and answers the link's path. An already shared list keeps its link unless `renew`, which
 * replaces it with a new token (the old link then answers 404).
 * @throws AppError NOT_FOUND as getWishList.
 */
export async function shareWishList(
  db: Db,
  userId: number,
  listId: number,
  options: { renew?: boolean } = {},
): Promise<{ path: string }> {
  return db.transaction(async (tx) => {
    const list = await assertOwnList(tx, userId, listId, true)
    if (list.shareToken && !options.renew) return { path: sharedListPath(list.shareToken) }
    const token = generateShareToken()
    await tx.update(wishLists).set({ shareToken: token, sharedAt: new Date() }).where(eq(wishLists.id, listId))
    return { path: sharedListPath(token) }
  })
}

/**
 * DELETE /api/lists/{id}/share (issue 23): the link stops working (404 for everyone); the list
 * and its claims stay, and sharing again makes a new link.
 * @throws AppError NOT_FOUND as getWishList.
 */
export async function revokeWishListShare(db: Db, userId: number, listId: number): Promise<void> {
  await assertOwnList(db, userId, listId)
  await db.update(wishLists).set({ shareToken: null, sharedAt: null }).where(eq(wishLists.id, listId))
}
