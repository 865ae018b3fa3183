import { and, asc, categoryKey, desc, gte, lte, products, sql, type Db, type SQL } from '@presently/db'
import { giftQuestionLine, type ProductList, type ProductListQuery } from '@presently/domain'
import { productColumns } from './product-row.ts'
import { cachedCatalogRead } from '../catalog-cache.ts'
import { getPromo } from '../promos/promos.ts'
import { primaryVariantCondition, promoCondition, resolveListingSearch, visibleCondition } from './product-filters.ts'

/**
 * One page of the catalog (spec browsing-and-purchase §7 GET /api/products, /by-category and
 * the promo listings).
 *
 * Filters: disabled products and hidden categories never appear; search per resolveSearch;
 * a search that is a gift question (parseGiftQuestion, issue 26) searches its gift words only
 * (giftQuestionWords) and adds its budget and age filters (giftQuestionConditions), and the
 * answer's giftQuestion says how it was read (null for any other listing);
 * category levels match by categoryKey (case, hyphens and "&"/"and" folded, spec §4); promoId
 * keeps a promo's products; minPrice/maxPrice are inclusive GBP bounds; without
 * includeVariants one product per variant group is listed.
 * Order: the chosen sort, else relevance for searches, the promo's order for promos, else
 * "recommended" (products.popularity: rating, reviews and sales rank; docs/decisions/default-sort.md).
 * Name sorts are case-insensitive en-GB (ICU) and ignore leading punctuation (nameSortKey).
 * "random" orders by md5(id || seed), so one seed gives one fixed order and paging never
 * repeats or skips a product. Ties break on id.
 * priceRange is the min and max price of the filtered set before the price band is applied
 * (it bounds the slider); {0, 0} when nothing matches.
 *
 * Results are memoised per catalog version (cachedCatalogRead).
 * @throws AppError NOT_FOUND "Promo not found" for a promoId of no active promo.
 *
 * @returns total and totalProducts (the same count), totalPages = ceil(total / limit).
 */
export function listProducts(db: Db, query: ProductListQuery & { promoId?: number }): Promise<ProductList> {
  return cachedCatalogRead(db, `products.list:${JSON.stringify(query)}`, (reader) => readProducts(reader, query))
}

/**
 * The name order's key (issue 14): the title without leading punctuation (cut under ICU's
 * Unicode character classes), compared with the en-GB ICU collation "presently_en_gb"
 * (migration 0007), so case does not split "The Gruffalo" from "THE PIRATE BAY". Matches the
 * expression of the index products_listing_name_idx.
 */
function nameSortKey(): SQL {
  return sql`(regexp_replace(${products.title} collate "und-x-icu", '^[^[:alnum:]]+', '') collate "presently_en_gb")`
}

async function readProducts(db: Db, query: ProductListQuery & { promoId?: number }): Promise<ProductList> {
  if (query.promoId !== undefined) await getPromo(db, query.promoId)
  const search = query.search?.trim()
  const base: SQL[] = [visibleCondition()]
  // A gift question ("gift for grandad under £20", issue 26) searches only its words about the
  // gift itself (none: the whole catalog, most popular first) within its budget and age.
  const { searchFilter, gift, conditions } = search
    ? await resolveListingSearch(db, search)
    : { searchFilter: undefined, gift: null, conditions: [] }
  base.push(...conditions)
  if (query.promoId !== undefined) base.push(promoCondition(query.promoId))
  const levels = [
    [products.categoryName, query.categoryName],
    [products.categoryLevel1, query.categoryLevel1],
    [products.categoryLevel2, query.categoryLevel2],
    [products.categoryLevel3, query.categoryLevel3],
  ] as const
  for (const [column, value] of levels) {
    if (value) base.push(sql`${categoryKey(column)} = ${categoryKey(value)}`)
  }
  if (!query.includeVariants) base.push(primaryVariantCondition())

  const band: SQL[] = []
  if (query.minPrice !== undefined) band.push(gte(products.price, query.minPrice))
  if (query.maxPrice !== undefined) band.push(lte(products.price, query.maxPrice))
  const priced = [...base, ...band]

  // One pass gives the slider's range (before the band) and the count within the band.
  const [summary] = await db
    .select({
      minPrice: sql<number>`coalesce(min(${products.price}), 0)`.mapWith(Number),
      maxPrice: sql<number>`coalesce(max(${products.price}), 0)`.mapWith(Number),
      total: (band.length ? sql<number>`count(*) filter (where ${and(...band)})` : sql<number>`count(*)`).mapWith(
        Number,
      ),
    })
    .from(products)
    .where(and(...base))
  const total = summary?.total ?? 0

  const orderBy: SQL[] = []
  switch (query.sort) {
    case 'price_asc':
      orderBy.push(asc(products.price))
      break
    case 'price_desc':
      orderBy.push(desc(products.price))
      break
    case 'name_asc':
      orderBy.push(sql`${nameSortKey()} asc`)
      break
    case 'name_desc':
      orderBy.push(sql`${nameSortKey()} desc`)
      break
    case 'random':
      orderBy.push(sql`md5(${products.id}::text || ${query.seed ?? ''})`)
      break
    case 'recommended':
      orderBy.push(sql`${products.popularity} desc nulls last`)
      break
    default:
      if (searchFilter) orderBy.push(sql`${searchFilter.rank} desc`, sql`${products.popularity} desc nulls last`)
      else if (query.promoId !== undefined)
        orderBy.push(
          sql`(select pp.position from promo_products pp where pp.promo_id = ${query.promoId} and pp.product_id = ${products.id})`,
        )
      else orderBy.push(sql`${products.popularity} desc nulls last`)
  }
  orderBy.push(asc(products.id))

  const rows =
    total === 0
      ? []
      : await db
          .select(productColumns)
          .from(products)
          .where(and(...priced))
          .orderBy(...orderBy)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)

  return {
    products: rows,
    total,
    totalProducts: total,
    totalPages: Math.ceil(total / query.limit),
    page: query.page,
    itemsPerPage: query.limit,
    priceRange: { minPrice: summary?.minPrice ?? 0, maxPrice: summary?.maxPrice ?? 0 },
    // A correction of a gift question's words alone would drop the question, so none is offered.
    suggestion: gift ? null : (searchFilter?.suggestion ?? null),
    giftQuestion: gift
      ? {
          line: giftQuestionLine(gift),
          relationship: gift.relationship,
          age: gift.age,
          occasion: gift.occasion,
          maxPrice: gift.maxPrice,
        }
      : null,
  }
}
