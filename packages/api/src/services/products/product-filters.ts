import { eq, products, sql, type SQL } from '@presently/db'

/**
 * The search predicate of every catalog read (spec browsing-and-purchase §7 "search"):
 * PostgreSQL full-text search with English stemming and websearch syntax over title (weight A),
 * brand (B), category (C) and description (D), OR'ed with a pg_trgm similarity match on the
 * title so typos still find products ("hornbi" finds Hornby).
 */
export function searchCondition(search: string): SQL {
  return sql`(${products.searchVector} @@ websearch_to_tsquery('english', ${search}) or ${products.title} % ${search})`
}

/** Relevance of a product to a search: full-text rank plus title similarity (higher is better). */
export function searchRank(search: string): SQL {
  return sql`(ts_rank_cd(${products.searchVector}, websearch_to_tsquery('english', ${search})) + similarity(${products.title}, ${search}))`
}

/** Products a shopper may see: enabled and not in a hidden category. */
export function visibleCondition(): SQL {
  return sql`(${eq(products.disabled, false)} and not ${products.categoryHidden})`
}

/** Products that are in promo `promoId` (spec browsing-and-purchase §7 promo listings). */
export function promoCondition(promoId: number): SQL {
  return sql`exists (select 1 from promo_products pp where pp.promo_id = ${promoId} and pp.product_id = ${products.id})`
}

/** One product per variant group (the group's primary) unless variants are asked for. */
export function primaryVariantCondition(): SQL {
  return sql`(${products.variantGroupId} is null or ${products.id} = (select vg.primary_variant_id from variant_groups vg where vg.id = ${products.variantGroupId}))`
}
