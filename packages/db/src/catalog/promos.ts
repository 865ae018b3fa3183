import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { promos, type PromoRules } from '../schema/index.ts'
import { deferCatalogVersionBump } from './catalog-version.ts'

/**
 * Builds a to_tsquery('english') text matching any keyword in a product title: words of one
 * keyword must follow each other ("hen night" -> "hen:A <-> night:A"), keywords are OR'ed.
 * ":A" limits matches to the title's lexemes (weight A of products.search_vector).
 * @returns null when no keyword has a usable word.
 */
export function titleKeywordQuery(keywords: readonly string[]): string | null {
  const parts = keywords
    .map((keyword) =>
      keyword
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((word) => `${word}:A`)
        .join(' <-> '),
    )
    .filter(Boolean)
  return parts.length ? parts.map((p) => `(${p})`).join(' | ') : null
}

/** Promos and their products' statements share these pieces (refreshPromoProducts, refreshPromoProductsOf). */
interface PromoMatch {
  /** to_tsquery of the keywords, or null::tsquery. */
  tsQuery: SQL
  /** Whether product `p` belongs to the promo (enabled, visible, sold, in the price band, matching). */
  eligible: SQL
}

/**
 * The membership test of a promo's rules for a product aliased `p`. `perRow`: the keyword test
 * reads each product's own search vector (right for a few products looked up by id); otherwise,
 * with categories too, the keyword matches come from one GIN search (issue 24).
 */
function promoMatch(rules: PromoRules, perRow: boolean): PromoMatch {
  const categories = rules.categories ?? []
  const query = titleKeywordQuery(rules.keywords ?? [])
  const tsQuery = query ? sql`to_tsquery('english', ${query})` : sql`null::tsquery`
  // Only the branches this promo has: a keyword-only promo is then a GIN index search
  // instead of a test of every product (issue 14: refreshed after every import). With both
  // branches the keyword one is also a GIN search, its ids looked up per product, instead
  // of each product's search vector being read and matched (issue 24: at a million
  // products that was most of the promos' time).
  const path = sql`concat_ws('::', p.category_name, p.category_level1, p.category_level2, p.category_level3)`
  const byKeyword =
    query === null
      ? null
      : categories.length && !perRow
        ? sql`p.id in (select k.id from products k where k.search_vector @@ ${tsQuery})`
        : sql`p.search_vector @@ ${tsQuery}`
  // The path is a category of the rule or starts with one followed by "::".
  const byCategory = categories.length
    ? sql`(${path} = any(${sql.param(categories)}::text[]) or ${path} ^@ any(${sql.param(categories.map((c) => `${c}::`))}::text[]))`
    : null
  const matches =
    byKeyword && byCategory ? sql`(${byKeyword} or ${byCategory})` : (byKeyword ?? byCategory ?? sql`false`)
  return {
    tsQuery,
    eligible: sql`not p.disabled and not p.category_hidden and p.withdrawn_at is null
          and p.price >= ${rules.minPrice ?? 0} and p.price <= ${rules.maxPrice ?? 1_000_000}
          and ${matches}`,
  }
}

/**
 * Recomputes the products of one promo, or of every promo, from its stored rules: an enabled
 * product in a visible category belongs to a promo when its shop category path starts with one
 * of rules.categories ("::"-joined levels) or its title matches one of rules.keywords, and its
 * price lies in [minPrice, maxPrice] (GBP, inclusive). position orders the promo's listing:
 * best keyword match first, then title. Runs after every import and whenever a promo changes.
 * With `deferCatalogVersion` (a feed refresh, issue 39) the catalog version is not bumped: the
 * caller bumps it once at its end.
 * @returns the number of promo_products rows written.
 */
export async function refreshPromoProducts(
  db: Db,
  promoId?: number,
  options: { deferCatalogVersion?: boolean } = {},
): Promise<number> {
  const list = await db
    .select({ id: promos.id, rules: promos.rules })
    .from(promos)
    .where(promoId === undefined ? undefined : eq(promos.id, promoId))
  let written = 0
  await db.transaction(async (tx) => {
    if (options.deferCatalogVersion) await deferCatalogVersionBump(tx)
    for (const promo of list) {
      const { tsQuery, eligible } = promoMatch(promo.rules, false)
      await tx.execute(sql`delete from promo_products where promo_id = ${promo.id}`)
      const result = await tx.execute(sql`
        insert into promo_products (promo_id, product_id, position)
        select ${promo.id}, p.id,
          row_number() over (order by coalesce(ts_rank(p.search_vector, ${tsQuery}), 0) desc, p.title, p.id)
        from products p
        where ${eligible}
      `)
      written += result.rowCount ?? 0
    }
  })
  return written
}

/** Above this many products refreshPromoProductsOf recomputes every promo whole (a scan is then cheaper). */
const PROMO_INCREMENTAL_MAX = 20_000

/**
 * The promo listings after a feed refresh (issue 39) touched the products `productIds` (written,
 * new or withdrawn), without recomputing every promo from the whole catalog: for each promo, the
 * touched products that no longer qualify leave it, those that now qualify join it, and when any
 * member was touched (its price, title or rank may have moved) or the membership changed, the
 * positions are renumbered over the promo's members in refreshPromoProducts' order. The same
 * listings as refreshPromoProducts, given listings that were right before the touched products
 * changed (every other writer of products, promos or overrides refreshes them whole). Over
 * PROMO_INCREMENTAL_MAX products, refreshPromoProducts. One transaction; the catalog version is
 * not bumped (the refresh bumps it once at its end).
 * @returns the promo_products rows added, removed or moved.
 */
export async function refreshPromoProductsOf(db: Db, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0
  if (productIds.length > PROMO_INCREMENTAL_MAX)
    return refreshPromoProducts(db, undefined, { deferCatalogVersion: true })
  const list = await db.select({ id: promos.id, rules: promos.rules }).from(promos)
  const ids = sql`${sql.param([...productIds])}::int[]`
  let written = 0
  await db.transaction(async (tx) => {
    await deferCatalogVersionBump(tx)
    for (const promo of list) {
      const { tsQuery, eligible } = promoMatch(promo.rules, true)
      // One read of the touched products per promo: who qualifies now, who leaves, who joins, and
      // whether a touched product was a member (the CTEs all see the listing as it was).
      const result = await tx.execute<{ moved: number; was_member: boolean }>(sql`
        with touched as (
          select p.id, coalesce((${eligible}), false) as member from products p where p.id = any(${ids})
        ), left_rows as (
          delete from promo_products pp using touched t
          where pp.promo_id = ${promo.id} and pp.product_id = t.id and not t.member
          returning 1
        ), joined as (
          insert into promo_products (promo_id, product_id, position)
          select ${promo.id}, t.id, 0 from touched t where t.member
          on conflict (promo_id, product_id) do nothing
          returning 1
        )
        select (select count(*) from left_rows)::int + (select count(*) from joined)::int as moved,
          exists (select 1 from promo_products pp where pp.promo_id = ${promo.id} and pp.product_id = any(${ids})) as was_member`)
      const moved = Number(result.rows[0]?.moved ?? 0)
      // Members kept but touched: a price, title or description may have moved their rank.
      const touched = moved > 0 || result.rows[0]?.was_member === true
      if (!touched) continue
      const renumbered = await tx.execute(sql`
        update promo_products pp set position = r.position
        from (
          select m.id, row_number() over (order by coalesce(ts_rank(p.search_vector, ${tsQuery}), 0) desc, p.title, p.id) as position
          from promo_products m join products p on p.id = m.product_id
          where m.promo_id = ${promo.id}
        ) r
        where pp.id = r.id and pp.position is distinct from r.position`)
      written += moved + (renumbered.rowCount ?? 0)
    }
  })
  return written
}
