import {
  and,
  count,
  eq,
  isNull,
  sql,
  wishListClaims,
  wishListItems,
  wishListPledges,
  wishListWatches,
  wishLists,
  type Db,
} from '@presently/db'
import {
  AppError,
  GUEST_LIMITS,
  GUEST_MESSAGES,
  toPence,
  WISH_LIST_MESSAGES,
  type GuestItemAnswer,
  type GuestClaimsOutput,
} from '@presently/domain'
import type { MailDeps } from '../auth/auth-emails.ts'
import type { Executor, Tx } from '../auth/executor.ts'
import {
  extendGuestExpiry,
  findOrCreateGuest,
  getGuest,
  guestOutputOf,
  renameGuest,
  type Guest,
} from '../guests/guest-identity.ts'
import { sendGuestConfirmation } from '../guests/send-confirmation.ts'
import { claimCounts, guestRetentionUntil, holdUntil } from './claim-rules.ts'
import { listGuestClaims } from './claims.ts'
import { claimLine } from './guest-domain.ts'
import { displayNameOf } from './read-items.ts'
import { claimedUnits, findSharedList, lockSharedList, readSharedItem, type SharedList } from './shared-list.ts'
import { users } from '@presently/db'

/** Who the guest says they are, and the device's confirmed guest (cookie), if any. */
export interface GuestActor {
  /** From the form; absent when the device's cookie already names the guest. */
  name?: string
  email?: string
  /** Others may see their first name (issue 37); default false. */
  showName?: boolean
  /** The guest confirmed on this device by the sealed cookie, or null. */
  cookieGuest: Guest | null
}

/**
 * Resolves the guest a claim is for. The device's confirmed guest acts confirmed when the form
 * gives no email or the same email (renamed when the form gives a new name); any other email is
 * a guest who must confirm from that inbox (found or created by email).
 * @throws AppError BAD_REQUEST "name is required" / "Email is required" when the device has no
 *   confirmed guest and the form lacks them.
 */
async function resolveGuest(db: Executor, actor: GuestActor, now: Date): Promise<{ guest: Guest; confirmed: boolean }> {
  const cookie = actor.cookieGuest
  if (cookie && (actor.email === undefined || actor.email === cookie.email)) {
    if (actor.name && actor.name !== cookie.name) await renameGuest(db, cookie.id, actor.name)
    return { guest: { ...cookie, name: actor.name ?? cookie.name }, confirmed: true }
  }
  if (!actor.name) throw new AppError('BAD_REQUEST', 'name is required')
  if (!actor.email) throw new AppError('BAD_REQUEST', 'Email is required')
  return { guest: await findOrCreateGuest(db, { email: actor.email, name: actor.name }, now), confirmed: false }
}

/** The list, refused to its own owner acting as a guest (their email). */
async function guestList(db: Db, token: string, guestEmail: string | undefined): Promise<SharedList> {
  const list = await findSharedList(db, token)
  if (guestEmail !== undefined && guestEmail === list.ownerEmail)
    throw new AppError('FORBIDDEN', WISH_LIST_MESSAGES.ownList)
  return list
}

/** Locks the guest's row and refuses a 21st open claim (issue 37: at most 20 per email address). */
async function assertClaimRoom(tx: Executor, guestId: number, itemId: number): Promise<void> {
  await getGuest(tx, guestId, true)
  const [open] = await tx
    .select({ n: count() })
    .from(wishListClaims)
    .innerJoin(wishListItems, eq(wishListItems.id, wishListClaims.itemId))
    .innerJoin(wishLists, eq(wishLists.id, wishListItems.listId))
    .where(
      and(
        eq(wishListClaims.guestId, guestId),
        sql`${wishListClaims.itemId} <> ${itemId}`,
        claimCounts(),
        isNull(wishListItems.deletedAt),
        isNull(wishLists.deletedAt),
      ),
    )
  if ((open?.n ?? 0) >= GUEST_LIMITS.openClaimsPerEmail) throw new AppError('CONFLICT', GUEST_MESSAGES.tooManyClaims)
}

/** What a guest's claim or pledge did inside its transaction, for the answer and the email. */
interface GuestItemStep {
  list: SharedList
  guest: Guest
  confirmed: boolean
  /** The guest's columns of a new claim or pledge row: held unless confirmed. */
  row: { guestId: number; showName: boolean; linkSharedAt: Date | null; holdExpiresAt: Date | null }
  /** The same columns on the guest's existing row: the link it came by, a new showName if given. */
  again: { linkSharedAt: Date | null; showName?: boolean }
}

/**
 * The frame of a guest's claim or pledge (issue 37): the list (refused to its owner's email), the
 * guest, then one transaction that locks the list, runs `write` (the item's own checks and row),
 * extends a confirmed guest's expiry and reads the item back; after it, an unconfirmed guest is
 * emailed `line(title)` to confirm the hold.
 */
async function guestActOnItem(
  db: Db,
  deps: MailDeps,
  input: { token: string; itemId: number; actor: GuestActor },
  now: Date,
  write: (tx: Tx, step: GuestItemStep) => Promise<{ title: string }>,
  answer: { line: (title: string, list: SharedList) => string; confirmed: string; held: string },
): Promise<GuestItemAnswer> {
  const email = input.actor.email ?? input.actor.cookieGuest?.email
  const list = await guestList(db, input.token, email)
  const { guest, confirmed } = await resolveGuest(db, input.actor, now)
  const result = await db.transaction(async (tx) => {
    await lockSharedList(tx, list.id, input.token)
    const showName = input.actor.showName ?? false
    const { title } = await write(tx, {
      list,
      guest,
      confirmed,
      row: {
        guestId: guest.id,
        showName,
        linkSharedAt: list.sharedAt,
        holdExpiresAt: confirmed ? null : holdUntil(now),
      },
      again: { linkSharedAt: list.sharedAt, ...(input.actor.showName === undefined ? {} : { showName }) },
    })
    if (confirmed) await extendGuestExpiry(tx, guest.id, guestRetentionUntil(list.date, now), now)
    return {
      title,
      item: await readSharedItem(tx, { guestId: guest.id }, list.id, input.itemId, confirmed),
    }
  })
  const sent = confirmed
    ? { sent: false }
    : await sendGuestConfirmation(db, deps, guest, {
        lines: [answer.line(result.title, list)],
        holdHours: GUEST_LIMITS.holdHours,
      })
  return {
    success: true,
    message: confirmed ? answer.confirmed : answer.held,
    item: result.item,
    pending: !confirmed,
    confirmationSent: sent.sent,
  }
}

/** Drops the guest's hold of the item that ran out: it neither blocks nor adds to a new one. */
async function dropLapsedHold(
  tx: Tx,
  table: typeof wishListClaims | typeof wishListPledges,
  itemId: number,
  guestId: number,
): Promise<void> {
  await tx
    .delete(table)
    .where(and(eq(table.itemId, itemId), eq(table.guestId, guestId), sql`${table.holdExpiresAt} <= now()`))
}

/**
 * POST /api/shared-lists/{token}/items/{itemId}/guest-claim (issue 37): a visitor without an
 * account claims `quantity` units by name and email. On a device whose cookie confirms that
 * guest the claim counts at once, like an account's; otherwise it holds the units for 2 hours
 * and the guest is emailed a confirmation link (one while one is out). The same transaction and
 * locks as an account's claim (list FOR SHARE, item FOR UPDATE, claims counted with holds), so
 * a guest and an account racing for the last unit get it once. At most 20 open claims per email
 * (the guest's row locked while counting). An unconfirmed device cannot change what the guest
 * already claimed of the item (409): a stranger typing Gran's address cannot undo or add to her
 * claim.
 * @throws AppError NOT_FOUND (link, item); FORBIDDEN (the owner's own email); BAD_REQUEST (group
 *   gift; missing name or email); CONFLICT (nothing or too little left; 20 open claims; already
 *   claimed from another device).
 */
export async function guestClaimItem(
  db: Db,
  deps: MailDeps,
  input: { token: string; itemId: number; quantity?: number; actor: GuestActor },
  now = new Date(),
): Promise<GuestItemAnswer> {
  const quantity = input.quantity ?? 1
  return guestActOnItem(
    db,
    deps,
    input,
    now,
    async (tx, { list, guest, confirmed, row, again }) => {
      await assertClaimRoom(tx, guest.id, input.itemId)
      const [item] = await tx
        .select({ title: wishListItems.title, quantity: wishListItems.quantity, groupGift: wishListItems.groupGift })
        .from(wishListItems)
        .where(
          and(eq(wishListItems.id, input.itemId), eq(wishListItems.listId, list.id), isNull(wishListItems.deletedAt)),
        )
        .for('update')
      if (!item) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
      if (item.groupGift) throw new AppError('BAD_REQUEST', WISH_LIST_MESSAGES.groupGiftClaim)
      await dropLapsedHold(tx, wishListClaims, input.itemId, guest.id)
      const [existing] = await tx
        .select({ id: wishListClaims.id })
        .from(wishListClaims)
        .where(and(eq(wishListClaims.itemId, input.itemId), eq(wishListClaims.guestId, guest.id)))
      if (existing && !confirmed) throw new AppError('CONFLICT', WISH_LIST_MESSAGES.guestAlreadyClaimed)
      const left = item.quantity - (await claimedUnits(tx, input.itemId))
      if (left <= 0) throw new AppError('CONFLICT', WISH_LIST_MESSAGES.alreadyClaimed)
      if (quantity > left) throw new AppError('CONFLICT', `Only ${left} left to claim`)
      await tx
        .insert(wishListClaims)
        .values({ itemId: input.itemId, quantity, ...row })
        .onConflictDoUpdate({
          target: [wishListClaims.itemId, wishListClaims.guestId],
          set: { quantity: sql`${wishListClaims.quantity} + ${quantity}`, ...again },
        })
      return { title: item.title }
    },
    {
      line: (title, list) => claimLine(title, list.ownerName, list.name),
      confirmed: WISH_LIST_MESSAGES.claimed,
      held: WISH_LIST_MESSAGES.claimHeld,
    },
  )
}

/**
 * POST /api/shared-lists/{token}/items/{itemId}/guest-pledges {amount} (issue 37): a guest's
 * pledge towards a group gift, replacing their earlier one. Held (not in the total) until the
 * guest confirms, as claims are; an unconfirmed device cannot change a pledge the guest made.
 * @throws as guestClaimItem; BAD_REQUEST "Pledges are for group gifts only".
 */
export async function guestPledgeToItem(
  db: Db,
  deps: MailDeps,
  input: { token: string; itemId: number; amount: number; actor: GuestActor },
  now = new Date(),
): Promise<GuestItemAnswer> {
  return guestActOnItem(
    db,
    deps,
    input,
    now,
    async (tx, { list, guest, confirmed, row, again }) => {
      const [item] = await tx
        .select({ title: wishListItems.title, groupGift: wishListItems.groupGift })
        .from(wishListItems)
        .where(
          and(eq(wishListItems.id, input.itemId), eq(wishListItems.listId, list.id), isNull(wishListItems.deletedAt)),
        )
        .for('share')
      if (!item) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.itemNotFound)
      if (!item.groupGift) throw new AppError('BAD_REQUEST', WISH_LIST_MESSAGES.notGroupGift)
      await dropLapsedHold(tx, wishListPledges, input.itemId, guest.id)
      const [existing] = await tx
        .select({ id: wishListPledges.id })
        .from(wishListPledges)
        .where(and(eq(wishListPledges.itemId, input.itemId), eq(wishListPledges.guestId, guest.id)))
        .for('update')
      if (existing && !confirmed) throw new AppError('CONFLICT', WISH_LIST_MESSAGES.guestAlreadyPledged)
      const amountPence = toPence(input.amount)
      await tx
        .insert(wishListPledges)
        .values({ itemId: input.itemId, amountPence, ...row })
        .onConflictDoUpdate({
          target: [wishListPledges.itemId, wishListPledges.guestId],
          set: { amountPence, ...again },
        })
      return { title: item.title }
    },
    {
      line: (title, list) =>
        `A pledge of £${input.amount.toFixed(2)} towards ${claimLine(title, list.ownerName, list.name)}`,
      confirmed: WISH_LIST_MESSAGES.pledged,
      held: WISH_LIST_MESSAGES.pledgeHeld,
    },
  )
}

/**
 * DELETE /api/shared-lists/{token}/items/{itemId}/guest-claim (issue 37): the guest confirmed on
 * this device undoes their claim of the item.
 * @throws AppError NOT_FOUND (link, item, "You have not claimed this item").
 */
export async function guestUnclaimItem(db: Db, guest: Guest, token: string, itemId: number) {
  const list = await findSharedList(db, token)
  const removed = await db
    .delete(wishListClaims)
    .where(
      and(
        eq(wishListClaims.guestId, guest.id),
        eq(wishListClaims.itemId, itemId),
        sql`exists (select 1 from ${wishListItems} i where i.id = ${itemId} and i.list_id = ${list.id} and i.deleted_at is null)`,
      ),
    )
    .returning({ id: wishListClaims.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.claimNotFound)
  return readSharedItem(db, { guestId: guest.id }, list.id, itemId)
}

/**
 * GET /api/my-claims/{token} (issue 37): the guest's own page: who they are, their claims and
 * pledges (held ones marked), the lists they watch.
 */
export async function guestClaimsPage(db: Db, guest: Guest): Promise<GuestClaimsOutput> {
  const watches = await db
    .select({
      listId: wishLists.id,
      listName: wishLists.name,
      ownerDisplayName: users.displayName,
      ownerEmail: users.email,
    })
    .from(wishListWatches)
    .innerJoin(wishLists, eq(wishLists.id, wishListWatches.listId))
    .innerJoin(users, eq(users.id, wishLists.userId))
    .where(and(eq(wishListWatches.guestId, guest.id), isNull(wishLists.deletedAt)))
  return {
    guest: guestOutputOf(guest),
    claims: await listGuestClaims(db, guest.id),
    watches: watches.map((w) => ({
      listId: w.listId,
      listName: w.listName,
      ownerName: displayNameOf({ displayName: w.ownerDisplayName, email: w.ownerEmail }),
    })),
  }
}

/**
 * DELETE /api/my-claims/{token}/claims/{itemId} and .../pledges/{itemId} (issue 37): the guest
 * undoes a claim or pledge from their personal page (any device), held or confirmed, whether or
 * not the list's link still works.
 * @throws AppError NOT_FOUND "You have not claimed this item".
 */
export async function guestRemoveByItem(db: Db, guest: Guest, kind: 'claim' | 'pledge', itemId: number): Promise<void> {
  const table = kind === 'claim' ? wishListClaims : wishListPledges
  const removed = await db
    .delete(table)
    .where(and(eq(table.guestId, guest.id), eq(table.itemId, itemId)))
    .returning({ id: table.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.claimNotFound)
}

/**
 * PUT /api/shared-lists/{token}/watch {watch} (issue 37, "tell me when something is added"): a
 * visitor (account, or guest confirmed on this device) who claimed or pledged on the list starts
 * or stops watching it. Watching follows the link: renewing it stops earlier watchers too.
 * @throws AppError NOT_FOUND (link); FORBIDDEN (own list); CONFLICT "Claim something on this list
 *   first, then you can watch it".
 */
export async function setWatch(
  db: Db,
  watcher: { userId: number } | { guestId: number },
  token: string,
  watch: boolean,
): Promise<{ watching: boolean }> {
  const list = await findSharedList(db, token)
  const userId = 'userId' in watcher ? watcher.userId : null
  const guestId = 'guestId' in watcher ? watcher.guestId : null
  if (userId === list.userId) throw new AppError('FORBIDDEN', WISH_LIST_MESSAGES.ownList)
  const mine = userId !== null ? eq(wishListWatches.userId, userId) : eq(wishListWatches.guestId, guestId!)
  if (!watch) {
    await db.delete(wishListWatches).where(and(eq(wishListWatches.listId, list.id), mine))
    return { watching: false }
  }
  return db.transaction(async (tx) => {
    await lockSharedList(tx, list.id, token)
    const by = (table: typeof wishListClaims | typeof wishListPledges) =>
      userId !== null ? eq(table.userId, userId) : eq(table.guestId, guestId!)
    const [claimed] = await tx
      .execute<{ n: number }>(
        sql`
      select (
        (select count(*) from ${wishListClaims} join ${wishListItems} i on i.id = ${wishListClaims.itemId}
          where i.list_id = ${list.id} and ${by(wishListClaims)} and ${claimCounts()})
        + (select count(*) from ${wishListPledges} join ${wishListItems} i on i.id = ${wishListPledges.itemId}
          where i.list_id = ${list.id} and ${by(wishListPledges)})
      )::int as n`,
      )
      .then((r) => r.rows)
    if (!claimed || claimed.n === 0) throw new AppError('CONFLICT', WISH_LIST_MESSAGES.watchNeedsClaim)
    const existing = await tx
      .update(wishListWatches)
      .set({ linkSharedAt: list.sharedAt })
      .where(and(eq(wishListWatches.listId, list.id), mine))
      .returning({ id: wishListWatches.id })
    if (existing.length === 0) {
      await tx
        .insert(wishListWatches)
        .values({ listId: list.id, userId, guestId, linkSharedAt: list.sharedAt })
        .onConflictDoNothing()
    }
    return { watching: true }
  })
}
