import type pg from 'pg'
import type { Db } from '@presently/db'
import { LIKE_ASSOCIATION, type PickProduct } from '@presently/recommender'
import { readRecommendationInput, type RecommendationInput } from '../recommendations/load-recommendation-input.ts'
import type { DataVersions } from '../auth/session.ts'

/** The node-postgres pool under a Drizzle database (drizzle() keeps it as $client). */
export function poolOf(db: Db): pg.Pool {
  const client = db.$client
  if (!client) throw new Error('the database has no node-postgres client ($client)')
  return client
}

/** What the picks read of the user's history with a person, besides the profile. */
export interface PersonPickHistory {
  /** Products clicked through for this person (orders) or given to them by hand (issue 22). */
  orderedProductIds: number[]
  /** "Not for {name}" dismissals with the product's category path. */
  dismissed: { productId: number; path: string | null }[]
  /** Liked products for this person and/or occasion with LIKE_ASSOCIATION's strength. */
  liked: { productId: number; strength: number }[]
}

const PATH_SQL = (alias: string) =>
  `case when ${alias}.category_name is null then null else concat_ws('::', ${alias}.category_name, ${alias}.category_level1, ${alias}.category_level2, ${alias}.category_level3) end`

/**
 * The user's history with the person, as columns of the recommendation input's row ($2 user, $3
 * person, `occ` the occasion: readRecommendationInput).
 */
const HISTORY_COLUMNS = `
    coalesce((select json_agg(distinct g.product_id) from (
                select ct.product_id from click_throughs ct
                 where ct.user_id = $2 and ct.person_id = $3 and ct.product_id is not null
                union
                select gi.product_id from gifts gi
                 where gi.user_id = $2 and gi.person_id = $3 and gi.product_id is not null) g), '[]'::json) as pick_ordered,
    coalesce((select json_agg(json_build_object('productId', d.product_id, 'path', ${PATH_SQL('pd')}))
                from pick_dismissals d join products pd on pd.id = d.product_id
               where d.user_id = $2 and d.person_id = $3), '[]'::json) as pick_dismissed,
    coalesce((select json_agg(json_build_object('productId', x.product_id, 'person', x.for_person, 'occasion', x.for_occasion))
                from (select l.product_id,
                             bool_or(a.person_id = $3) as for_person,
                             coalesce(bool_or(a.occasion_id = (select id from occ)), false) as for_occasion
                        from product_likes l join product_like_associations a on a.product_like_id = l.id
                       where l.user_id = $2
                         and (a.person_id = $3 or (a.person_id is null and a.occasion_id = (select id from occ)))
                       group by l.product_id) x), '[]'::json) as pick_liked
`

/**
 * The recommendation input (loadRecommendationInput) and the user's history with one person that
 * the picks read (issue 20), in ONE query (two round trips were a fifth of a call's CPU: socket
 * writes): products bought for them (orders) or given to them by hand (issue 22's gifts),
 * products dismissed for them ("Not for {name}") and products liked for them or (with no person)
 * for the occasion. The history is read only for the user's own person (every subquery filters
 * on the user as well); the caller checks the profile is there. With `versions`, read through the
 * per-user cache (readRecommendationInput, issue 24; migration 0031 moves the version on
 * dismissals and wish lists); the input is then frozen.
 */
export async function loadPickInputAndHistory(
  db: Db,
  userId: number,
  personId: number,
  occasionLabel: string,
  today: string,
  versions?: DataVersions | null,
): Promise<{ input: RecommendationInput; history: PersonPickHistory }> {
  const { input, extraRow } = await readRecommendationInput(
    db,
    userId,
    personId,
    occasionLabel,
    today,
    { name: 'presently_pick_input_v2', columns: HISTORY_COLUMNS },
    versions,
  )
  const row = extraRow as {
    pick_ordered?: number[]
    pick_dismissed?: { productId: number; path: string | null }[]
    pick_liked?: { productId: number; person: boolean | null; occasion: boolean }[]
  }
  return {
    input,
    history: {
      orderedProductIds: row.pick_ordered ?? [],
      dismissed: row.pick_dismissed ?? [],
      liked: (row.pick_liked ?? []).map((l) => ({
        productId: l.productId,
        strength:
          l.person && l.occasion
            ? LIKE_ASSOCIATION.personAndOccasion
            : l.person
              ? LIKE_ASSOCIATION.person
              : LIKE_ASSOCIATION.occasion,
      })),
    },
  }
}

/** Products read per candidate category (the most popular within budget). */
const PER_CATEGORY = 40
/** Products read by the person's terms across the catalog (the most popular matches within budget). */
const BY_TERMS = 240

/** A term as a tsquery piece: its words (letters and digits only) joined by <-> (a phrase). */
function tsTerm(term: string): string | null {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => /^[\p{L}\p{N}]+$/u.test(w))
  return words.length ? words.join(' <-> ') : null
}

interface ProductRow {
  id: number
  aw_product_id: string | number
  title: string
  description: string | null
  price: string | number
  image_url: string | null
  brand: string | null
  merchant_name: string | null
  average_rating: number | null
  review_count: number | null
  category_name: string | null
  category_level1: string | null
  category_level2: string | null
  category_level3: string | null
  variant_group_id: number | null
  variant_secondary: boolean
  disabled: boolean
  category_hidden: boolean
  in_stock: boolean | null
}

const COLUMNS = `p.id, p.aw_product_id, p.title, left(p.long_description, 400) as description, p.price, p.image_url,
  p.brand, p.merchant_name, p.average_rating, p.review_count, p.category_name, p.category_level1,
  p.category_level2, p.category_level3, p.variant_group_id, p.variant_secondary, p.disabled, p.category_hidden, p.in_stock`
// In stock where the feed says (issue 20): a product the feed says is out of stock is never read as a candidate.
// A product no longer sold (issue 39) has in_stock false, so this leaves it out too, and the
// picks' partial indexes (PICKABLE) stay index-only.
const VISIBLE = `not p.disabled and not p.category_hidden and not p.variant_secondary and p.category_name is not null and p.in_stock is not false`

/** Within the budget ($5, pounds; null: any price). */
const IN_BUDGET = `($5::numeric is null or p.price <= $5)`

/**
 * The PER_CATEGORY most popular visible products within budget of the category path k whose
 * deepest level is `depth` (0: a top-level category .. 3): the path's levels are equal and any
 * deeper level is free, so the path's whole subtree is read. Each depth has its own partial index
 * over the visible catalog (products_picks_depth{0..3}_idx: the levels, popularity, id, price), so
 * this is an index-only range scan that stops after PER_CATEGORY rows within budget.
 */
const PATH_TOP = (depth: 0 | 1 | 2 | 3) => {
  const levels = ['category_name', 'category_level1', 'category_level2', 'category_level3']
    .slice(0, depth + 1)
    .map((column, i) => `p.${column} = k.l${i}`)
    .join(' and ')
  const only = depth === 3 ? 'k.l3 is not null' : `k.l${depth} is not null and k.l${depth + 1} is null`
  return `(select p.id from products p
     where ${only} and ${levels} and ${VISIBLE} and ${IN_BUDGET}
     order by p.popularity desc nulls last, p.id
     limit ${PER_CATEGORY})`
}

/**
 * $1..$4 the levels of the category paths, $5 the budget (null: any), $6 the tsquery ('' for
 * none), $7 liked product ids. Each path is read on its own (LATERAL) from the partial index of
 * its depth, a range scan of a few dozen index entries (one scan of the visible catalog ranked
 * per path read and sorted ~400,000 rows at 1,000,000 products: 1.4 s); the ids of the three
 * sources are one set, so the products are read by primary key (three IN lists joined by OR
 * filtered every row of the table: 1.6 s at 1,000,000 products); a named statement, planned once
 * per connection.
 */
const PRODUCTS_QUERY = `
  with k as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as k(l0, l1, l2, l3)
  ),
  in_categories as (
    select top.id from k cross join lateral (
      ${PATH_TOP(0)}
      union all
      ${PATH_TOP(1)}
      union all
      ${PATH_TOP(2)}
      union all
      ${PATH_TOP(3)}
    ) top
  ),
  by_terms as (
    select p.id from products p
     where $6::text <> '' and ${VISIBLE} and ${IN_BUDGET}
       and p.search_vector @@ to_tsquery('english', $6)
     order by p.popularity desc nulls last, p.id
     limit ${BY_TERMS}
  )
  select ${COLUMNS} from products p
   where p.id in (select id from in_categories
                  union select id from by_terms
                  union select unnest($7::int[]))
   order by p.id`

/**
 * The products the picks choose from (issue 20), in one query over the visible catalog (enabled,
 * not hidden, primary variants) at or under `maxPrice` (pounds; null: any price): the most
 * popular PER_CATEGORY of each of the plan's best categories, the most popular BY_TERMS matching
 * the person's interest terms anywhere (full text: a railway jigsaw for a railway lover), and
 * the liked products (read apart, whatever their price: the engine applies the budget).
 * Duplicates are removed by the engine.
 *
 * The catalog reads are kept per catalog version and (paths, terms, budget), and the liked
 * products per version and set of ids, as the category statistics are (catalogModelFor): any
 * catalog write bumps the version and starts afresh. The ranking itself is computed on every call.
 */
export async function loadPickProducts(
  db: Db,
  input: {
    catalogVersion: string
    paths: readonly string[]
    terms: readonly string[]
    likedIds: readonly number[]
    maxPrice: number | null
  },
): Promise<PickProduct[]> {
  let cache = readCaches.get(db)
  if (!cache || cache.version !== input.catalogVersion) {
    cache = { version: input.catalogVersion, reads: new Map(), products: new Map() }
    readCaches.set(db, cache)
  }
  const { reads, products: known } = cache
  const kept = (key: string, read: () => Promise<PickProduct[]>): Promise<PickProduct[]> => {
    let promise = reads.get(key)
    if (!promise) {
      if (reads.size >= READS_KEPT) {
        reads.clear()
        known.clear()
      }
      promise = read()
      reads.set(key, promise)
      promise.catch(() => reads.delete(key))
    }
    return promise
  }
  const likedIds = [...new Set(input.likedIds)].sort((a, b) => a - b)
  const key = JSON.stringify([input.paths, input.terms, input.maxPrice])
  const candidates = () => kept(key, () => readPickProducts(db, { ...input, likedIds: [] }, known))
  if (!likedIds.length) return candidates()
  // The liked products are catalog rows too: kept per version like the rest (one query less per
  // call), and so is the list of both, so the same read hands the engine the same list (it lays
  // a list out once: productPicks).
  const likedKey = `liked:${likedIds.join(',')}`
  return kept(`${key}|${likedKey}`, async () => {
    const [liked, rest] = await Promise.all([
      kept(likedKey, () => readPickProducts(db, { paths: [], terms: [], likedIds, maxPrice: null }, known)),
      candidates(),
    ])
    return [...liked, ...rest]
  })
}

/**
 * Catalog reads kept per catalog version: each a list of ~500 products (shared objects) that the
 * engine lays out once in ~25 KB of arrays (productPicks), so at most ~60 MB a process.
 */
const READS_KEPT = 2000
/**
 * Per catalog version: the reads by (paths, terms, budget), and each product once by id, so every
 * read of a product hands out the same object and the engine works its text out once
 * (productPicks keeps what it reads of a product's text by object).
 */
const readCaches = new WeakMap<
  Db,
  { version: string; reads: Map<string, Promise<PickProduct[]>>; products: Map<number, PickProduct> }
>()

async function readPickProducts(
  db: Db,
  input: { paths: readonly string[]; terms: readonly string[]; likedIds: readonly number[]; maxPrice: number | null },
  known?: Map<number, PickProduct>,
): Promise<PickProduct[]> {
  const levels = [0, 1, 2, 3].map((i) => input.paths.map((p) => p.split('::')[i] ?? null))
  const tsquery = [...new Set(input.terms.map(tsTerm).filter((t): t is string => t !== null))]
    .map((t) => `(${t})`)
    .join(' | ')
  const { rows } = await poolOf(db).query<ProductRow>({
    name: 'presently_pick_products_v4',
    text: PRODUCTS_QUERY,
    values: [...levels, input.maxPrice, tsquery, input.likedIds],
  })
  return rows.map((r) => {
    const same = known?.get(r.id)
    if (same) return same
    const awProductId = Number(r.aw_product_id)
    const product: PickProduct = {
      id: r.id,
      awProductId,
      title: r.title,
      description: r.description,
      price: Number(r.price),
      imageUrl: r.image_url,
      brand: r.brand,
      merchant: r.merchant_name,
      rating: r.average_rating,
      reviewCount: r.review_count,
      // The shop's own product page (the id its URL carries: productUrlId in the web app).
      productUrl: `/product/${awProductId >= 10_000 ? awProductId : r.id}`,
      path: r.category_name
        ? [r.category_name, r.category_level1, r.category_level2, r.category_level3].filter(Boolean).join('::')
        : null,
      variantGroupId: r.variant_group_id,
      variantSecondary: r.variant_secondary,
      disabled: r.disabled,
      hidden: r.category_hidden,
      inStock: r.in_stock,
    }
    known?.set(r.id, product)
    return product
  })
}
