import { and, asc, eq, isNull, products, wishListItems, type SQL } from '@presently/db'
import { fromPence, linkImagePath, type OwnerItemOutput } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'

/**
 * The live items of list `listId` as the owner sees them, oldest first (ordered by the owner's
 * own ids only, never by anything visitors do). Catalog items read their title, image and price
 * from the product; a disabled or deleted product is `available: false`.
 */
export async function readOwnerItems(db: Executor, listId: number, where?: SQL): Promise<OwnerItemOutput[]> {
  const rows = await db
    .select({
      id: wishListItems.id,
      productId: wishListItems.productId,
      awProductId: products.awProductId,
      title: wishListItems.title,
      productTitle: products.title,
      link: wishListItems.link,
      image: products.imageUrl,
      imageId: wishListItems.imageId,
      otherPriceMinor: wishListItems.otherPriceMinor,
      otherCurrency: wishListItems.otherCurrency,
      priceReadAt: wishListItems.priceReadAt,
      pricePence: wishListItems.pricePence,
      productPrice: products.price,
      productDisabled: products.disabled,
      quantity: wishListItems.quantity,
      priority: wishListItems.priority,
      note: wishListItems.note,
      groupGift: wishListItems.groupGift,
    })
    .from(wishListItems)
    .leftJoin(products, eq(products.id, wishListItems.productId))
    .where(and(eq(wishListItems.listId, listId), isNull(wishListItems.deletedAt), where))
    .orderBy(asc(wishListItems.id))
  return rows.map((r) => toOwnerItem(r))
}

interface ItemRow {
  id: number
  productId: number | null
  awProductId: number | null
  title: string
  productTitle: string | null
  link: string | null
  image: string | null
  imageId: string | null
  otherPriceMinor: number | null
  otherCurrency: string | null
  priceReadAt: Date | null
  pricePence: number | null
  productPrice: number | null
  productDisabled: boolean | null
  quantity: number
  priority: OwnerItemOutput['priority']
  note: string
  groupGift: boolean
}

/** One joined item row in the owner's shape. */
function toOwnerItem(r: ItemRow): OwnerItemOutput {
  const catalog = r.awProductId !== null
  return {
    id: r.id,
    productId: r.productId,
    awProductId: r.awProductId,
    title: r.productTitle ?? r.title,
    link: r.link,
    // Issue 38: an item from elsewhere shows the picture its link preview read, served by the shop.
    image: r.image ?? (r.imageId ? linkImagePath(r.imageId) : null),
    price: catalog ? r.productPrice : r.pricePence === null ? null : fromPence(r.pricePence),
    quantity: r.quantity,
    priority: r.priority,
    note: r.note,
    groupGift: r.groupGift,
    // A catalog item whose product was deleted (product_id set null) keeps its copied title.
    available: r.productDisabled !== true,
    otherPrice:
      catalog || r.otherPriceMinor === null || r.otherCurrency === null
        ? null
        : { amount: r.otherPriceMinor / 100, currency: r.otherCurrency },
    priceReadAt: catalog ? null : (r.priceReadAt?.toISOString() ?? null),
  }
}

/** Display name of an account: its display name, else the part of its email before the "@". */
export function displayNameOf(user: { displayName: string | null; email: string }): string {
  return user.displayName?.trim() || user.email.split('@')[0] || user.email
}
