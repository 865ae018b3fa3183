import { and, clickThroughs, eq, gifts, gte, inArray, lte, occasions, products, sql, type SQL } from '@presently/db'
import { penceToPounds, type GiftOutput, type SpendItem } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'

/** A present of a person's history as the services read it: bought orders and presents by hand. */
export interface GiftRow extends SpendItem {
  id: number
  personId: number
  occasionLabel: string | null
  title: string
  link: string | null
  note: string | null
  source: 'order' | 'manual'
  orderId: number | null
  productId: number | null
}

/** The UK day of an order (Europe/London), the day its present counts as given. */
const orderDay = sql<string>`to_char(${clickThroughs.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`

/**
 * The presents of `userId`'s people `personIds` (issue 22): orders marked bought (given on the
 * day of the click, UK) and presents added by hand, optionally for one occasion and within
 * [from, to] (UK dates). Newest first. The caller has checked the people are the user's own;
 * the user filter here keeps another user's rows out whatever ids arrive.
 */
export async function loadGiftRows(
  db: Executor,
  userId: number,
  personIds: readonly number[],
  filter: { occasionId?: number; from?: string; to?: string } = {},
): Promise<GiftRow[]> {
  if (personIds.length === 0) return []
  const orderWhere: (SQL | undefined)[] = [
    eq(clickThroughs.userId, userId),
    inArray(clickThroughs.personId, [...personIds]),
    eq(clickThroughs.outcome, 'bought'),
  ]
  const giftWhere: (SQL | undefined)[] = [eq(gifts.userId, userId), inArray(gifts.personId, [...personIds])]
  if (filter.occasionId !== undefined) {
    orderWhere.push(eq(clickThroughs.occasionId, filter.occasionId))
    giftWhere.push(eq(gifts.occasionId, filter.occasionId))
  }
  // The day bounds are widened by a day for the order's time zone, then cut exactly below.
  if (filter.from) {
    orderWhere.push(gte(clickThroughs.createdAt, new Date(Date.parse(`${filter.from}T00:00:00Z`) - 86_400_000)))
    giftWhere.push(gte(gifts.givenOn, filter.from))
  }
  if (filter.to) {
    orderWhere.push(lte(clickThroughs.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 2 * 86_400_000)))
    giftWhere.push(lte(gifts.givenOn, filter.to))
  }
  // One after the other: a request holds one pooled connection at a time.
  const orders = await db
    .select({
      id: clickThroughs.id,
      personId: clickThroughs.personId,
      occasionId: clickThroughs.occasionId,
      occasionLabel: occasions.label,
      title: products.title,
      productId: clickThroughs.productId,
      pricePaidPence: clickThroughs.pricePaidPence,
      givenOn: orderDay,
    })
    .from(clickThroughs)
    .leftJoin(products, eq(products.id, clickThroughs.productId))
    .leftJoin(occasions, eq(occasions.id, clickThroughs.occasionId))
    .where(and(...orderWhere))
  const manual = await db
    .select({
      id: gifts.id,
      personId: gifts.personId,
      occasionId: gifts.occasionId,
      occasionLabel: occasions.label,
      title: gifts.title,
      link: gifts.link,
      productId: gifts.productId,
      pricePaidPence: gifts.pricePaidPence,
      givenOn: gifts.givenOn,
      note: gifts.note,
    })
    .from(gifts)
    .leftJoin(occasions, eq(occasions.id, gifts.occasionId))
    .where(and(...giftWhere))
  const rows: GiftRow[] = [
    ...orders
      .filter((o) => (!filter.from || o.givenOn >= filter.from) && (!filter.to || o.givenOn <= filter.to))
      .map((o) => ({
        id: o.id,
        personId: o.personId!,
        occasionId: o.occasionId,
        occasionLabel: o.occasionLabel,
        title: o.title ?? 'Product details unavailable',
        link: null,
        note: null,
        pricePaidPence: o.pricePaidPence,
        givenOn: o.givenOn,
        source: 'order' as const,
        orderId: o.id,
        productId: o.productId,
      })),
    ...manual.map((g) => ({ ...g, source: 'manual' as const, orderId: null })),
  ]
  return rows.sort((a, b) =>
    a.givenOn !== b.givenOn
      ? a.givenOn < b.givenOn
        ? 1
        : -1
      : a.source !== b.source
        ? a.source < b.source
          ? -1
          : 1
        : b.id - a.id,
  )
}

/** The API's shape of a present: pounds, not pence. */
export function toGiftOutput(row: GiftRow): GiftOutput {
  return {
    id: row.id,
    personId: row.personId,
    occasionId: row.occasionId,
    occasionLabel: row.occasionLabel,
    title: row.title,
    link: row.link,
    pricePaid: row.pricePaidPence === null ? null : penceToPounds(row.pricePaidPence),
    givenOn: row.givenOn,
    note: row.note,
    source: row.source,
    orderId: row.orderId,
    productId: row.productId,
  }
}
