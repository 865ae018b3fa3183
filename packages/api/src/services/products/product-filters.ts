import { and, products, queryNamed, sql, type Db, type Placeholder, type SQL } from '@presently/db'
import { giftQuestionAge, giftQuestionWords, parseGiftQuestion, type GiftQuestion } from '@presently/domain'
import { cachedCatalogRead } from '../catalog-cache.ts'
import { suggestSearch } from './search-suggestion.ts'

/**
 * A value of a search's SQL: the value itself, or a placeholder (sql.placeholder) that a statement
 * built once per shape fills on each call (issue 44: list-products.ts builds its search statement's
 * text once per shape instead of on every search).
 */
export type Bound<T> = T | Placeholder

/**
 * The values a search's filter and rank are built from (searchTermsOf): the words as typed, the
 * LIKE pattern of "the title starts with them" (titleStartPattern), the catalog's correction of a
 * typo search and the categories of a widened one.
 */
export interface SearchTerms {
  search: Bound<string>
  titleStartLike: Bound<string>
  suggestion: Bound<string | null>
  paths: Bound<string[]>
}

/** A resolved search: the predicate to filter with and the relevance to order by (higher first). */
export interface SearchFilter {
  condition: SQL
  rank: SQL
  /** "fulltext" when the words matched, "trigram" when only the typo-tolerant fallback did. */
  mode: 'fulltext' | 'trigram'
  /** The corrected query when the words matched nothing ("lgeo" -> "lego"), else null. */
  suggestion: string | null
  /** The same filter and rank with the rank's costly part deferred (SplitRank), where one exists. */
  split?: SplitRank
}

/**
 * A search whose rank is `base + extra`, where `extra` is costly per row and bounded by cheap
 * `lower` and `upper` (lower <= extra <= upper for every matching row), so that a statement can
 * rank exactly while computing `extra` only for the rows whose `base + upper` reaches the n-th
 * highest `base + lower` (issue 44: the typo search's word_similarity, about 10-20 us a title,
 * was half of a typo miss's PostgreSQL time). All four read products' columns; `condition`,
 * `lower` and `upper` read the CTE `with` declares (`name as (...)`), which the statement must
 * put first in its WITH list.
 */
export interface SplitRank {
  with: SQL
  condition: SQL
  base: SQL
  extra: SQL
  lower: SQL
  upper: SQL
}

/** Rank bonus of a product whose title holds every word of the query, whole (stemmed). */
const TITLE_WORDS_BONUS = 2
/** Rank bonus of a product whose title starts with the query. */
const TITLE_START_BONUS = 1
/** Rank bonus of a product in a category of an interest the query names ("baking"). */
const INTEREST_BONUS = 0.5

/** Whole-word (stemmed) match of `query` in the title only: the title's lexemes carry weight A. */
function titleWords(query: SQL): SQL {
  return sql`(ts_filter(${products.searchVector}, '{a}') @@ ${query})`
}

/** The LIKE pattern of titleStart: the search lower-cased, matched literally, then anything. */
export function titleStartPattern(search: string): string {
  return `${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The title starts with what was typed (case-insensitive; `pattern` from titleStartPattern). */
function titleStart(pattern: Bound<string>): SQL {
  return sql`(lower(${products.title}) like ${pattern})`
}

/**
 * The catalog categories (paths "name::level1::...") of interests the search names by name or
 * alias, where the interest answers them at weight 0.6 or more (issue 26: "baking set" finds
 * cake decorations and kitchen gadgets through the Baking interest).
 */
async function interestCategories(db: Db, search: string): Promise<string[]> {
  const words = search.toLowerCase().match(/[a-z0-9'-]+/g) ?? []
  const phrases = [
    ...new Set([search.toLowerCase().trim(), ...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)]),
  ]
  if (phrases.length === 0) return []
  const { rows } = await db.execute<{ path: string }>(sql`
    select distinct m.category_path as path
      from interests i join interest_category_map m on m.source_code = i.source_code
     where m.weight >= 0.6
       and (lower(i.name) = any(${sql.param(phrases)}::text[]) or i.aliases && ${sql.param(phrases)}::text[])`)
  return rows.map((r) => r.path)
}

/** Products under any of `paths` (a path or below it). */
function underCategories(paths: Bound<readonly string[]>): SQL {
  const path = sql`concat_ws('::', ${products.categoryName}, ${products.categoryLevel1}, ${products.categoryLevel2}, ${products.categoryLevel3})`
  return sql`(${products.categoryName} is not null and exists (select 1 from unnest(${sql.param(paths)}::text[]) p(path) where ${path} = p.path or ${path} like p.path || '::%'))`
}

/**
 * The full-text query of a search: English stemming, websearch syntax ("a b", -c, or).
 * With a placeholder (a statement built once per shape, run on PostgreSQL's generic plan) it is
 * computed once per statement, in a sub-select (issue 44): a generic plan cannot fold
 * `websearch_to_tsquery('english', $1)` into a constant, so it would parse the words again for
 * every match, in the filter and twice in the rank.
 */
function tsQueryOf(search: Bound<string>): SQL {
  return typeof search === 'string'
    ? sql`websearch_to_tsquery('english', ${search})`
    : sql`(select websearch_to_tsquery('english', ${search}::text))`
}

/**
 * The search text for pg_trgm. With a placeholder, in a sub-select (issue 44): PostgreSQL then
 * estimates `<%` alike for every search, so the typo statement's custom plans cost what its
 * generic plan does and after five runs it keeps the generic plan. With the text itself, the
 * custom plans of rare words cost less than the generic plan, so PostgreSQL planned the typo
 * statement afresh on every run (1.8-1.9 ms of planning against 1.6 ms of execution).
 */
function trigramText(search: Bound<string>): SQL {
  return typeof search === 'string' ? sql`${search}` : sql`(select ${search}::text)`
}

/**
 * The search's words against the whole document (title A, brand B, category C, description D),
 * ranked: a title holding every word whole (+2) and a title starting with the query (+1) above
 * ts_rank_cd, so "jigsaw" puts puzzles before a mask that mentions one (issue 26 item 6).
 */
export function fulltextFilter(search: string): SearchFilter {
  return fulltextFilterOf({ search, titleStartLike: titleStartPattern(search) })
}

/** fulltextFilter over SearchTerms (values or placeholders). */
function fulltextFilterOf(terms: Pick<SearchTerms, 'search' | 'titleStartLike'>): SearchFilter {
  const tsQuery = tsQueryOf(terms.search)
  const rank = sql`(case when ${titleWords(tsQuery)} then ${sql.raw(String(TITLE_WORDS_BONUS))} else 0 end + case when ${titleStart(terms.titleStartLike)} then ${sql.raw(String(TITLE_START_BONUS))} else 0 end + ts_rank_cd(${products.searchVector}, ${tsQuery}))`
  return { condition: sql`${products.searchVector} @@ ${tsQuery}`, rank, mode: 'fulltext', suggestion: null }
}

/**
 * fulltextFilter widened by the products under `paths` (categories of an interest the search
 * names, interestCategories), which rank below every full-text match that has its words in a
 * title and above description-only matches (+0.5).
 */
function widenedFilter(terms: SearchTerms): SearchFilter {
  const { condition: fulltext, rank } = fulltextFilterOf(terms)
  const inInterest = underCategories(terms.paths)
  return {
    condition: sql`(${fulltext} or ${inInterest})`,
    rank: sql`(case when ${fulltext} then ${rank} else 0 end + case when ${inInterest} then ${sql.raw(String(INTEREST_BONUS))} else 0 end)`,
    mode: 'fulltext',
    suggestion: null,
  }
}

/**
 * The typo-tolerant search, for words that match no product: pg_trgm word similarity on the
 * title (`<%`, threshold 0.6) and the catalog's correction of the words (`suggestion`, from
 * suggestSearch), whose matches join the results and rank first.
 */
function typoFilter(terms: SearchTerms, withCorrection: boolean): SearchFilter {
  const { search, suggestion } = terms
  // word_similarity (`<%`, threshold 0.6) compares the search with the closest run of words in
  // the title, so a typo of one word finds long titles; whole-title similarity (`%`) would not,
  // and its index scan rechecks far more rows on a large catalog.
  // The matches are named by id from index scans (the title's trigram index, the full-text index)
  // rather than as `<% or @@` on each row: PostgreSQL costs pg_trgm's index scan above a scan of a
  // small table, and a scan then computes word_similarity for every title (issue 44: 146 ms a
  // typo search on the shipped catalog, 2.6 ms through the indexes). Same rows either way.
  const trigramIds = sql`select typo.id from products typo where ${trigramText(search)} <% typo.title`
  const similarity = sql`word_similarity(${search}, ${products.title})`
  if (!withCorrection)
    return { condition: sql`${products.id} in (${trigramIds})`, rank: similarity, mode: 'trigram', suggestion: null }
  // With a correction, `suggestion` is its text (or a placeholder for it), never null.
  const corrected = tsQueryOf(suggestion as Bound<string>)
  const matchesCorrected = sql`${products.searchVector} @@ ${corrected}`
  const fixedIds = sql`select fixed.id from products fixed where fixed.search_vector @@ ${corrected}`
  const base = sql`case when ${matchesCorrected} then ${sql.raw(String(TITLE_WORDS_BONUS))} + case when ${titleWords(corrected)} then ${sql.raw(String(TITLE_WORDS_BONUS))} else 0 end + ts_rank_cd(${products.searchVector}, ${corrected}) else 0 end`
  // The split: a title among the trigram matches has word_similarity >= the threshold (that is
  // what `<%` asks), any other < it, and every one is within [0, 1]. The threshold is read as
  // SHOW prints it (6 significant digits), so the bounds step 1e-5 outward; unset, [0, 1].
  const threshold = sql`(select current_setting('pg_trgm.word_similarity_threshold', true)::float8)`
  const isTrigramMatch = sql`${products.id} in (select id from typo_ids)`
  return {
    condition: sql`${products.id} in (${trigramIds} union all ${fixedIds})`,
    rank: sql`(${base} + ${similarity})`,
    mode: 'trigram',
    suggestion: typeof suggestion === 'string' ? suggestion : null,
    split: {
      with: sql`typo_ids as materialized (${trigramIds})`,
      condition: sql`${products.id} in (select id from typo_ids union all ${fixedIds})`,
      base,
      extra: similarity,
      lower: sql`case when ${isTrigramMatch} then coalesce(${threshold} - 1e-5, 0) else 0 end`,
      upper: sql`case when ${isTrigramMatch} then 1 else coalesce(${threshold} + 1e-5, 1) end`,
    },
  }
}

/**
 * What decides which filter a search gets (refineSearch), as row conditions over products: the
 * words match (`fulltext`), and a title holds them all (`inTitle`, to AND with fulltext). The
 * questions are asked of the whole visible catalog, whatever else a listing filters.
 */
export function searchProbe(search: Bound<string>): { fulltext: SQL; inTitle: SQL } {
  const tsQuery = tsQueryOf(search)
  return { fulltext: sql`${products.searchVector} @@ ${tsQuery}`, inTitle: titleWords(tsQuery) }
}

/**
 * "Does any visible product satisfy `condition`?" as a count, not EXISTS: under EXISTS (a LIMIT
 * 1) the planner may scan the table in its own order hoping to stop early, which for a rare word
 * reads every row; a count reads the full-text index's matches.
 */
export function anyVisible(condition: SQL): SQL {
  return sql`((select count(*) from ${products} where ${visibleCondition()} and ${condition}) > 0)`
}

/**
 * Which filter a search gets (issue 26 item 6), as data that depends only on the search's words
 * and the catalog (so it is memoised per catalog version: searchChoice): the full-text one when
 * a title holds the words; widened by the categories of an interest the search names (name or
 * alias, e.g. "baking") when only descriptions and the like do; the typo-tolerant one with the
 * catalog's correction (or none) when nothing matches.
 */
export type SearchChoice =
  { kind: 'fulltext' } | { kind: 'widened'; paths: string[] } | { kind: 'typo'; suggestion: string | null }

/** The SearchChoice of `search` once searchProbe has answered `probe` (reads interests or the vocabulary). */
export async function chooseSearch(
  db: Db,
  search: string,
  probe: { anyHit: boolean; inTitle: boolean },
): Promise<SearchChoice> {
  if (!probe.anyHit) return { kind: 'typo', suggestion: await suggestSearch(db, search) }
  if (probe.inTitle) return { kind: 'fulltext' }
  const paths = await interestCategories(db, search)
  return paths.length === 0 ? { kind: 'fulltext' } : { kind: 'widened', paths }
}

/** The filter of `search` under `choice` (chooseSearch). */
export function searchFilterOf(search: string, choice: SearchChoice): SearchFilter {
  return searchFilterOfTerms(searchShapeOf(choice), searchTermsOf(search, choice))
}

/**
 * What of a SearchChoice shapes its SQL text (the rest are values, SearchTerms): the kind, and for
 * a typo search whether it has a correction.
 */
export type SearchShape = 'fulltext' | 'widened' | 'typo' | 'typo-corrected'

/** The SearchShape of `choice`. */
export function searchShapeOf(choice: SearchChoice): SearchShape {
  return choice.kind === 'typo' ? (choice.suggestion === null ? 'typo' : 'typo-corrected') : choice.kind
}

/** The SearchTerms of `search` under `choice` as values (unused terms empty). */
export function searchTermsOf(search: string, choice: SearchChoice): SearchTerms {
  return {
    search,
    titleStartLike: titleStartPattern(search),
    suggestion: choice.kind === 'typo' ? choice.suggestion : null,
    paths: choice.kind === 'widened' ? choice.paths : [],
  }
}

/**
 * The filter of a search of `shape` over `terms`: with values, searchFilterOf's; with
 * placeholders, the same SQL for any search of that shape (its `suggestion` then null: the
 * caller knows it from the choice).
 */
export function searchFilterOfTerms(shape: SearchShape, terms: SearchTerms): SearchFilter {
  switch (shape) {
    case 'fulltext':
      return fulltextFilterOf(terms)
    case 'widened':
      return widenedFilter(terms)
    case 'typo':
    case 'typo-corrected':
      return typoFilter(terms, shape === 'typo-corrected')
  }
}

/**
 * The SearchChoice of `search`, memoised per catalog version and search text (cachedCatalogRead,
 * issue 44): `decide` finds it on a miss (it runs searchProbe's questions, alone or inside a
 * listing's own statement, then chooseSearch). A search whose choice is known then runs one
 * statement with the right filter instead of a probe first: a misspelt search's listing costs
 * one statement, not the probe, the vocabulary queries and the listing.
 */
export function searchChoice(db: Db, search: string, decide: (db: Db) => Promise<SearchChoice>): Promise<SearchChoice> {
  return cachedCatalogRead(db, `search.choice:${search}`, decide)
}

/**
 * Resolves a shopper's search (spec browsing-and-purchase §7 "search"; issue 26 item 6) into
 * the predicate and rank a listing uses: PostgreSQL full-text search with English stemming and
 * websearch syntax over title (weight A), brand (B), category (C) and description (D)
 * (fulltextFilter); when no title holds the words, products in the categories of an interest the
 * search names join the results, ranked above description-only matches; when no visible product
 * matches the words, pg_trgm word similarity on the title with a suggestion from the catalog's
 * vocabulary (chooseSearch). One probe statement (searchProbe) decides, once per catalog version
 * (searchChoice); the product listing folds that probe into its own statement instead
 * (list-products.ts).
 */
export async function resolveSearch(db: Db, search: string): Promise<SearchFilter> {
  const choice = await searchChoice(db, search, async (reader) => {
    const probe = searchProbe(search)
    const [row] = await queryNamed<{ any_hit: boolean; in_title: boolean }>(
      reader,
      'presently_search_probe',
      sql`select ${anyVisible(probe.fulltext)} as any_hit, ${anyVisible(sql`${probe.fulltext} and ${probe.inTitle}`)} as in_title`,
    )
    return chooseSearch(reader, search, { anyHit: row?.any_hit ?? false, inTitle: row?.in_title ?? false })
  })
  return searchFilterOf(search, choice)
}

/** Products a shopper may see: enabled, not in a hidden category, still sold by their feed (issue 39). */
export function visibleCondition(): SQL {
  return sql`(not ${products.disabled} and not ${products.categoryHidden} and ${products.withdrawnAt} is null)`
}

/** Products that are in promo `promoId` (spec browsing-and-purchase §7 promo listings). */
export function promoCondition(promoId: Bound<number>): SQL {
  return sql`exists (select 1 from promo_products pp where pp.promo_id = ${promoId} and pp.product_id = ${products.id})`
}

/** One product per variant group (its primary) unless variants are asked for. */
export function primaryVariantCondition(): SQL {
  return sql`not ${products.variantSecondary}`
}

/** Titles naming a baby or toddler product: "Baby", "Toddler", "Infant", "Newborn", "18 months". */
const BABY_TITLE = String.raw`\m(babys?|babies|toddlers?|infants?|newborns?)\M|\m\d+\s*months?\M`
/** A top-level category of baby and toddler products ("Baby & Toddler Toys"). */
const BABY_CATEGORY = String.raw`\m(baby|toddler)`
/** "Ages 3-5", "age 6 to 8" (from, to). */
const AGES_RANGE = String.raw`\mages?\s*(\d{1,2})\s*(?:-|to)\s*(\d{1,2})`
/** "4-6 years", "10 - 12 yrs" (from, to). */
const YEARS_RANGE = String.raw`\m(\d{1,2})\s*(?:-|to)\s*(\d{1,2})\s*(?:years?|yrs?)`
/** "Age 5+", "8+ years" (from). */
const FROM_AGE = String.raw`\mages?\s*(\d{1,2})\s*\+|\m(\d{1,2})\s*\+\s*(?:years?|yrs?)`

/**
 * The filters a gift question adds to a listing (issue 26 item 6; docs/decisions/gift-questions.md):
 * the budget (price at most maxPrice GBP); for a known age (the age said, or 18 for a grown-up
 * relationship, giftQuestionAge) no title naming an age range that leaves it out ("Ages 3-5",
 * "4-6 years", "Age 12+"); from age 3 (and for a grown-up) no baby or toddler products by title
 * or top-level category ("Baby & Toddler Toys").
 * The catalog says ages only in some titles; products that say none stay.
 * `bound` puts placeholders in place of the budget and age (a statement built once per shape,
 * list-products.ts); the question still decides which conditions there are.
 */
export function giftQuestionConditions(
  question: GiftQuestion,
  bound: { maxPrice?: Bound<number>; age?: Bound<number> } = {},
): SQL[] {
  const conditions: SQL[] = []
  if (question.maxPrice !== null) conditions.push(sql`${products.price} <= ${bound.maxPrice ?? question.maxPrice}`)
  const age = giftQuestionAge(question)
  if (age !== null) {
    const years = sql`${bound.age ?? age}::int`
    conditions.push(
      sql`not exists (select 1 from regexp_matches(${products.title}, ${AGES_RANGE}, 'gi') m(g) where ${years} not between g[1]::int and g[2]::int)`,
      sql`not exists (select 1 from regexp_matches(${products.title}, ${YEARS_RANGE}, 'gi') m(g) where ${years} not between g[1]::int and g[2]::int)`,
      sql`not exists (select 1 from regexp_matches(${products.title}, ${FROM_AGE}, 'gi') m(g) where ${years} < coalesce(g[1], g[2])::int)`,
    )
    if (age >= 3)
      conditions.push(
        sql`not (${products.title} ~* ${BABY_TITLE})`,
        sql`not coalesce(${products.categoryName} ~* ${BABY_CATEGORY}, false)`,
      )
  }
  return conditions
}

/** A shopper's search read for a listing: its text search (if any words) and its gift question. */
export interface ListingSearch {
  /** The text search; undefined when a gift question names no gift words (all products). */
  searchFilter: SearchFilter | undefined
  /** The gift question the search is (parseGiftQuestion), else null. */
  gift: GiftQuestion | null
  /** Every condition the search adds: the text search's and the gift question's. */
  conditions: SQL[]
}

/**
 * Reads a search for the product listing and its category counts alike (issue 26): a gift
 * question ("gift for grandad under £20") searches only its words about the gift itself
 * (giftQuestionWords; none: every product) and adds giftQuestionConditions; any other search is
 * resolveSearch's.
 */
export async function resolveListingSearch(db: Db, search: string): Promise<ListingSearch> {
  const gift = parseGiftQuestion(search)
  const words = gift ? giftQuestionWords(search) : search
  const searchFilter = words ? await resolveSearch(db, words) : undefined
  const conditions = [...(searchFilter ? [searchFilter.condition] : []), ...(gift ? giftQuestionConditions(gift) : [])]
  return { searchFilter, gift, conditions }
}

/** All of `conditions` (true when there are none). */
export function allOf(conditions: readonly SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : and(...conditions)!
}
