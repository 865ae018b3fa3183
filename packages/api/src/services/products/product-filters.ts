import { and, products, sql, type Db, type SQL } from '@presently/db'

/** A resolved search: the predicate to filter with and the relevance to order by (higher first). */
export interface SearchFilter {
  condition: SQL
  rank: SQL
  /** "fulltext" when the words matched, "trigram" when only the typo-tolerant fallback did. */
  mode: 'fulltext' | 'trigram'
}

/**
 * Resolves a shopper's search (spec browsing-and-purchase §7 "search"): PostgreSQL full-text
 * search with English stemming and websearch syntax over title (weight A), brand (B), category
 * (C) and description (D), ranked by ts_rank_cd. When no visible product matches, it falls back
 * to pg_trgm word similarity on the title (`<%`, threshold 0.6) so typos still find products
 * ("hornbi" finds Hornby), ranked by word_similarity. Both use GIN indexes.
 */
export async function resolveSearch(db: Db, search: string): Promise<SearchFilter> {
  const tsQuery = sql`websearch_to_tsquery('english', ${search})`
  const fulltext = sql`${products.searchVector} @@ ${tsQuery}`
  const [hit] = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .where(and(visibleCondition(), fulltext))
    .limit(1)
  if (hit) return { condition: fulltext, rank: sql`ts_rank_cd(${products.searchVector}, ${tsQuery})`, mode: 'fulltext' }
  // word_similarity (`<%`, threshold 0.6) compares the search with the closest run of words in
  // the title, so a typo of one word finds long titles; whole-title similarity (`%`) would not,
  // and its index scan rechecks far more rows on a large catalog.
  return {
    condition: sql`${search} <% ${products.title}`,
    rank: sql`word_similarity(${search}, ${products.title})`,
    mode: 'trigram',
  }
}

/** Products a shopper may see: enabled and not in a hidden category. */
export function visibleCondition(): SQL {
  return sql`(not ${products.disabled} and not ${products.categoryHidden})`
}

/** Products that are in promo `promoId` (spec browsing-and-purchase §7 promo listings). */
export function promoCondition(promoId: number): SQL {
  return sql`exists (select 1 from promo_products pp where pp.promo_id = ${promoId} and pp.product_id = ${products.id})`
}

/** One product per variant group (its primary) unless variants are asked for. */
export function primaryVariantCondition(): SQL {
  return sql`not ${products.variantSecondary}`
}
