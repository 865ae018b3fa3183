import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  ne,
  sql,
  users,
  wishListClaims,
  wishListItems,
  wishListPledges,
  wishListWatches,
  wishLists,
} from '@presently/db'
import type { Tx } from '../auth/executor.ts'
import type { GuestDomain } from '../guests/guest-domains.ts'
import { extendGuestExpiry, type Guest } from '../guests/guest-identity.ts'
import { claimCounts, guestRetentionUntil } from './claim-rules.ts'

/** "Lego Duplo on Sam’s list “Christmas”". */
export function claimLine(title: string, ownerName: string, listName: string): string {
  return `${title} on ${ownerName}’s list “${listName}”`
}

/**
 * The guest confirmed their email (issue 37): each held claim is confirmed when its units are
 * still free. A hold that ran out meanwhile is taken again if nobody claimed the units since (and
 * partly, with a line saying so, when only some are left); otherwise it is dropped with a line
 * saying someone else claimed it. Each item is locked FOR UPDATE as a claim does, so a guest's
 * confirmation and an account's claim of the last unit run one after the other: never both.
 * Claims on a list whose link was withdrawn or renewed since are dropped. Held pledges are
 * confirmed while their item is live. The guest's data is then kept for the lists' dates.
 */
async function confirmHeld(tx: Tx, guest: Guest, now: Date): Promise<string[]> {
  const outcomes: string[] = []
  const held = await tx
    .select({
      id: wishListClaims.id,
      itemId: wishListClaims.itemId,
      quantity: wishListClaims.quantity,
      linkSharedAt: wishListClaims.linkSharedAt,
    })
    .from(wishListClaims)
    .where(and(eq(wishListClaims.guestId, guest.id), isNotNull(wishListClaims.holdExpiresAt)))
    .orderBy(asc(wishListClaims.itemId))
  const listDates = new Map<number, string | null>()
  for (const claim of held) {
    const [item] = await tx
      .select({
        quantity: wishListItems.quantity,
        title: wishListItems.title,
        listId: wishLists.id,
        listName: wishLists.name,
        date: wishLists.eventDate,
        live: sql<boolean>`(${wishListItems.deletedAt} is null and ${wishLists.deletedAt} is null and ${wishLists.shareToken} is not null and ${wishLists.sharedAt} is not distinct from ${claim.linkSharedAt})`,
        ownerName: sql<string>`coalesce(nullif(trim(${users.displayName}), ''), split_part(${users.email}, '@', 1))`,
      })
      .from(wishListItems)
      .innerJoin(wishLists, eq(wishLists.id, wishListItems.listId))
      .innerJoin(users, eq(users.id, wishLists.userId))
      .where(eq(wishListItems.id, claim.itemId))
      .for('update', { of: wishListItems })
    if (!item) continue
    const line = claimLine(item.title, item.ownerName, item.listName)
    if (!item.live) {
      await tx.delete(wishListClaims).where(eq(wishListClaims.id, claim.id))
      outcomes.push(`${line}: the list’s owner withdrew it or its link, so it is no longer claimed`)
      continue
    }
    const [others] = await tx
      .select({ n: sql<number>`coalesce(sum(${wishListClaims.quantity}), 0)::int` })
      .from(wishListClaims)
      .where(and(eq(wishListClaims.itemId, claim.itemId), ne(wishListClaims.id, claim.id), claimCounts()))
    const left = item.quantity - (others?.n ?? 0)
    if (left <= 0) {
      await tx.delete(wishListClaims).where(eq(wishListClaims.id, claim.id))
      outcomes.push(`${line}: someone else claimed it before you confirmed`)
      continue
    }
    const quantity = Math.min(claim.quantity, left)
    await tx.update(wishListClaims).set({ holdExpiresAt: null, quantity }).where(eq(wishListClaims.id, claim.id))
    listDates.set(item.listId, item.date)
    outcomes.push(
      quantity < claim.quantity
        ? `${line}: only ${quantity} of the ${claim.quantity} you asked for were still free, and they are yours`
        : `${line}: your claim is confirmed`,
    )
  }
  const pledges = await tx
    .select({
      id: wishListPledges.id,
      title: wishListItems.title,
      listId: wishLists.id,
      listName: wishLists.name,
      date: wishLists.eventDate,
      live: sql<boolean>`(${wishListItems.deletedAt} is null and ${wishLists.deletedAt} is null and ${wishLists.shareToken} is not null and ${wishLists.sharedAt} is not distinct from ${wishListPledges.linkSharedAt})`,
      ownerName: sql<string>`coalesce(nullif(trim(${users.displayName}), ''), split_part(${users.email}, '@', 1))`,
    })
    .from(wishListPledges)
    .innerJoin(wishListItems, eq(wishListItems.id, wishListPledges.itemId))
    .innerJoin(wishLists, eq(wishLists.id, wishListItems.listId))
    .innerJoin(users, eq(users.id, wishLists.userId))
    .where(and(eq(wishListPledges.guestId, guest.id), isNotNull(wishListPledges.holdExpiresAt)))
  for (const pledge of pledges) {
    const line = claimLine(pledge.title, pledge.ownerName, pledge.listName)
    if (!pledge.live) {
      await tx.delete(wishListPledges).where(eq(wishListPledges.id, pledge.id))
      outcomes.push(`${line}: the list’s owner withdrew it or its link, so your pledge was dropped`)
      continue
    }
    await tx.update(wishListPledges).set({ holdExpiresAt: null }).where(eq(wishListPledges.id, pledge.id))
    listDates.set(pledge.listId, pledge.date)
    outcomes.push(`${line}: your pledge is confirmed`)
  }
  for (const date of listDates.values()) await extendGuestExpiry(tx, guest.id, guestRetentionUntil(date, now), now)
  return outcomes
}

/**
 * Signing up with the guest's confirmed email (issue 37): their confirmed claims, pledges and
 * watches become the account's. Where the account already claimed the same item the units are
 * added together (both were counted already, so the item is never over-claimed); pledges to the
 * same item are added together; a list the account already watches keeps one watch. Held
 * (unconfirmed) claims and pledges are dropped: the guest never confirmed them. Anything on the
 * account's own lists is dropped too, so an owner never sees a claim.
 */
async function moveToAccount(tx: Tx, { guestId, userId }: { guestId: number; userId: number }): Promise<number> {
  const tables = [wishListClaims, wishListPledges] as const
  for (const table of tables)
    await tx.delete(table).where(and(eq(table.guestId, guestId), isNotNull(table.holdExpiresAt)))
  const ownItems = tx
    .select({ id: wishListItems.id })
    .from(wishListItems)
    .innerJoin(wishLists, eq(wishLists.id, wishListItems.listId))
    .where(eq(wishLists.userId, userId))
  for (const table of tables)
    await tx.delete(table).where(and(eq(table.guestId, guestId), inArray(table.itemId, ownItems)))
  await tx
    .delete(wishListWatches)
    .where(
      and(
        eq(wishListWatches.guestId, guestId),
        inArray(
          wishListWatches.listId,
          tx.select({ id: wishLists.id }).from(wishLists).where(eq(wishLists.userId, userId)),
        ),
      ),
    )
  const claims = await handOver(tx, wishListClaims, 'quantity', { guestId, userId })
  const pledges = await handOver(tx, wishListPledges, 'amount_pence', { guestId, userId })
  await tx.execute(sql`
    delete from ${wishListWatches} gw
    where gw.guest_id = ${guestId}
      and exists (select 1 from ${wishListWatches} uw where uw.list_id = gw.list_id and uw.user_id = ${userId})`)
  await tx.update(wishListWatches).set({ userId, guestId: null }).where(eq(wishListWatches.guestId, guestId))
  return claims + pledges
}

/**
 * Hands the guest's claims or pledges to the account: into the account's row of the same item
 * (its `amount` column, units or pence, added together), else the row itself moves over, its
 * name hidden. @returns the rows merged plus the rows moved.
 */
async function handOver(
  tx: Tx,
  table: typeof wishListClaims | typeof wishListPledges,
  amount: 'quantity' | 'amount_pence',
  { guestId, userId }: { guestId: number; userId: number },
): Promise<number> {
  const column = sql.identifier(amount)
  const merged = await tx.execute<{ id: number }>(sql`
    with g as (
      delete from ${table} gr
      where gr.guest_id = ${guestId}
        and exists (select 1 from ${table} ur where ur.item_id = gr.item_id and ur.user_id = ${userId})
      returning gr.item_id, gr.${column}
    )
    update ${table} ur set ${column} = ur.${column} + g.${column}
    from g where ur.item_id = g.item_id and ur.user_id = ${userId}
    returning ur.id`)
  const moved = await tx
    .update(table)
    .set({ userId, guestId: null, showName: false })
    .where(eq(table.guestId, guestId))
    .returning({ id: table.id })
  return merged.rows.length + moved.length
}

/** Wish-list claims' part in the guest identity (issue 37). */
export const wishListGuestDomain: GuestDomain = {
  name: 'wish-list claims',
  onConfirmed: confirmHeld,
  moveToAccount,
}
