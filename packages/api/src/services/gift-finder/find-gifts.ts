import { perDatabase, type Db } from '@presently/db'
import {
  AppError,
  COLLECTION_COUNT,
  COLLECTION_MIN,
  GIFT_COLLECTIONS,
  FINDER_AGE_LABELS,
  FINDER_BUDGET_LABELS,
  FINDER_BUDGETS,
  FINDER_COUNT,
  FINDER_MESSAGES,
  FINDER_WHO_LABELS,
  ukToday,
  type FinderBudget,
  type GiftCollection,
  type GiftCollectionOutput,
  type GiftCollectionSummary,
  type FinderInterestOutput,
  type GiftFinderInput,
  type GiftFinderOutput,
} from '@presently/domain'
import {
  planPicks,
  plainInterest,
  productPicks,
  type OccasionInput,
  type PicksResult,
  type ProfileInput,
} from '@presently/recommender'
import { catalogModelFor } from '../recommendations/catalog-model.ts'
import { loadPickProducts, poolOf } from '../picks/load-pick-inputs.ts'
import { toPickOutput } from '../picks/product-picks-for-person.ts'

/** The source code prefix of the shop's own gift interests (packages/db/src/reference/gift-interests.ts). */
const GIFT_PREFIX = 'PRESENTLY:'

interface FinderRow {
  catalog_version: string
  occasion: { id: number; value: string; label: string; cat_weight: number; occ_weight: number } | null
  relationship: { name: string; type: string } | null
  interests: { slug: string; name: string; aliases: string[]; targets: { path: string; weight: number }[] }[]
}

/**
 * $1 occasion value or label, $2 relationship name, $3 interest source codes. One round trip: the
 * catalog version, the occasion, the relationship and the gift interests with their catalog map.
 */
const FINDER_QUERY = `
  select
    (select version::text from catalog_state where id = 1) as catalog_version,
    (select row_to_json(o) from (
       select id, value, label, cat_weight, occ_weight from occasions
        where lower(value) = lower($1) or lower(label) = lower($1)
        order by (lower(value) = lower($1)) desc, id limit 1) o) as occasion,
    (select json_build_object('name', r.name, 'type', r.type) from relationships r where r.name = $2 limit 1) as relationship,
    coalesce((
      select json_agg(json_build_object(
               'slug', substr(i.source_code, ${GIFT_PREFIX.length + 1}),
               'name', i.name,
               'aliases', coalesce(i.aliases, '{}'),
               'targets', coalesce((select json_agg(json_build_object('path', m.category_path, 'weight', m.weight))
                                      from interest_category_map m where m.source_code = i.source_code), '[]'::json)))
        from interests i where i.source_code = any($3::text[])), '[]'::json) as interests`

/** A date of birth that makes `years` on `today` (UK), half a year past the birthday. */
function dobFor(years: number, today: string): string {
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCFullYear(date.getUTCFullYear() - years)
  date.setUTCDate(date.getUTCDate() - 180)
  return date.toISOString().slice(0, 10)
}

/** "a, b and c"; "a, and b and c" when an item has its own "and" ("drawing and colouring"). */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  const serial = items.some((item) => item.includes(' and ')) ? ', and ' : ' and '
  return `${items.slice(0, -1).join(', ')}${serial}${items.at(-1)}`
}

/** Answers kept per catalog version, day and question (the engine's answer is the same all day). */
const KEPT = 1000
const keptOf = perDatabase(() => new Map<string, Promise<GiftFinderOutput>>())

/**
 * The gift finder (issue 40): products for a visitor's four quick answers, without an account.
 * The answers become a profile the picks engine reads as it reads a saved person's (the age
 * band's middle as the age, the relationship, the interests with their catalog map and aliases,
 * all loved), and the picks engine answers within the budget band with a reason for each
 * (productPicks: the adult rules of issue 43, at most two per leaf category, never filler). When
 * fewer than FINDER_COUNT.min products fit, the honesty line says so and the nearest broader
 * question that finds more is offered (the next budget band up, then one interest fewer).
 *
 * The answer depends on the catalog version, the day (the engine's daily shuffle, seeded by the
 * question) and the question alone, so the same address shows the same products to anyone all
 * day, and answers are kept per version, day and question.
 * @throws AppError BAD_REQUEST naming an unknown occasion or interest slug.
 */
export async function findGifts(
  db: Db,
  input: GiftFinderInput,
  options: { today?: string } = {},
): Promise<GiftFinderOutput> {
  const today = options.today ?? ukToday()
  const who = FINDER_WHO_LABELS[input.who]
  const { rows } = await poolOf(db).query<FinderRow>({
    name: 'presently_gift_finder_v1',
    text: FINDER_QUERY,
    values: [input.occasion, who.relationship, input.interests.map((slug) => `${GIFT_PREFIX}${slug}`)],
  })
  const row = rows[0]!
  if (!row.occasion) throw new AppError('BAD_REQUEST', FINDER_MESSAGES.unknownOccasion(input.occasion))
  const bySlug = new Map(row.interests.map((i) => [i.slug, i]))
  for (const slug of input.interests)
    if (!bySlug.has(slug)) throw new AppError('BAD_REQUEST', FINDER_MESSAGES.unknownInterest(slug))

  const key = `${row.catalog_version}|${today}|${JSON.stringify(input)}`
  const cache = keptOf(db)
  const hit = cache.get(key)
  if (hit) return hit
  if (cache.size >= KEPT) cache.clear()
  const answer = answerFor(db, input, row, bySlug, today)
  cache.set(key, answer)
  answer.catch(() => cache.delete(key))
  return answer
}

/** One question to the picks engine: the profile the answers stand for and the budget. */
interface EngineQuestion {
  relationship: { name: string; type: string } | null
  /** How reasons name the person ("your colleague"). */
  they: string
  years: number
  occasion: OccasionInput
  maxPrice: number | null
  interests: readonly FinderRow['interests'][number][]
  count: number
  seed: string
  catalogVersion: string
  today: string
}

/**
 * The picks engine's answer to a question without a saved person (the finder and the
 * collections): a profile of the relationship, an age, the interests as loved with their catalog
 * map and aliases; products read and ranked as for a person (planPicks, loadPickProducts,
 * productPicks), within `maxPrice`, seeded by the question so the same question gets the same
 * answer all day.
 */
async function askEngine(db: Db, q: EngineQuestion): Promise<PicksResult> {
  const profile: ProfileInput = {
    id: 0,
    name: q.they,
    dateOfBirth: dobFor(q.years, q.today),
    gender: null,
    relationship: q.relationship,
    selections: [],
    giftPreferences: [],
    interests: q.interests.map((interest) => ({
      name: interest.name,
      love: true,
      aliases: interest.aliases,
      targets: interest.targets.map((t) => ({ path: t.path, weight: Number(t.weight) })),
    })),
    events: [],
    likes: [],
    orders: [],
    completeness: 60,
  }
  const model = await catalogModelFor(db, q.catalogVersion, { staleWhileBuilding: true })
  const plan = planPicks(profile, q.occasion, model, q.today)
  const products = await loadPickProducts(db, {
    catalogVersion: q.catalogVersion,
    paths: plan.topPaths,
    terms: plan.terms,
    likedIds: [],
    maxPrice: q.maxPrice,
  })
  return productPicks(plan, products, {
    count: q.count,
    today: q.today,
    budget: { max: q.maxPrice, source: 'query' },
    excludedProductIds: [],
    dismissed: [],
    liked: [],
    seed: q.seed,
  })
}

const occasionInputOf = (row: NonNullable<FinderRow['occasion']>): OccasionInput => ({
  id: row.id,
  value: row.value,
  label: row.label,
  catWeight: Number(row.cat_weight) || 1,
  occWeight: Number(row.occ_weight) || 1,
})

async function answerFor(
  db: Db,
  input: GiftFinderInput,
  row: FinderRow,
  bySlug: Map<string, FinderRow['interests'][number]>,
  today: string,
): Promise<GiftFinderOutput> {
  const who = FINDER_WHO_LABELS[input.who]
  const occasion = occasionInputOf(row.occasion!)
  /** The engine's answer to one question (the asked one or a broader one). */
  const run = (budget: FinderBudget, slugs: readonly string[], count: number): Promise<PicksResult> =>
    askEngine(db, {
      relationship: row.relationship,
      they: who.they,
      years: FINDER_AGE_LABELS[input.age].years,
      occasion,
      maxPrice: FINDER_BUDGET_LABELS[budget].max,
      interests: slugs.map((slug) => bySlug.get(slug)!),
      count,
      seed: `finder:${input.who}:${input.age}:${occasion.value}:${budget}:${slugs.join(',')}`,
      catalogVersion: row.catalog_version,
      today,
    })

  const result = await run(input.budget, input.interests, input.count)
  const names = input.interests.map((slug) => bySlug.get(slug)!.name)
  const plainNames = names.map(plainInterest)
  const budgetLabel = FINDER_BUDGET_LABELS[input.budget].label

  let note: string | null = null
  let broader: GiftFinderOutput['broader'] = null
  if (result.picks.length < FINDER_COUNT.min) {
    note =
      result.picks.length === 0
        ? `The shop has nothing yet that truly suits ${who.they}'s interests (${listOf(plainNames)}) at this budget.`
        : `The shop has only ${result.picks.length} ${result.picks.length === 1 ? 'product' : 'products'} that truly ${result.picks.length === 1 ? 'suits' : 'suit'} ${who.they}'s interests (${listOf(plainNames)}) at this budget: no filler.`
    // The nearest broader question: the next budget bands up, then each interest dropped in turn.
    const tries: { budget: FinderBudget; interests: string[]; label: string }[] = []
    for (const budget of FINDER_BUDGETS.slice(FINDER_BUDGETS.indexOf(input.budget) + 1))
      tries.push({ budget, interests: input.interests, label: FINDER_BUDGET_LABELS[budget].label.toLowerCase() })
    if (input.interests.length > 1)
      for (const slug of input.interests)
        tries.push({
          budget: input.budget,
          interests: input.interests.filter((s) => s !== slug),
          label: `${budgetLabel.toLowerCase()}, without ${plainInterest(bySlug.get(slug)!.name)}`,
        })
    for (const attempt of tries) {
      const wider = await run(attempt.budget, attempt.interests, input.count)
      if (wider.picks.length > result.picks.length && wider.picks.length >= FINDER_COUNT.min) {
        broader = {
          label: attempt.label,
          query: { budget: attempt.budget, interests: attempt.interests },
          count: wider.picks.length,
        }
        break
      }
    }
  } else if (result.fewForInterests) note = result.note

  const title = `${occasion.label} gifts for ${who.they} who loves ${listOf(plainNames)}${
    FINDER_BUDGET_LABELS[input.budget].max === null ? '' : `, ${budgetLabel.toLowerCase()}`
  }`
  return {
    picks: result.picks.map((pick) => {
      const { score: _score, ...rest } = toPickOutput(pick)
      return rest
    }),
    budget: { max: FINDER_BUDGET_LABELS[input.budget].max, label: budgetLabel },
    interests: input.interests.map((slug, i) => ({ slug, name: names[i]! })),
    occasion: { value: occasion.value, label: occasion.label },
    note,
    broader,
    title,
  }
}

/**
 * The gift interests the finder offers (the shop's own, "Popular Gift Interests"), by group then
 * name, each with its slug for the address and its aliases for the search box.
 */
export async function listFinderInterests(db: Db): Promise<FinderInterestOutput[]> {
  const { rows } = await poolOf(db).query<{ slug: string; name: string; grp: string; aliases: string[] }>(
    `select substr(source_code, ${GIFT_PREFIX.length + 1}) as slug, name, subcategory as grp, coalesce(aliases, '{}') as aliases
       from interests where source_code like '${GIFT_PREFIX}%' order by subcategory, name`,
  )
  return rows.map((r) => ({ slug: r.slug, name: r.name, group: r.grp, aliases: r.aliases }))
}

/**
 * A collection's products (issue 40): its question answered by the picks engine (askEngine),
 * COLLECTION_COUNT at most; kept per catalog version and day.
 * @throws AppError NOT_FOUND "Collection not found" for an unknown slug or one with fewer than
 *   COLLECTION_MIN products in this catalog.
 */
export async function giftCollection(
  db: Db,
  slug: string,
  options: { today?: string } = {},
): Promise<GiftCollectionOutput> {
  const collection = GIFT_COLLECTIONS.find((c) => c.slug === slug)
  if (!collection) throw new AppError('NOT_FOUND', COLLECTION_NOT_FOUND)
  const picks = await collectionPicks(db, collection, options.today ?? ukToday())
  if (picks.length < COLLECTION_MIN) throw new AppError('NOT_FOUND', COLLECTION_NOT_FOUND)
  return { slug, title: collection.title, description: collection.description, picks }
}

/** The collections with at least COLLECTION_MIN products in this catalog, in GIFT_COLLECTIONS' order. */
export async function listGiftCollections(db: Db, options: { today?: string } = {}): Promise<GiftCollectionSummary[]> {
  const today = options.today ?? ukToday()
  const out: GiftCollectionSummary[] = []
  for (const collection of GIFT_COLLECTIONS) {
    const picks = await collectionPicks(db, collection, today)
    if (picks.length >= COLLECTION_MIN)
      out.push({ slug: collection.slug, title: collection.title, count: picks.length })
  }
  return out
}

const COLLECTION_NOT_FOUND = 'Collection not found'
const keptCollectionsOf = perDatabase(() => new Map<string, Promise<GiftCollectionOutput['picks']>>())

async function collectionPicks(
  db: Db,
  collection: GiftCollection,
  today: string,
): Promise<GiftCollectionOutput['picks']> {
  const { rows } = await poolOf(db).query<FinderRow>({
    name: 'presently_gift_finder_v1',
    text: FINDER_QUERY,
    values: [collection.occasion, collection.relationship, collection.interests.map((slug) => `${GIFT_PREFIX}${slug}`)],
  })
  const row = rows[0]!
  if (!row.occasion) throw new Error(`collection ${collection.slug}: unknown occasion ${collection.occasion}`)
  const key = `${row.catalog_version}|${today}|${collection.slug}`
  const cache = keptCollectionsOf(db)
  let kept = cache.get(key)
  if (!kept) {
    if (cache.size >= KEPT) cache.clear()
    const bySlug = new Map(row.interests.map((i) => [i.slug, i]))
    kept = askEngine(db, {
      relationship: row.relationship,
      they: collection.they,
      years: collection.years,
      occasion: occasionInputOf(row.occasion),
      maxPrice: collection.maxPrice,
      interests: collection.interests.flatMap((slug) => bySlug.get(slug) ?? []),
      count: COLLECTION_COUNT,
      seed: `collection:${collection.slug}`,
      catalogVersion: row.catalog_version,
      today,
    }).then((result) =>
      result.picks.map((pick) => {
        const { score: _score, ...rest } = toPickOutput(pick)
        return rest
      }),
    )
    cache.set(key, kept)
    kept.catch(() => cache.delete(key))
  }
  return kept
}
