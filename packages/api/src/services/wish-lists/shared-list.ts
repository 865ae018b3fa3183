import {
  and,
  asc,
  eq,
  guests,
  inArray,
  isNull,
  occasions,
  people,
  sql,
  users,
  wishListClaims,
  wishListItems,
  wishListPeople,
  wishListPledges,
  wishListWatches,
  wishLists,
  type Db,
} from '@presently/db'
import {
  AppError,
  firstName,
  fromPence,
  toPence,
  WISH_LIST_MESSAGES,
  type OwnerItemOutput,
  type SharedItemOutput,
  type SharedListOutput,
} from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { assertOwnPerson } from '../likes/ownership.ts'
import { guestOutputOf, type Guest } from '../guests/guest-identity.ts'
import { claimCounts, pledgeCounts } from './claim-rules.ts'
import { displayNameOf, readOwnerItems } from './read-items.ts'
import { looksLikeShareToken } from './share-token.ts'

/** Who is looking at a shared list: a signed-in user's id, or null. */
export type Viewer = number | null

/**
 * Who is acting on a shared list (issue 37): an account, or a guest by their id. A guest reads
 * claims only when `confirmed` on this device (their cookie); an unconfirmed guest sees their own
 * claims of this request only.
 */
export type Claimer = { userId: number; guestId?: undefined } | { userId?: undefined; guestId: number }

export interface SharedList {
  id: number
  userId: number
  name: string
  occasionId: number | null
  occasionLabel: string | null
  date: string | null
  note: string
  ownerName: string
  /** The owner's email (lower-cased): a guest with it is the owner (sees no claim, cannot claim). */
  ownerEmail: string
  /** When the current link was made (issue 41 finding 6: claims remember it). */
  sharedAt: Date | null
}

/**
 * The live, shared list of `token`.
 * @throws AppError NOT_FOUND "This wish list link does not work any more" for a malformed,
 *   unknown or revoked token and a deleted list (one answer for all).
 */
export async function findSharedList(db: Executor, token: string): Promise<SharedList> {
  if (!looksLikeShareToken(token)) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.sharedNotFound)
  const [row] = await db
    .select({
      id: wishLists.id,
      userId: wishLists.userId,
      name: wishLists.name,
      occasionId: wishLists.occasionId,
      occasionLabel: occasions.label,
      date: wishLists.eventDate,
      note: wishLists.note,
      sharedAt: wishLists.sharedAt,
      displayName: users.displayName,
      email: users.email,
    })
    .from(wishLists)
    .innerJoin(users, eq(users.id, wishLists.userId))
    .leftJoin(occasions, eq(occasions.id, wishLists.occasionId))
    .where(and(eq(wishLists.shareToken, token), isNull(wishLists.deletedAt)))
  if (!row) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.sharedNotFound)
  const { displayName, email, ...list } = row
  return { ...list, ownerName: displayNameOf({ displayName, email }), ownerEmail: email.toLowerCase() }
}

/** What the owner (or a signed-out visitor) sees of an item: nothing of claims or pledges. */
function hidden(item: OwnerItemOutput): SharedItemOutput {
  return { ...item, claimedQuantity: null, claims: [], pledges: null }
}

/** Whether a claim or pledge row is the viewer's own. */
function isMine(row: { userId: number | null; guestId: number | null }, viewer: Claimer): boolean {
  return viewer.userId !== undefined ? row.userId === viewer.userId : row.guestId === viewer.guestId
}

/**
 * The name other visitors see: "You" for the viewer's own; an account's display name; a guest's
 * first name if they chose to show it, else null ("Claimed", issue 37).
 */
function claimerName(
  row: {
    userId: number | null
    guestId: number | null
    displayName: string | null
    email: string | null
    guestName: string | null
    showName: boolean
  },
  viewer: Claimer,
): string | null {
  if (isMine(row, viewer)) return 'You'
  if (row.userId !== null && row.email !== null)
    return displayNameOf({ displayName: row.displayName, email: row.email })
  return row.showName && row.guestName ? firstName(row.guestName) : null
}

/**
 * Claims and pledges of `items`, joined in, for a visitor who may see them (`reveal`: a signed-in
 * visitor, or a guest confirmed on this device), or only the viewer's own (`reveal` false: a guest
 * who has just claimed from a device not confirmed yet sees that claim, held, and nothing else).
 * Guests' claims and pledges count while confirmed or held (claimCounts); a released hold is gone.
 */
async function withClaims(
  db: Executor,
  viewer: Claimer,
  items: OwnerItemOutput[],
  reveal = true,
): Promise<SharedItemOutput[]> {
  if (items.length === 0) return []
  const ids = items.map((i) => i.id)
  const claims = await db
    .select({
      itemId: wishListClaims.itemId,
      userId: wishListClaims.userId,
      guestId: wishListClaims.guestId,
      quantity: wishListClaims.quantity,
      held: sql<boolean>`(${wishListClaims.holdExpiresAt} is not null)`,
      showName: wishListClaims.showName,
      displayName: users.displayName,
      email: users.email,
      guestName: guests.name,
    })
    .from(wishListClaims)
    .leftJoin(users, eq(users.id, wishListClaims.userId))
    .leftJoin(guests, eq(guests.id, wishListClaims.guestId))
    .where(and(inArray(wishListClaims.itemId, ids), claimCounts()))
    .orderBy(asc(wishListClaims.id))
  const pledges = await db
    .select({
      itemId: wishListPledges.itemId,
      userId: wishListPledges.userId,
      guestId: wishListPledges.guestId,
      amountPence: wishListPledges.amountPence,
      held: sql<boolean>`(${wishListPledges.holdExpiresAt} is not null)`,
      showName: wishListPledges.showName,
      displayName: users.displayName,
      email: users.email,
      guestName: guests.name,
    })
    .from(wishListPledges)
    .leftJoin(users, eq(users.id, wishListPledges.userId))
    .leftJoin(guests, eq(guests.id, wishListPledges.guestId))
    .where(and(inArray(wishListPledges.itemId, ids), pledgeCounts()))
    .orderBy(asc(wishListPledges.id))
  return items.map((item) => {
    const all = claims.filter((c) => c.itemId === item.id)
    const shown = reveal ? all : all.filter((c) => isMine(c, viewer))
    // A held pledge is not money yet: it joins the total once confirmed.
    const given = pledges.filter((p) => p.itemId === item.id && (reveal || isMine(p, viewer)))
    const total = given.filter((p) => !p.held).reduce((sum, p) => sum + p.amountPence, 0)
    return {
      ...item,
      claimedQuantity: reveal ? all.reduce((sum, c) => sum + c.quantity, 0) : null,
      claims: shown.map((c) => ({
        name: claimerName(c, viewer),
        quantity: c.quantity,
        mine: isMine(c, viewer),
        pending: isMine(c, viewer) && c.held,
      })),
      pledges: item.groupGift
        ? {
            total: fromPence(total),
            pledgers: given.map((p) => ({
              name: claimerName(p, viewer),
              amount: fromPence(p.amountPence),
              mine: isMine(p, viewer),
              pending: isMine(p, viewer) && p.held,
            })),
          }
        : null,
    }
  })
}

/** Whether `viewer` watches list `listId` through its current link. */
async function isWatching(db: Executor, listId: number, viewer: Claimer): Promise<boolean> {
  const [row] = await db
    .select({ id: wishListWatches.id })
    .from(wishListWatches)
    .innerJoin(wishLists, eq(wishLists.id, wishListWatches.listId))
    .where(
      and(
        eq(wishListWatches.listId, listId),
        viewer.userId !== undefined
          ? eq(wishListWatches.userId, viewer.userId)
          : eq(wishListWatches.guestId, viewer.guestId),
        sql`${wishLists.sharedAt} = ${wishListWatches.linkSharedAt}`,
      ),
    )
  return row !== undefined
}

async function linkedPerson(db: Executor, listId: number, viewerId: number) {
  const [row] = await db
    .select({ id: people.id, name: people.name })
    .from(wishListPeople)
    .innerJoin(people, eq(people.id, wishListPeople.personId))
    .where(and(eq(wishListPeople.listId, listId), eq(wishListPeople.userId, viewerId)))
  return row ?? null
}

/**
 * GET /api/shared-lists/{token} (issue 23): the shared list's page. The owner gets the owner's
 * view (items exactly as GET /api/lists/{id} answers them, no claim or pledge, in any form); a
 * signed-out visitor the same items with claims hidden (sign-in shows them, so a signed-out owner
 * cannot peek); a signed-in visitor every claim (by whom, "You" for their own) and each group
 * gift's pledges, and their own person link.
 *
 * Issue 37: `guest` is the guest confirmed on this device by their cookie (or null). Such a guest
 * sees claims as a signed-in visitor does (view "guest"), unless their email is the owner's: then
 * they get the owner's view, as the owner signed in would. A signed-in user's session wins over a
 * guest cookie on the same device.
 * @throws AppError NOT_FOUND "This wish list link does not work any more".
 */
export async function getSharedList(
  db: Db,
  viewerId: Viewer,
  token: string,
  guest: Guest | null = null,
): Promise<SharedListOutput> {
  const list = await findSharedList(db, token)
  const items = await readOwnerItems(db, list.id)
  const { id: _id, userId, ownerEmail, sharedAt: _s, ...shown } = list
  const hiddenView = (view: 'owner' | 'anonymous'): SharedListOutput => ({
    view,
    list: shown,
    person: null,
    guest: null,
    watching: false,
    items: items.map(hidden),
  })
  if (viewerId === userId) return hiddenView('owner')
  if (viewerId === null) {
    if (!guest?.confirmed) return hiddenView('anonymous')
    if (guest.email === ownerEmail) return hiddenView('owner')
    const viewer = { guestId: guest.id }
    return {
      view: 'guest',
      list: shown,
      person: null,
      guest: guestOutputOf(guest),
      watching: await isWatching(db, list.id, viewer),
      items: await withClaims(db, viewer, items),
    }
  }
  return {
    view: 'visitor',
    list: shown,
    person: await linkedPerson(db, list.id, viewerId),
    guest: null,
    watching: await isWatching(db, list.id, { userId: viewerId }),
    items: await withClaims(db, { userId: viewerId }, items),
  }
}

/**
 * The visitor's view of one item after a change; `reveal` false shows only the caller's own
 * claim (a guest on a device not confirmed yet).
 */
export async function readSharedItem(
  db: Executor,
  viewer: Claimer | number,
  listId: number,
  itemId: number,
  reveal = true,
): Promise<SharedItemOutput> {
  const items = await readOwnerItems(db, listId, eq(wishListItems.id, itemId))
  const [item] = await withClaims(db, typeof viewer === 'number' ? { userId: viewer } : viewer, items, reveal)
  if (!item) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
  return item
}

/** A visitor's write: the shared list, never the caller's own (403). */
async function visitorList(db: Executor, viewerId: number, token: string): Promise<SharedList> {
  const list = await findSharedList(db, token)
  if (list.userId === viewerId) throw new AppError('FORBIDDEN', WISH_LIST_MESSAGES.ownList)
  return list
}

/**
 * Inside a visitor's write transaction: locks the shared list's row FOR SHARE until the
 * transaction ends, after checking it is still live and shared by `token`. The owner's delete,
 * revoke or renew of the link (an UPDATE of the row) then waits for the visitor's write, or has
 * committed first and the write answers the link's 404: a claim, pledge or person link is never
 * made on a list after its owner deleted it or withdrew its link (docs/decisions/concurrency.md).
 * @throws AppError NOT_FOUND "This wish list link does not work any more".
 */
export async function lockSharedList(tx: Executor, listId: number, token: string): Promise<void> {
  const [row] = await tx
    .select({ id: wishLists.id })
    .from(wishLists)
    .where(and(eq(wishLists.id, listId), eq(wishLists.shareToken, token), isNull(wishLists.deletedAt)))
    .for('share')
  if (!row) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.sharedNotFound)
}

/**
 * Units of item `itemId` that count as claimed now: accounts' and confirmed guests' claims, and
 * guests' holds that have not run out (issue 37). Call with the item row locked FOR UPDATE.
 */
export async function claimedUnits(tx: Executor, itemId: number): Promise<number> {
  const [claimed] = await tx
    .select({ n: sql<number>`coalesce(sum(${wishListClaims.quantity}), 0)::int` })
    .from(wishListClaims)
    .where(and(eq(wishListClaims.itemId, itemId), claimCounts()))
  return claimed?.n ?? 0
}

/**
 * POST /api/shared-lists/{token}/items/{itemId}/claim {quantity?} (issue 23, "I'll get this"):
 * adds `quantity` (default 1) units to the caller's claim on the item. In one transaction the
 * list's row is locked FOR SHARE (lockSharedList: the owner's delete or revoke waits or wins) and
 * the item's row FOR UPDATE, so claims of one item run one after the other: two visitors racing
 * for the last unit get it once, the other a 409; an item the owner deletes meanwhile answers 404.
 * @throws AppError NOT_FOUND (link, or item not live on this list); FORBIDDEN "This is your own
 *   list: others claim from it"; BAD_REQUEST for a group gift (pledges instead); CONFLICT
 *   "Someone has just claimed this" when nothing is left, "Only N left to claim" when less
 *   than asked.
 * @returns the item as the caller now sees it.
 */
export async function claimItem(
  db: Db,
  viewerId: number,
  token: string,
  itemId: number,
  quantity = 1,
): Promise<SharedItemOutput> {
  const list = await visitorList(db, viewerId, token)
  return db.transaction(async (tx) => {
    await lockSharedList(tx, list.id, token)
    const [item] = await tx
      .select({ quantity: wishListItems.quantity, groupGift: wishListItems.groupGift })
      .from(wishListItems)
      .where(and(eq(wishListItems.id, itemId), eq(wishListItems.listId, list.id), isNull(wishListItems.deletedAt)))
      .for('update')
    if (!item) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
    if (item.groupGift) throw new AppError('BAD_REQUEST', WISH_LIST_MESSAGES.groupGiftClaim)
    const left = item.quantity - (await claimedUnits(tx, itemId))
    if (left <= 0) throw new AppError('CONFLICT', WISH_LIST_MESSAGES.alreadyClaimed)
    if (quantity > left) throw new AppError('CONFLICT', `Only ${left} left to claim`)
    await tx
      .insert(wishListClaims)
      .values({ itemId, userId: viewerId, quantity, linkSharedAt: list.sharedAt })
      .onConflictDoUpdate({
        target: [wishListClaims.itemId, wishListClaims.userId],
        set: { quantity: sql`${wishListClaims.quantity} + ${quantity}`, linkSharedAt: list.sharedAt },
      })
    return readSharedItem(tx, viewerId, list.id, itemId)
  })
}

/**
 * DELETE /api/shared-lists/{token}/items/{itemId}/claim (issue 23): removes the caller's claim on
 * the item (all its units).
 * @throws AppError NOT_FOUND (link, item) or "You have not claimed this item".
 */
export async function unclaimItem(db: Db, viewerId: number, token: string, itemId: number): Promise<SharedItemOutput> {
  const list = await visitorList(db, viewerId, token)
  const removed = await db
    .delete(wishListClaims)
    .where(
      and(
        eq(wishListClaims.userId, viewerId),
        eq(wishListClaims.itemId, itemId),
        sql`exists (select 1 from ${wishListItems} i where i.id = ${itemId} and i.list_id = ${list.id} and i.deleted_at is null)`,
      ),
    )
    .returning({ id: wishListClaims.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.claimNotFound)
  return readSharedItem(db, viewerId, list.id, itemId)
}

/**
 * POST /api/shared-lists/{token}/items/{itemId}/pledges {amount} (issue 23, group gifts): sets
 * the caller's pledge towards the item to `amount` pounds (a second pledge replaces the first).
 * @throws AppError NOT_FOUND (link, item); FORBIDDEN (own list); BAD_REQUEST "Pledges are for
 *   group gifts only".
 */
export async function pledgeToItem(
  db: Db,
  viewerId: number,
  token: string,
  itemId: number,
  amount: number,
): Promise<SharedItemOutput> {
  const list = await visitorList(db, viewerId, token)
  return db.transaction(async (tx) => {
    await lockSharedList(tx, list.id, token)
    // FOR SHARE: the owner's delete or group-gift change of the item waits for the pledge or wins.
    const [item] = await tx
      .select({ groupGift: wishListItems.groupGift })
      .from(wishListItems)
      .where(and(eq(wishListItems.id, itemId), eq(wishListItems.listId, list.id), isNull(wishListItems.deletedAt)))
      .for('share')
    if (!item) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
    if (!item.groupGift) throw new AppError('BAD_REQUEST', WISH_LIST_MESSAGES.notGroupGift)
    const amountPence = toPence(amount)
    await tx
      .insert(wishListPledges)
      .values({ itemId, userId: viewerId, amountPence, linkSharedAt: list.sharedAt })
      .onConflictDoUpdate({
        target: [wishListPledges.itemId, wishListPledges.userId],
        set: { amountPence, linkSharedAt: list.sharedAt },
      })
    return readSharedItem(tx, viewerId, list.id, itemId)
  })
}

/**
 * POST /api/shared-lists/{token}/link {personId} (issue 23, "This list belongs to {person}"):
 * links the shared list, for the caller only, to one of the caller's people (null unlinks). Then
 * the caller's claims from it are that person's planned gifts, the list's catalog items count
 * as that person's liked products in recommendations, and Buy Now on a claimed item records the
 * order for that person and the list's occasion.
 * @throws AppError NOT_FOUND (link; "Person not found" for another user's person); FORBIDDEN (own list).
 * @returns the linked person, or null.
 */
export async function linkSharedList(
  db: Db,
  viewerId: number,
  token: string,
  personId: number | null,
): Promise<{ person: { id: number; name: string } | null }> {
  const list = await visitorList(db, viewerId, token)
  if (personId === null) {
    await db.delete(wishListPeople).where(and(eq(wishListPeople.listId, list.id), eq(wishListPeople.userId, viewerId)))
    return { person: null }
  }
  await assertOwnPerson(db, viewerId, personId)
  return db.transaction(async (tx) => {
    await lockSharedList(tx, list.id, token)
    // The person locked until the link commits: a deletion in another tab answers 404, not 500.
    await assertOwnPerson(tx, viewerId, personId, true)
    await tx
      .insert(wishListPeople)
      .values({ listId: list.id, userId: viewerId, personId })
      .onConflictDoUpdate({ target: [wishListPeople.listId, wishListPeople.userId], set: { personId } })
    return { person: await linkedPerson(tx, list.id, viewerId) }
  })
}
