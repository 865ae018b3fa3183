import { sql, type SQL } from '@presently/db'

/**
 * The products a user watches (issue 39 "Alerts"): their likes, the catalog items of their own
 * wish lists (not deleted, on a list not deleted) and the catalog items they claimed on someone's
 * list, each with when the watch started. One row per (user, product, kind); a product watched
 * several ways appears once per way. Columns: user_id, product_id, kind ('like' | 'list' |
 * 'claim'), since (timestamptz).
 *
 * @param users SQL for the users: a condition on `u` (e.g. sql`u = any(...)`), applied to each
 *   branch's user column.
 */
export function watchesSql(users: (column: SQL) => SQL, products?: (column: SQL) => SQL): SQL {
  const onProduct = (column: SQL) => (products ? sql` and ${products(column)}` : sql``)
  return sql`
    select l.user_id, l.product_id, 'like'::text as kind, l.created_at as since
      from product_likes l
     where ${users(sql`l.user_id`)}${onProduct(sql`l.product_id`)}
    union all
    select w.user_id, i.product_id, 'list', i.created_at
      from wish_list_items i join wish_lists w on w.id = i.list_id
     where ${users(sql`w.user_id`)} and i.product_id is not null and i.deleted_at is null and w.deleted_at is null${onProduct(sql`i.product_id`)}
    union all
    select c.user_id, i.product_id, 'claim', c.created_at
      from wish_list_claims c join wish_list_items i on i.id = c.item_id
     where ${users(sql`c.user_id`)} and i.product_id is not null${onProduct(sql`i.product_id`)}`
}

/**
 * The price in pence in effect for product `productId` at instant `at` (SQL expressions; priceAt
 * in @presently/domain): the latest history row at or before it, else the earliest row (the
 * price the first change replaced), else the current price.
 */
export function priceAtSql(productId: SQL, at: SQL, currentPrice: SQL): SQL {
  return sql`coalesce(
    (select h.price_pence from price_history h where h.product_id = ${productId} and h.observed_at <= ${at}
      order by h.observed_at desc, h.id desc limit 1),
    (select h.price_pence from price_history h where h.product_id = ${productId}
      order by h.observed_at, h.id limit 1),
    round(${currentPrice} * 100)::integer)`
}
