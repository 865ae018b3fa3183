import { eq, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { promos, type PromoRules } from '../schema/index.ts'

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

/**
 * Recomputes the products of one promo, or of every promo, from its stored rules: an enabled
 * product in a visible category belongs to a promo when its shop category path starts with one
 * of rules.categories ("::"-joined levels) or its title matches one of rules.keywords, and its
 * price lies in [minPrice, maxPrice] (GBP, inclusive). position orders the promo's listing:
 * best keyword match first, then title. Runs after every import and whenever a promo changes.
 * @returns the number of promo_products rows written.
 */
export async function refreshPromoProducts(db: Db, promoId?: number): Promise<number> {
  const list = await db
    .select({ id: promos.id, rules: promos.rules })
    .from(promos)
    .where(promoId === undefined ? undefined : eq(promos.id, promoId))
  let written = 0
  await db.transaction(async (tx) => {
    for (const promo of list) {
      const rules: PromoRules = promo.rules
      const categories = rules.categories ?? []
      const query = titleKeywordQuery(rules.keywords ?? [])
      const tsQuery = query ? sql`to_tsquery('english', ${query})` : sql`null::tsquery`
      await tx.execute(sql`delete from promo_products where promo_id = ${promo.id}`)
      // Only the branches this promo has: a keyword-only promo is then a GIN index search
      // instead of a test of every product (issue 14: refreshed after every import). With both
      // branches the keyword one is also a GIN search, its ids looked up per product, instead
      // of each product's search vector being read and matched (issue 24: at a million
      // products that was most of the promos' time).
      const path = sql`concat_ws('::', p.category_name, p.category_level1, p.category_level2, p.category_level3)`
      const byKeyword =
        query === null
          ? null
          : categories.length
            ? sql`p.id in (select k.id from products k where k.search_vector @@ ${tsQuery})`
            : sql`p.search_vector @@ ${tsQuery}`
      // The path is a category of the rule or starts with one followed by "::".
      const byCategory = categories.length
        ? sql`(${path} = any(${sql.param(categories)}::text[]) or ${path} ^@ any(${sql.param(categories.map((c) => `${c}::`))}::text[]))`
        : null
      const matches =
        byKeyword && byCategory ? sql`(${byKeyword} or ${byCategory})` : (byKeyword ?? byCategory ?? sql`false`)
      const result = await tx.execute(sql`
        insert into promo_products (promo_id, product_id, position)
        select ${promo.id}, p.id,
          row_number() over (order by coalesce(ts_rank(p.search_vector, ${tsQuery}), 0) desc, p.title, p.id)
        from products p
        where not p.disabled and not p.category_hidden and p.withdrawn_at is null
          and p.price >= ${rules.minPrice ?? 0} and p.price <= ${rules.maxPrice ?? 1_000_000}
          and ${matches}
      `)
      written += result.rowCount ?? 0
    }
  })
  return written
}
