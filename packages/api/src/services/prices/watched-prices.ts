import { sql, type Db } from '@presently/db'
import type { WatchKind, WatchedPrice } from '@presently/domain'
import { priceAtSql, watchesSql } from './watches.ts'

/**
 * For the caller's own watches of `productIds` (likes, items of their wish lists, claims; issue
 * 39), the price when each watch started and now: what "£12 less than when you liked it" is made
 * of. Products the caller does not watch are left out (another user's likes are never read).
 *
 * @returns one row per (product, kind), in productIds order then like, list, claim.
 */
export async function getWatchedPrices(db: Db, userId: number, productIds: readonly number[]): Promise<WatchedPrice[]> {
  if (productIds.length === 0) return []
  const ids = sql.param([...new Set(productIds)])
  const result = await db.execute<{
    product_id: number
    kind: WatchKind
    since: string
    then_pence: number
    now_pence: number
  }>(sql`
    with w as (${watchesSql(
      (column) => sql`${column} = ${userId}`,
      (column) => sql`${column} = any(${ids}::int[])`,
    )}), first as (
      select product_id, kind, min(since) as since from w group by product_id, kind
    )
    select f.product_id, f.kind, f.since,
           ${priceAtSql(sql`f.product_id`, sql`f.since`, sql`p.price`)} as then_pence,
           round(p.price * 100)::integer as now_pence
      from first f join products p on p.id = f.product_id`)
  const order = new Map(productIds.map((id, i) => [id, i]))
  const kindOrder: Record<WatchKind, number> = { like: 0, list: 1, claim: 2 }
  return result.rows
    .map((r) => ({
      productId: Number(r.product_id),
      kind: r.kind,
      since: new Date(r.since).toISOString(),
      thenPence: Number(r.then_pence),
      nowPence: Number(r.now_pence),
      dropPence: Math.max(0, Number(r.then_pence) - Number(r.now_pence)),
    }))
    .sort(
      (a, b) => (order.get(a.productId) ?? 0) - (order.get(b.productId) ?? 0) || kindOrder[a.kind] - kindOrder[b.kind],
    )
}
