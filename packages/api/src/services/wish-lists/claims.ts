import {
  and,
  eq,
  occasions,
  people,
  products,
  sql,
  users,
  wishListClaims,
  wishListItemEvents,
  wishListItems,
  wishListPledges,
  wishListPeople,
  wishLists,
  type Db,
  type SQL,
} from '@presently/db'
import { fromPence, sharedListPath, type MyClaimOutput, type PlannedGiftOutput } from '@presently/domain'
import { assertOwnPerson } from '../likes/ownership.ts'
import { displayNameOf } from './read-items.ts'
import type { Claimer } from './shared-list.ts'

/** The columns the claims page reads of a claim or a pledge row. */
function claimSource(table: typeof wishListClaims | typeof wishListPledges) {
  return {
    table,
    quantity: 'quantity' in table ? table.quantity : sql<number>`1`,
    amountPence: 'amountPence' in table ? table.amountPence : sql<null>`null`,
    kind: 'quantity' in table ? ('claim' as const) : ('pledge' as const),
  }
}

/**
 * The claimer's claims and pledges (issue 43: pledges beside claims) joined with item, product,
 * list, owner, occasion and their person link, newest first. `changed` (issue 37): the owner
 * changed the item's title, price or quantity after the claim was made. `sharedPath` only while
 * the claimer's link is the list's current one (issue 41 finding 6: renewing cuts earlier
 * claimers as revoking does). A guest's released hold is left out.
 */
async function readClaims(db: Db, claimer: Claimer, where?: SQL) {
  const userId = claimer.userId ?? null
  const read = async (source: ReturnType<typeof claimSource>) => {
    const t = source.table
    return db
      .select({
        kind: sql<'claim' | 'pledge'>`${source.kind}`,
        amountPence: source.amountPence,
        itemId: wishListItems.id,
        title: sql<string>`coalesce(${products.title}, ${wishListItems.title})`,
        productId: wishListItems.productId,
        awProductId: products.awProductId,
        image: sql<
          string | null
        >`coalesce(${products.imageUrl}, '/api/link-previews/images/' || ${wishListItems.imageId})`,
        link: wishListItems.link,
        pricePence: wishListItems.pricePence,
        productPrice: products.price,
        quantity: source.quantity,
        listName: wishLists.name,
        ownerDisplayName: users.displayName,
        ownerEmail: users.email,
        shareToken: wishLists.shareToken,
        current: sql<boolean>`coalesce(${wishLists.sharedAt} = ${t.linkSharedAt}, false)`,
        itemDeletedAt: wishListItems.deletedAt,
        listDeletedAt: wishLists.deletedAt,
        changed: sql<boolean>`exists (select 1 from ${wishListItemEvents} e where e.item_id = ${wishListItems.id} and e.kind = 'changed' and e.created_at > ${t.createdAt})`,
        pending: sql<boolean>`(${t.holdExpiresAt} is not null)`,
        personId: people.id,
        personName: people.name,
        occasionId: wishLists.occasionId,
        occasionLabel: occasions.label,
        date: wishLists.eventDate,
        claimedAt: t.createdAt,
        id: t.id,
      })
      .from(t)
      .innerJoin(wishListItems, eq(wishListItems.id, t.itemId))
      .innerJoin(wishLists, eq(wishLists.id, wishListItems.listId))
      .innerJoin(users, eq(users.id, wishLists.userId))
      .leftJoin(products, eq(products.id, wishListItems.productId))
      .leftJoin(occasions, eq(occasions.id, wishLists.occasionId))
      .leftJoin(
        wishListPeople,
        and(eq(wishListPeople.listId, wishLists.id), userId === null ? sql`false` : eq(wishListPeople.userId, userId)),
      )
      .leftJoin(people, eq(people.id, wishListPeople.personId))
      .where(
        and(
          claimer.userId !== undefined ? eq(t.userId, claimer.userId) : eq(t.guestId, claimer.guestId),
          sql`(${t.holdExpiresAt} is null or ${t.holdExpiresAt} > now())`,
          where,
        ),
      )
  }
  const rows = [...(await read(claimSource(wishListClaims))), ...(await read(claimSource(wishListPledges)))]
  rows.sort((a, b) => b.claimedAt.getTime() - a.claimedAt.getTime() || b.id - a.id)
  return rows.map((r) => {
    const removed = r.itemDeletedAt !== null || r.listDeletedAt !== null
    return {
      kind: r.kind,
      amount: r.amountPence === null ? null : fromPence(r.amountPence),
      itemId: r.itemId,
      title: r.title,
      productId: r.productId,
      awProductId: r.awProductId,
      image: r.image,
      link: r.link,
      price: r.awProductId !== null ? r.productPrice : r.pricePence === null ? null : fromPence(r.pricePence),
      quantity: r.quantity,
      listName: r.listName,
      ownerName: displayNameOf({ displayName: r.ownerDisplayName, email: r.ownerEmail }),
      sharedPath: !removed && r.shareToken && r.current ? sharedListPath(r.shareToken) : null,
      removed,
      changed: !removed && r.changed,
      pending: r.pending,
      person: r.personId !== null && r.personName !== null ? { id: r.personId, name: r.personName } : null,
      occasionId: r.occasionId,
      occasionLabel: r.occasionLabel,
      date: r.date,
      claimedAt: r.claimedAt.toISOString(),
    }
  })
}

/**
 * GET /api/my-account/claims (issue 23): everything the user said "I'll get this" to, newest
 * first. A claim whose item or list its owner deleted stays, marked `removed` (the page shows
 * "Removed by the list's owner"): nothing is lost silently.
 */
export function listMyClaims(db: Db, userId: number): Promise<MyClaimOutput[]> {
  return readClaims(db, { userId })
}

/**
 * A guest's claims and pledges (issue 37, /my-claims/{token}), as listMyClaims answers an
 * account's (no person links: guests have no people), held ones included and marked `pending`.
 */
export function listGuestClaims(db: Db, guestId: number): Promise<MyClaimOutput[]> {
  return readClaims(db, { guestId })
}

/**
 * The gifts `userId` plans for their person `personId` (issue 23): their claims on wish lists they
 * linked to that person ("This list belongs to {person}"), newest first, removed ones marked.
 * Exported for the gift history that another branch builds (issue 22's history can union these in
 * as status "planned"); until then the person page shows them from here.
 * @throws AppError NOT_FOUND "Person not found" for another user's person.
 */
export async function plannedGiftsForPerson(
  db: Db,
  { userId, personId }: { userId: number; personId: number },
): Promise<PlannedGiftOutput[]> {
  await assertOwnPerson(db, userId, personId)
  const rows = await readClaims(db, { userId }, eq(people.id, personId))
  return rows
    .filter((r) => r.kind === 'claim')
    .map(
      ({
        link: _l,
        ownerName: _o,
        sharedPath: _s,
        person: _p,
        claimedAt: _c,
        kind: _k,
        amount: _a,
        changed: _ch,
        pending: _pe,
        ...gift
      }) => gift,
    )
}
