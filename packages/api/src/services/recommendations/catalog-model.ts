import { sql, type Db } from '@presently/db'
import {
  buildCatalogModel,
  PRICE_BUCKET_EDGES,
  type CatalogBucketRow,
  type CatalogModel,
  type CatalogPromoRow,
} from '@presently/recommender'

/** Titles per category path and price bucket kept as the sample for tags. */
const TITLES_PER_BUCKET = 20
/** Brands per category path and price bucket. */
const BRANDS_PER_BUCKET = 6

/** Per database: the model being built or built for `version`, and the last one built. */
interface ModelEntry {
  version: string
  model: Promise<CatalogModel>
  /** The model once built. */
  ready?: CatalogModel
  /** The last model built before this version's, until this one is ready. */
  previous?: CatalogModel
}
const models = new WeakMap<Db, ModelEntry>()

/**
 * The recommender's catalog statistics for `version` (catalog_state.version, which the
 * recommendation query reads in the same round trip): built by two grouped queries over the
 * visible catalog on the first call of a version, then shared by every call until the catalog
 * changes (any write to products, promos, promo_products, category_overrides or variant_groups
 * bumps the version: migration 0005). Concurrent first calls share one build; a failed build is
 * forgotten so the next call tries again. Per database, like cachedCatalogRead
 * (docs/decisions/catalog-cache.md); unlike it, no TTL: the statistics depend on nothing else.
 *
 * `staleWhileBuilding`: while a new version's model is being built, answer with the last model
 * built instead of waiting (a build takes ~8 s at 1,000,000 products; the statistics of a
 * catalog one import or one disabled product ago rank categories as well, and the products
 * offered are always read for the current version). Without a model yet, every call waits.
 */
export function catalogModelFor(
  db: Db,
  version: string,
  options: { staleWhileBuilding?: boolean } = {},
): Promise<CatalogModel> {
  const cached = models.get(db)
  if (cached && cached.version === version) {
    return options.staleWhileBuilding && cached.ready === undefined && cached.previous
      ? Promise.resolve(cached.previous)
      : cached.model
  }
  const previous = cached?.ready ?? cached?.previous
  const entry: ModelEntry = {
    version,
    model: readCatalogModel(db, version),
    previous,
  }
  models.set(db, entry)
  entry.model.then(
    (model) => {
      entry.ready = model
      entry.previous = undefined
    },
    () => {
      if (models.get(db) === entry) {
        if (entry.previous)
          models.set(db, {
            version: entry.previous.version,
            model: Promise.resolve(entry.previous),
            ready: entry.previous,
          })
        else models.delete(db)
      }
    },
  )
  return options.staleWhileBuilding && previous ? Promise.resolve(previous) : entry.model
}

/** Builds the model of the catalog as it is now (two queries). */
export async function readCatalogModel(db: Db, version: string): Promise<CatalogModel> {
  const edges = sql.raw(`array[${PRICE_BUCKET_EDGES.join(',')}]::numeric[]`)
  const [buckets, promos] = await Promise.all([
    db.execute<{
      l0: string
      l1: string | null
      l2: string | null
      l3: string | null
      bucket: number
      count: number
      min_price: number
      max_price: number
      reviews: number
      rating_weighted: number
      rated_reviews: number
      titles: string[] | null
      brands: { name: string; count: number }[] | null
    }>(sql`
      with visible as (
        select category_name as l0, category_level1 as l1, category_level2 as l2, category_level3 as l3,
               price, brand, title, coalesce(review_count, 0) as reviews, average_rating as rating,
               width_bucket(price, ${edges}) as bucket
          from products
         where not disabled and not category_hidden and not variant_secondary and withdrawn_at is null and category_name is not null
      ),
      ranked as (
        select *, row_number() over (partition by l0, l1, l2, l3, bucket order by reviews desc, title) as rn
          from visible
      ),
      brand_counts as (
        select l0, l1, l2, l3, bucket,
               json_agg(json_build_object('name', brand, 'count', n) order by n desc, brand) filter (where brand_rank <= ${BRANDS_PER_BUCKET}) as brands
          from (
            select l0, l1, l2, l3, bucket, btrim(brand) as brand, count(*)::int as n,
                   row_number() over (partition by l0, l1, l2, l3, bucket order by count(*) desc, btrim(brand)) as brand_rank
              from visible
             where brand is not null and btrim(brand) <> ''
             group by l0, l1, l2, l3, bucket, btrim(brand)
          ) b
         group by l0, l1, l2, l3, bucket
      ),
      groups as (
        select r.l0, r.l1, r.l2, r.l3, r.bucket,
               count(*)::int as count,
               min(r.price)::float8 as min_price,
               max(r.price)::float8 as max_price,
               sum(r.reviews)::float8 as reviews,
               coalesce(sum(r.rating * r.reviews) filter (where r.rating is not null), 0)::float8 as rating_weighted,
               coalesce(sum(r.reviews) filter (where r.rating is not null), 0)::float8 as rated_reviews,
               array_agg(r.title order by r.rn) filter (where r.rn <= ${TITLES_PER_BUCKET}) as titles
          from ranked r
         group by r.l0, r.l1, r.l2, r.l3, r.bucket
      )
      -- A hash join on the levels (chr(1) stands for a missing level): a subquery per group here
      -- ran the brand aggregate once per group, 250 s at 1,000,000 products.
      select g.*, bc.brands
        from groups g
        left join brand_counts bc
          on bc.l0 = g.l0 and coalesce(bc.l1, chr(1)) = coalesce(g.l1, chr(1))
         and coalesce(bc.l2, chr(1)) = coalesce(g.l2, chr(1)) and coalesce(bc.l3, chr(1)) = coalesce(g.l3, chr(1))
         and bc.bucket = g.bucket
    `),
    db.execute<{
      l0: string
      l1: string | null
      l2: string | null
      l3: string | null
      promo: string
      count: number
    }>(sql`
      select p.category_name as l0, p.category_level1 as l1, p.category_level2 as l2, p.category_level3 as l3,
             pr.name as promo, count(*)::int as count
        from promo_products pp
        join promos pr on pr.id = pp.promo_id and pr.active
        join products p on p.id = pp.product_id
       where not p.disabled and not p.category_hidden and not p.variant_secondary and p.withdrawn_at is null and p.category_name is not null
       group by 1, 2, 3, 4, 5
    `),
  ])
  const rows: CatalogBucketRow[] = buckets.rows.map((r) => ({
    levels: [r.l0, r.l1, r.l2, r.l3],
    bucket: Number(r.bucket),
    count: Number(r.count),
    minPrice: Number(r.min_price),
    maxPrice: Number(r.max_price),
    reviews: Number(r.reviews),
    ratingWeighted: Number(r.rating_weighted),
    ratedReviews: Number(r.rated_reviews),
    brands: r.brands ?? [],
    titles: r.titles ?? [],
  }))
  const promoRows: CatalogPromoRow[] = promos.rows.map((r) => ({
    levels: [r.l0, r.l1, r.l2, r.l3],
    promo: r.promo,
    count: Number(r.count),
  }))
  return buildCatalogModel(version, rows, promoRows)
}
