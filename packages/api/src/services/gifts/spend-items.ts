import { sql } from '@presently/db'
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
  const people = `{${personIds.map((id) => Math.trunc(id)).join(',')}}`
  const orderOccasion = filter.occasionId === undefined ? sql`` : sql` and ct.occasion_id = ${filter.occasionId}`
  const giftOccasion = filter.occasionId === undefined ? sql`` : sql` and g.occasion_id = ${filter.occasionId}`
  // An order's day is its UK date: the bounds are widened by a day for the zone, then cut exactly.
  const orderFrom = filter.from ? sql` and ct.created_at >= ${filter.from}::date - 1` : sql``
  const orderTo = filter.to ? sql` and ct.created_at < ${filter.to}::date + 2` : sql``
  const giftFrom = filter.from ? sql` and g.given_on >= ${filter.from}::date` : sql``
  const giftTo = filter.to ? sql` and g.given_on <= ${filter.to}::date` : sql``
  // One round trip for both halves of the history (a request holds one pooled connection once).
  const { rows } = await db.execute<{
    source: 'order' | 'manual'
    id: number
    person_id: number
    occasion_id: number | null
    occasion_label: string | null
    title: string
    link: string | null
    note: string | null
    price_paid_pence: number | null
    given_on: string
    product_id: number | null
  }>(sql`
    select x.* from (
      select 'order' as source, ct.id, ct.person_id, ct.occasion_id, o.label as occasion_label,
             coalesce(pr.title, 'Product details unavailable') as title, null::text as link, null::text as note,
             ct.price_paid_pence, to_char(ct.created_at at time zone 'Europe/London', 'YYYY-MM-DD') as given_on,
             ct.product_id
        from click_throughs ct
        left join products pr on pr.id = ct.product_id
        left join occasions o on o.id = ct.occasion_id
       where ct.user_id = ${userId} and ct.person_id = any(${people}::int[]) and ct.outcome = 'bought'
             ${orderOccasion}${orderFrom}${orderTo}
      union all
      select 'manual', g.id, g.person_id, g.occasion_id, o.label, g.title, g.link, g.note,
             g.price_paid_pence, to_char(g.given_on, 'YYYY-MM-DD'), g.product_id
        from gifts g
        left join occasions o on o.id = g.occasion_id
       where g.user_id = ${userId} and g.person_id = any(${people}::int[])${giftOccasion}${giftFrom}${giftTo}
    ) x
    order by x.given_on desc, x.source desc, x.id desc`)
  return rows
    .filter((r) => (!filter.from || r.given_on >= filter.from) && (!filter.to || r.given_on <= filter.to))
    .map((r) => ({
      id: Number(r.id),
      personId: Number(r.person_id),
      occasionId: r.occasion_id === null ? null : Number(r.occasion_id),
      occasionLabel: r.occasion_label,
      title: r.title,
      link: r.link,
      note: r.note,
      pricePaidPence: r.price_paid_pence === null ? null : Number(r.price_paid_pence),
      givenOn: r.given_on,
      source: r.source,
      orderId: r.source === 'order' ? Number(r.id) : null,
      productId: r.product_id === null ? null : Number(r.product_id),
    }))
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
