import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { deferCatalogVersionBump } from './catalog-version.ts'

/** Separator of category levels in tree node ids and override paths (spec browsing-and-purchase §3). */
export const CATEGORY_PATH_SEPARATOR = '::'

/**
 * Recomputes every product's shop category (category_name, category_level1..3, category_hidden)
 * from its feed path (feed_category_path) and the category_overrides rules. The longest
 * override whose source_path equals the feed path, or is an ancestor of it, wins:
 * - rename / merge: the source prefix is replaced by target_path (merge targets an existing
 *   path, so two feed categories become one node); levels past the 4th are dropped
 *   (spec browsing-and-purchase §9: depth up to 4);
 * - hide: the path stays, category_hidden = true (kept out of listings and the tree).
 * Products no override covers get their feed path. Only rows whose values change are written.
 * Runs after every import and every override change; with `productIds`, for those products only.
 * With `deferCatalogVersion` (a feed refresh, issue 39) the catalog version is not bumped: the
 * caller bumps it once at its end.
 * @returns the number of products whose category changed.
 */
export async function applyCategoryOverrides(
  db: Db,
  productIds?: readonly number[],
  options: { deferCatalogVersion?: boolean } = {},
): Promise<number> {
  // A refresh (issue 39) places only the products it wrote.
  const only = productIds ? sql`where p.id = any(${sql.param([...productIds])}::int[])` : sql``
  const statement = sql`
    with resolved as (
      select p.id,
        case when o.action is null or o.action = 'hide' then p.feed_category_path
             else concat_ws('::', nullif(o.target_path, ''), nullif(substr(p.feed_category_path, length(o.source_path) + 3), ''))
        end as path,
        coalesce(o.action = 'hide', false) as hidden
      from products p
      left join lateral (
        select co.action, co.source_path, co.target_path
        from category_overrides co
        where p.feed_category_path = co.source_path
           or left(p.feed_category_path, length(co.source_path) + 2) = co.source_path || '::'
        order by length(co.source_path) desc
        limit 1
      ) o on true
      ${only}
    ), levels as (
      select id, hidden,
        nullif(split_part(path, '::', 1), '') as l0,
        nullif(split_part(path, '::', 2), '') as l1,
        nullif(split_part(path, '::', 3), '') as l2,
        nullif(split_part(path, '::', 4), '') as l3
      from resolved
    )
    update products p
    set category_name = v.l0, category_level1 = v.l1, category_level2 = v.l2, category_level3 = v.l3,
        category_hidden = v.hidden
    from levels v
    where v.id = p.id
      and (p.category_name, p.category_level1, p.category_level2, p.category_level3, p.category_hidden)
          is distinct from (v.l0, v.l1, v.l2, v.l3, v.hidden)
  `
  const result = options.deferCatalogVersion
    ? await db.transaction(async (tx) => {
        await deferCatalogVersionBump(tx)
        return tx.execute(statement)
      })
    : await db.execute(statement)
  return result.rowCount ?? 0
}
