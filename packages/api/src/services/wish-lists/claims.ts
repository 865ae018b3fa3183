import {
  and,
  desc,
  eq,
  occasions,
  people,
  products,
  sql,
  users,
  wishListClaims,
  wishListItems,
  wishListPeople,
  wishLists,
  type Db,
  type SQL,
} from '@presently/db'
import { fromPence, sharedListPath, type MyClaimOutput, type PlannedGiftOutput } from '@presently/domain'
import { assertOwnPerson } from '../likes/ownership.ts'
import { displayNameOf } from './read-items.ts'

/** The caller's claims joined with item, product, list, owner, occasion and their person link. */
async function readClaims(db: Db, userId: number, where?: SQL) {
  const rows = await db
    .select({
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
      quantity: wishListClaims.quantity,
      listName: wishLists.name,
      ownerDisplayName: users.displayName,
      ownerEmail: users.email,
      shareToken: wishLists.shareToken,
      itemDeletedAt: wishListItems.deletedAt,
      listDeletedAt: wishLists.deletedAt,
      personId: people.id,
      personName: people.name,
      occasionId: wishLists.occasionId,
      occasionLabel: occasions.label,
      date: wishLists.eventDate,
      claimedAt: wishListClaims.createdAt,
    })
    .from(wishListClaims)
    .innerJoin(wishListItems, eq(wishListItems.id, wishListClaims.itemId))
    .innerJoin(wishLists, eq(wishLists.id, wishListItems.listId))
    .innerJoin(users, eq(users.id, wishLists.userId))
    .leftJoin(products, eq(products.id, wishListItems.productId))
    .leftJoin(occasions, eq(occasions.id, wishLists.occasionId))
    .leftJoin(wishListPeople, and(eq(wishListPeople.listId, wishLists.id), eq(wishListPeople.userId, userId)))
    .leftJoin(people, eq(people.id, wishListPeople.personId))
    .where(and(eq(wishListClaims.userId, userId), where))
    .orderBy(desc(wishListClaims.createdAt), desc(wishListClaims.id))
  return rows.map((r) => {
    const removed = r.itemDeletedAt !== null || r.listDeletedAt !== null
    return {
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
      sharedPath: !removed && r.shareToken ? sharedListPath(r.shareToken) : null,
      removed,
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
  return readClaims(db, userId)
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
  const rows = await readClaims(db, userId, eq(people.id, personId))
  return rows.map(({ link: _l, ownerName: _o, sharedPath: _s, person: _p, claimedAt: _c, ...gift }) => gift)
}
