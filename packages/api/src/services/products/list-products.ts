import {
  and,
  asc,
  categoryKey,
  gte,
  lte,
  prepareNamed,
  products,
  queryPrepared,
  sql,
  type Db,
  type Placeholder,
  type PreparedNamed,
  type SQL,
} from '@presently/db'
import {
  giftFallbackLine,
  giftQuestionLine,
  giftQuestionAge,
  giftQuestionWords,
  parseGiftQuestion,
  type GiftQuestion,
  type ProductList,
  type ProductListQuery,
} from '@presently/domain'
import { productColumns, type ProductRow } from './product-row.ts'
import { cachedCatalogRead } from '../catalog-cache.ts'
import { getPromo } from '../promos/promos.ts'
import {
  giftQuestionConditions,
  primaryVariantCondition,
  promoCondition,
  anyVisible,
  chooseSearch,
  searchChoice,
  searchFilterOfTerms,
  searchProbe,
  searchShapeOf,
  searchTermsOf,
  visibleCondition,
  type Bound,
  type SearchShape,
  type SearchTerms,
} from './product-filters.ts'

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
 * Results are memoised per catalog version (cachedCatalogRead), and dropped again when the server
 * keeps the answer's bytes itself (AnswerBytesScope: the public read cache, issue 44).
 * @throws AppError NOT_FOUND "Promo not found" for a promoId of no active promo.
 *
 * @returns total and totalProducts (the same count), totalPages = ceil(total / limit).
 */
export function listProducts(db: Db, query: ProductListQuery & { promoId?: number }): Promise<ProductList> {
  return cachedCatalogRead(db, `products.list:${JSON.stringify(query)}`, (reader) => readProducts(reader, query), {
    wholeAnswer: true,
  })
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

type ListingQuery = ProductListQuery & { promoId?: number }

/**
 * A listing query whose values may be placeholders (Bound, for a statement built once per shape):
 * its sort and includeVariants shape the SQL text, so they stay values.
 */
type BoundListingQuery = {
  [K in Exclude<keyof ListingQuery, 'sort' | 'includeVariants'>]?: Bound<NonNullable<ListingQuery[K]>>
} & Pick<ListingQuery, 'sort' | 'includeVariants'>

/** One ORDER BY term: an expression and its direction (and, for name sorts, its collation). */
interface OrderTerm {
  expr: SQL
  direction: 'asc' | 'desc' | 'desc nulls last'
  collation?: 'presently_en_gb'
}

/** The listing's order (see listProducts), before the final tie-break on id. */
function orderTerms(query: BoundListingQuery, rank: SQL | undefined): OrderTerm[] {
  switch (query.sort) {
    case 'price_asc':
      return [{ expr: sql`${products.price}`, direction: 'asc' }]
    case 'price_desc':
      return [{ expr: sql`${products.price}`, direction: 'desc' }]
    case 'name_asc':
      return [{ expr: nameSortKey(), direction: 'asc', collation: 'presently_en_gb' }]
    case 'name_desc':
      return [{ expr: nameSortKey(), direction: 'desc', collation: 'presently_en_gb' }]
    case 'random':
      return [{ expr: sql`md5(${products.id}::text || ${query.seed ?? ''})`, direction: 'asc' }]
    case 'recommended':
      return [{ expr: sql`${products.popularity}`, direction: 'desc nulls last' }]
    default:
      if (rank)
        return [
          { expr: rank, direction: 'desc' },
          { expr: sql`${products.popularity}`, direction: 'desc nulls last' },
        ]
      if (query.promoId !== undefined)
        return [
          {
            expr: sql`(select pp.position from promo_products pp where pp.promo_id = ${query.promoId} and pp.product_id = ${products.id})`,
            direction: 'asc',
          },
        ]
      return [{ expr: sql`${products.popularity}`, direction: 'desc nulls last' }]
  }
}

/** The filters of a listing other than its search: category levels, promo, variants; and the price band. */
function listingFilters(query: BoundListingQuery): { filters: SQL[]; band: SQL[] } {
  const filters: SQL[] = []
  if (query.promoId !== undefined) filters.push(promoCondition(query.promoId))
  const levels = [
    [products.categoryName, query.categoryName],
    [products.categoryLevel1, query.categoryLevel1],
    [products.categoryLevel2, query.categoryLevel2],
    [products.categoryLevel3, query.categoryLevel3],
  ] as const
  for (const [column, value] of levels) {
    if (value) filters.push(sql`${categoryKey(column)} = ${categoryKey(value)}`)
  }
  if (!query.includeVariants) filters.push(primaryVariantCondition())
  const band: SQL[] = []
  if (query.minPrice !== undefined) band.push(gte(products.price, query.minPrice))
  if (query.maxPrice !== undefined) band.push(lte(products.price, query.maxPrice))
  return { filters, band }
}

async function readProducts(db: Db, query: ProductListQuery & { promoId?: number }): Promise<ProductList> {
  if (query.promoId !== undefined) await getPromo(db, query.promoId)
  const search = query.search?.trim()
  // A gift question ("gift for grandad under £20", issue 26) searches only its words about the
  // gift itself (none: the whole catalog, most popular first) within its budget and age.
  const gift = search ? parseGiftQuestion(search) : null
  const words = gift ? giftQuestionWords(search!) : search
  const { filters, band } = listingFilters(query)
  const base = [visibleCondition(), ...(gift ? giftQuestionConditions(gift) : []), ...filters]

  let page: ListingPage
  // The catalog's correction of a typo search (searchFilterOf's suggestion), null otherwise.
  let suggestion: string | null = null
  let fallback = false
  if (words) {
    // One statement answers a search that has matches in titles (the usual case): the page, the
    // counts and the probe of searchProbe. Only a search that needs a wider or typo-tolerant
    // filter costs a second one, and only the first time: the choice is memoised per catalog
    // version (searchChoice), so later pages, sorts and filters of it run the one statement with
    // its own filter.
    const probed: { page?: ListingPage } = {}
    const choice = await searchChoice(db, words, async (reader) => {
      const fulltext = { kind: 'fulltext' } as const
      probed.page = await readSearchPage(reader, query, gift, 'fulltext', searchTermsOf(words, fulltext), true)
      return chooseSearch(reader, words, probed.page.probe)
    })
    suggestion = choice.kind === 'typo' ? choice.suggestion : null
    page =
      probed.page && choice.kind === 'fulltext'
        ? probed.page
        : await readSearchPage(db, query, gift, searchShapeOf(choice), searchTermsOf(words, choice), false)
    // A gift question whose words the catalog has nothing for ("a present for a runner", issue
    // 43 §3) answers with its most popular gifts in its budget and age, and says so.
    if (gift && page.total === 0) {
      fallback = true
      suggestion = null
      page = await readListingPage(db, query, base, band)
    }
  } else {
    page = await readListingPage(db, query, base, band)
    fallback = !!gift?.hobby
  }

  return {
    products: page.rows,
    total: page.total,
    totalProducts: page.total,
    totalPages: Math.ceil(page.total / query.limit),
    page: query.page,
    itemsPerPage: query.limit,
    priceRange: { minPrice: page.minPrice, maxPrice: page.maxPrice },
    // A correction of a gift question's words alone would drop the question, so none is offered.
    suggestion: gift ? null : suggestion,
    giftQuestion: gift
      ? {
          line: fallback ? giftFallbackLine(gift, words!) : giftQuestionLine(gift),
          relationship: gift.relationship,
          age: gift.age,
          occasion: gift.occasion,
          maxPrice: gift.maxPrice,
        }
      : null,
  }
}

/** A page of a listing with its count and the price range of the filtered set before the band. */
interface ListingPage {
  rows: ProductRow[]
  total: number
  minPrice: number
  maxPrice: number
  /** searchProbe's answers (true and true when the statement did not probe). */
  probe: { anyHit: boolean; inTitle: boolean }
}

/**
 * A listing without a search: one pass gives the slider's range (before the band) and the count
 * within the band, a second reads the page (an index on the listing's order reads only its rows).
 */
async function readListingPage(
  db: Db,
  query: ProductListQuery & { promoId?: number },
  base: SQL[],
  band: SQL[],
): Promise<ListingPage> {
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
  const orderBy = [
    ...orderTerms(query, undefined).map((term) => sql`${term.expr} ${sql.raw(term.direction)}`),
    asc(products.id),
  ]
  const rows =
    total === 0
      ? []
      : await db
          .select(productColumns)
          .from(products)
          .where(and(...base, ...band))
          .orderBy(...orderBy)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
  return {
    rows,
    total,
    minPrice: summary?.minPrice ?? 0,
    maxPrice: summary?.maxPrice ?? 0,
    probe: { anyHit: true, inTitle: true },
  }
}

/** The product columns of the API's shape, named as productColumns names them. */
const productSelectList = sql.join(
  Object.entries(productColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
)

/**
 * A search's page, count, price range and (with `probe`) searchProbe's answers in ONE named
 * statement (issue 44): the matches are read once, narrow (id, price and the order's keys, the
 * rank among them), counted and ranked in PostgreSQL, and only the page's rows are read whole
 * (joined to products by primary key after the sort and limit).
 * Planned once per connection and shape (a named statement) instead of three statements planned
 * on every call; its text and name are built once per shape too (searchStatement), and each call
 * sends only its values (searchValues). Order as listProducts says, ties on id.
 *
 * @param gift the gift question the search is (its budget and age filters), or null.
 * @param shape the filter's shape (searchShapeOf), `terms` its values (searchTermsOf).
 */
async function readSearchPage(
  db: Db,
  query: ListingQuery,
  gift: GiftQuestion | null,
  shape: SearchShape,
  terms: SearchTerms,
  probe: boolean,
): Promise<ListingPage> {
  const key = searchStatementKey(query, gift, shape, probe)
  let statement = searchStatements.get(key)
  if (!statement) {
    statement = searchStatement(query, gift, shape, probe)
    if (searchStatements.size >= MAX_SEARCH_STATEMENTS) searchStatements.clear()
    searchStatements.set(key, statement)
  }
  const [first, ...others] = await queryPrepared<SearchPageRow>(db, statement, searchValues(query, gift, terms))
  const summary = first!
  const rows = [first!, ...others].filter((row) => row.id !== null).map(toProductRow)
  return {
    rows,
    total: Number(summary.total),
    minPrice: Number(summary.minPrice),
    maxPrice: Number(summary.maxPrice),
    probe: { anyHit: summary.anyHit, inTitle: summary.inTitle },
  }
}

/**
 * Built search statements by shape (searchStatementKey). The text depends only on the shape, so
 * entries never go stale; the bound only guards against an unforeseen number of shapes (each
 * is also a prepared statement on every pooled connection that ran it).
 */
const searchStatements = new Map<string, PreparedNamed>()
const MAX_SEARCH_STATEMENTS = 500

/**
 * What of a search listing shapes its statement's text (everything else is a value,
 * searchValues): the sort, which filters are present, the gift question's filters, the search's
 * shape and whether it probes.
 */
function searchStatementKey(
  query: ListingQuery,
  gift: GiftQuestion | null,
  shape: SearchShape,
  probe: boolean,
): string {
  const age = gift ? giftQuestionAge(gift) : null
  return [
    query.sort ?? '',
    query.promoId !== undefined ? 'promo' : '',
    query.categoryName ? 'c0' : '',
    query.categoryLevel1 ? 'c1' : '',
    query.categoryLevel2 ? 'c2' : '',
    query.categoryLevel3 ? 'c3' : '',
    query.includeVariants ? 'variants' : '',
    query.minPrice !== undefined ? 'min' : '',
    query.maxPrice !== undefined ? 'max' : '',
    gift && gift.maxPrice !== null ? 'budget' : '',
    age === null ? '' : age >= 3 ? 'age3' : 'age',
    shape,
    probe ? 'probe' : '',
  ].join('|')
}

/** The placeholders of a search statement, filled by searchValues. */
const bound = {
  search: sql.placeholder('search'),
  titleStartLike: sql.placeholder('titleStartLike'),
  suggestion: sql.placeholder('suggestion'),
  paths: sql.placeholder('paths'),
  promoId: sql.placeholder('promoId'),
  categoryName: sql.placeholder('categoryName'),
  categoryLevel1: sql.placeholder('categoryLevel1'),
  categoryLevel2: sql.placeholder('categoryLevel2'),
  categoryLevel3: sql.placeholder('categoryLevel3'),
  seed: sql.placeholder('seed'),
  minPrice: sql.placeholder('minPrice'),
  maxPrice: sql.placeholder('maxPrice'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  giftMaxPrice: sql.placeholder('giftMaxPrice'),
  giftAge: sql.placeholder('giftAge'),
} satisfies Record<string, Placeholder>

/** The values of searchStatement's placeholders for one search. */
function searchValues(
  query: ListingQuery,
  gift: GiftQuestion | null,
  terms: SearchTerms,
): Record<keyof typeof bound, unknown> {
  return {
    ...terms,
    promoId: query.promoId,
    categoryName: query.categoryName,
    categoryLevel1: query.categoryLevel1,
    categoryLevel2: query.categoryLevel2,
    categoryLevel3: query.categoryLevel3,
    seed: query.seed ?? '',
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    giftMaxPrice: gift?.maxPrice,
    giftAge: gift ? giftQuestionAge(gift) : null,
  }
}

/**
 * The search statement of a shape (searchStatementKey), its values as placeholders (bound):
 * rendered and named once (prepareNamed).
 */
function searchStatement(
  query: ListingQuery,
  gift: GiftQuestion | null,
  shape: SearchShape,
  probe: boolean,
): PreparedNamed {
  // The query's values that are present become placeholders; absent ones stay absent.
  const present = <T>(value: T | undefined, placeholder: Placeholder) => (value === undefined ? undefined : placeholder)
  const boundQuery: BoundListingQuery = {
    sort: query.sort,
    includeVariants: query.includeVariants,
    promoId: present(query.promoId, bound.promoId),
    categoryName: query.categoryName ? bound.categoryName : undefined,
    categoryLevel1: query.categoryLevel1 ? bound.categoryLevel1 : undefined,
    categoryLevel2: query.categoryLevel2 ? bound.categoryLevel2 : undefined,
    categoryLevel3: query.categoryLevel3 ? bound.categoryLevel3 : undefined,
    seed: bound.seed,
    minPrice: present(query.minPrice, bound.minPrice),
    maxPrice: present(query.maxPrice, bound.maxPrice),
  }
  const { filters } = listingFilters(boundQuery)
  const giftConditions = gift ? giftQuestionConditions(gift, { maxPrice: bound.giftMaxPrice, age: bound.giftAge }) : []
  const searchFilter = searchFilterOfTerms(shape, bound)
  const terms = orderTerms(boundQuery, searchFilter.rank)
  // The rank orders first (no other sort chosen) and has a costly part to defer: see SplitRank.
  const split = searchFilter.split && terms[0]?.expr === searchFilter.rank ? searchFilter.split : undefined
  const conditions = [visibleCondition(), ...giftConditions, ...filters, split?.condition ?? searchFilter.condition]
  const probes = probe ? searchProbe(bound.search) : undefined

  const keys = sql.join(
    terms.map((term, i) =>
      i === 0 && split
        ? sql`${split.base} as k0, ${split.lower} as k0_lower, ${split.upper} as k0_upper`
        : sql`${term.expr} as ${sql.identifier(`k${i}`)}`,
    ),
    sql`, `,
  )
  /** The order over `source` (matches, or the page's top rows), ties on id. */
  const orderOn = (source: string) =>
    sql.join(
      [
        ...terms.map(
          (term, i) =>
            sql`${sql.identifier(source)}.${sql.identifier(`k${i}`)}${term.collation ? sql` collate ${sql.identifier(term.collation)}` : sql``} ${sql.raw(term.direction)}`,
        ),
        sql`${sql.identifier(source)}.id asc`,
      ],
      sql`, `,
    )
  const bandTerms = [
    query.minPrice !== undefined ? sql`matches.price >= ${bound.minPrice}` : undefined,
    query.maxPrice !== undefined ? sql`matches.price <= ${bound.maxPrice}` : undefined,
  ].filter((c): c is SQL => c !== undefined)
  const bandOnMatches = bandTerms.length ? and(...bandTerms)! : undefined
  const whereBand = bandOnMatches ? sql`where ${bandOnMatches}` : sql``
  // The page's candidates: all matches, or with a split rank those whose upper bound reaches the
  // n-th highest lower bound (n = offset + limit; none other can be in the first n, since its
  // rank is below n ranks), their rank completed by the deferred part. Same order, same rows.
  const candidates = split
    ? sql`(select ${sql.join(
        [
          sql`matches.id`,
          sql`matches.k0 + ${split.extra} as k0`,
          ...terms.slice(1).map((_, i) => sql`matches.${sql.identifier(`k${i + 1}`)}`),
        ],
        sql`, `,
      )}
          from matches join ${products} on ${products.id} = matches.id
         where ${bandOnMatches ? sql`${bandOnMatches} and ` : sql``}matches.k0 + matches.k0_upper >= coalesce((
               select matches.k0 + matches.k0_lower from matches ${whereBand}
                order by 1 desc limit 1 offset greatest(${bound.offset}::bigint + ${bound.limit}::bigint - 1, 0)), '-infinity')) matches`
    : sql`matches ${whereBand}`
  // The probe looks up the matches' titles one by one by primary key ("offset 0" keeps the
  // planner from joining them to a scan of the whole table), stopping at the first that holds
  // the words; only when none does is the whole visible catalog asked (anyVisible).
  return prepareNamed(
    'presently_search_page',
    sql`
    with ${split ? sql`${split.with}, ` : sql``}matches as materialized (
      select ${products.id} as id, ${products.price} as price, ${keys}
        from ${products}
       where ${and(...conditions)}
    ),
    summary as (
      select coalesce(min(price), 0) as min_price, coalesce(max(price), 0) as max_price,
             ${bandOnMatches ? sql`count(*) filter (where ${bandOnMatches})` : sql`count(*)`} as total
        from matches
    )
    select summary.min_price as "minPrice", summary.max_price as "maxPrice", summary.total as "total",
           ${probes ? sql`(exists (select 1 from matches) or ${anyVisible(probes.fulltext)})` : sql`true`} as "anyHit",
           ${probes ? sql`(exists (select 1 from matches, lateral (select 1 from ${products} where ${products.id} = matches.id and ${probes.inTitle} offset 0) hit) or ${anyVisible(sql`${probes.fulltext} and ${probes.inTitle}`)})` : sql`true`} as "inTitle",
           page.*
      from summary left join lateral (
        select ${productSelectList}
          from (select * from ${candidates}
                 order by ${orderOn('matches')}
                 limit ${bound.limit} offset ${bound.offset}) top
          join ${products} on ${products.id} = top.id
         order by ${orderOn('top')}
      ) page on true`,
  )
}

/** A row of readSearchPage: the summary's columns, then a product's (all null on an empty page). */
type SearchPageRow = { minPrice: number; maxPrice: number; total: number; anyHit: boolean; inTitle: boolean } & {
  [K in keyof ProductRow]: ProductRow[K] | null
}

/** The product of a readSearchPage row (its id not null), in productColumns' order. */
function toProductRow(row: SearchPageRow): ProductRow {
  const product: Record<string, unknown> = {}
  for (const name of Object.keys(productColumns)) product[name] = row[name as keyof SearchPageRow]
  return product as ProductRow
}
