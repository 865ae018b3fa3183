import { eq, occasions, type Db } from '@presently/db'
import { AppError, PEOPLE_MESSAGES, RECOMMENDATION_MESSAGES, ukToday, type ProductPicksOutput } from '@presently/domain'
import {
  applyPickLlmAnswer,
  buildPickLlmPrompts,
  planPicks,
  productPicks,
  profileSummary,
  resolvePickBudget,
  type PicksResult,
  type ProductPick,
} from '@presently/recommender'
import { chatCompletion, type LlmConfig } from '../recommendations/llm-rerank.ts'
import { catalogModelFor } from '../recommendations/catalog-model.ts'
import type { RecommendationInput } from '../recommendations/load-recommendation-input.ts'
import { loadPickInputAndHistory, loadPickProducts } from './load-pick-inputs.ts'
import type { DataVersions } from '../auth/session.ts'

/** Who and what a budget or given-products source is asked about. */
export interface PickSubject {
  userId: number
  personId: number
  occasionId: number
}

/**
 * Other sources of a per-occasion ("event") or per-person budget and of products given, for a
 * caller that wants its own (tests, a bench). Each answers for the user's own person only. Without
 * them the picks read both from what they load anyway: the budget left for this occasion from the
 * recommendation input (issue 22's rules, gift-budget.ts) and the products given by hand from the
 * person's pick history, beside the orders.
 */
export interface PickSources {
  resolveBudget: (db: Db, subject: PickSubject) => Promise<{ max: number; source: 'event' | 'person' } | null>
  givenProductIds: (db: Db, subject: PickSubject) => Promise<readonly number[]>
}

/** What is left of the budget the recommendation input carries, in pounds (0 when it is spent). */
function budgetLeft(budget: RecommendationInput['budget']): { max: number; source: 'event' | 'person' } | null {
  if (!budget || budget.source === 'none' || budget.remainingPence === null) return null
  return { max: budget.remainingPence / 100, source: budget.source }
}

export interface ProductPicksOptions {
  userId: number
  personId: number
  /** Occasion label or value (case-insensitive), or its id. */
  occasion: string | { id: number }
  /** Picks wanted, 1..24 (the route's default is 8). */
  count: number
  /** The most to spend on one present, whole pounds; overrides every other budget. */
  maxPrice?: number
  /** UK date YYYY-MM-DD (tests); today by default. */
  today?: string
  sources?: PickSources
  /**
   * The optional model that may reorder the picks and reword their reasons (LLM_* settings;
   * reorderPicksWithLlm). Without it, or when it fails, the engine's picks stand.
   */
  llm?: LlmConfig
  /**
   * The caller's data versions (read with the session): with them the person's input and history
   * are read through the per-user cache (loadPickInputAndHistory, issue 24); picks are computed anew.
   */
  versions?: DataVersions | null
}

/**
 * The picks in the order an LLM chooses, with the reasons it rewords (issue 20: "an optional LLM
 * may only reorder the picks and reword reasons, as it does for categories"): the profile summary
 * and the picks go out through chatCompletion (timeout LLM_TIMEOUT_MS); the reply is applied by
 * applyPickLlmAnswer, so the set of products, the budget and the diversity stay the engine's and
 * a reason stating a number the engine's did not is refused. On a timeout, an error or a reply
 * that is not the expected JSON, the engine's picks are returned as they were. Never throws.
 */
export async function reorderPicksWithLlm(
  llm: LlmConfig,
  summary: string,
  result: Pick<PicksResult, 'picks' | 'budget'>,
): Promise<{ picks: ProductPick[]; error: string | null }> {
  if (result.picks.length < 2) return { picks: result.picks, error: null }
  const chat = await chatCompletion(llm, buildPickLlmPrompts(summary, result.picks, result.budget))
  if (chat.content === null) return { picks: result.picks, error: chat.error }
  try {
    return { picks: applyPickLlmAnswer(chat.content, result.picks).picks, error: null }
  } catch (err) {
    return { picks: result.picks, error: `invalid answer: ${(err as Error).message.slice(0, 300)}` }
  }
}

const ms = (n: number) => Math.round(n * 100) / 100

/**
 * Gift picks: concrete products for one of the user's people and an occasion, within budget,
 * each with its reason (issue 20; GET /api/recommendations/person/{personId}/products and tRPC
 * recommendations.productsForPerson; the reminder emails call it for their first four picks).
 *
 * Reads the person and the occasion (the category engine's query) and the user's history with
 * the person (orders, dismissals, likes) in one query, scores the catalog's categories
 * (planPicks), reads the products of the best ones and those matching the person's interest
 * terms within the budget (loadPickProducts), and ranks them (productPicks: weights, diversity,
 * exclusions, reasons; docs/decisions/gift-picks.md). With `llm`, a model may then reorder the
 * picks and reword their reasons (reorderPicksWithLlm).
 *
 * Budget: `maxPrice` ("query"), else what is left of the person's budget for this occasion
 * ("event"/"person", issue 22; `sources.resolveBudget` when given), else the profile's Budget
 * options ("options"), else none. Never offered: products clicked through for the person
 * (orders), given to them by hand (and `sources.givenProductIds`), or dismissed for them.
 *
 * @returns {picks[{product, category{name, categoryUrl}, reason, score}], budget{max, source},
 *   personName, fewForInterests, note, metadata{processingTime (ms)}}; fewer picks than `count`
 *   when fewer fit.
 * @throws AppError BAD_REQUEST `Unknown occasion "<label>"`; AppError NOT_FOUND "Person not found"
 *   when the person is not the user's own (or does not exist).
 */
export async function productPicksForPerson(db: Db, options: ProductPicksOptions): Promise<ProductPicksOutput> {
  const started = performance.now()
  const sources = options.sources
  const label = typeof options.occasion === 'string' ? options.occasion : await occasionValue(db, options.occasion.id)
  const { input, history } = await loadPickInputAndHistory(
    db,
    options.userId,
    options.personId,
    label,
    ukToday(),
    options.versions,
  )
  if (!input.occasion) throw new AppError('BAD_REQUEST', RECOMMENDATION_MESSAGES.unknownOccasion(label))
  if (!input.profile) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
  const subject = { userId: options.userId, personId: options.personId, occasionId: input.occasion.id }
  const [model, resolved, given] = await Promise.all([
    catalogModelFor(db, input.catalogVersion, { staleWhileBuilding: true }),
    options.maxPrice !== undefined ? null : sources ? sources.resolveBudget(db, subject) : budgetLeft(input.budget),
    sources ? sources.givenProductIds(db, subject) : [],
  ])
  const today = options.today ?? ukToday()
  const budget = resolvePickBudget({
    query: options.maxPrice ?? null,
    resolved,
    giftPreferences: input.profile.giftPreferences,
  })
  const plan = planPicks(input.profile, input.occasion, model, today)
  const products = await loadPickProducts(db, {
    catalogVersion: input.catalogVersion,
    paths: plan.topPaths,
    terms: plan.terms,
    likedIds: history.liked.map((l) => l.productId),
    maxPrice: budget.max,
  })
  const result: PicksResult = productPicks(plan, products, {
    count: options.count,
    today,
    budget,
    excludedProductIds: [...history.orderedProductIds, ...given],
    dismissed: history.dismissed,
    liked: history.liked,
    seed: `${options.userId}:${options.personId}:${input.occasion.id}`,
  })
  const picks = options.llm
    ? (await reorderPicksWithLlm(options.llm, profileSummary(input.profile, input.occasion, today), result)).picks
    : result.picks
  return {
    picks: picks.map(toPickOutput),
    budget: result.budget,
    personName: input.profile.name,
    fewForInterests: result.fewForInterests,
    note: result.note,
    metadata: { processingTime: ms(performance.now() - started) },
  }
}

/**
 * A pick as the API answers it (issue 20's shape): the product with its category levels (for the
 * card's illustration), the category's name and listing, the reason and the score. Shared by the
 * person's picks and the gift finder (issue 40).
 */
export function toPickOutput(pick: ProductPick): ProductPicksOutput['picks'][number] {
  const levels = pick.product.path?.split('::') ?? []
  return {
    product: {
      id: pick.product.id,
      awProductId: pick.product.awProductId,
      title: pick.product.title,
      price: pick.product.price,
      imageUrl: pick.product.imageUrl,
      brand: pick.product.brand,
      merchant: pick.product.merchant,
      rating: pick.product.rating,
      reviewCount: pick.product.reviewCount,
      productUrl: pick.product.productUrl,
      categoryName: levels[0] ?? null,
      category_level1: levels[1] ?? null,
      category_level2: levels[2] ?? null,
      category_level3: levels[3] ?? null,
    },
    category: { name: pick.category.name, categoryUrl: pick.category.url },
    reason: pick.reason,
    score: pick.score,
  }
}

/** The value of an occasion by id (the reminder emails know occasions by id). */
async function occasionValue(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ value: occasions.value }).from(occasions).where(eq(occasions.id, id))
  if (!row) throw new AppError('BAD_REQUEST', RECOMMENDATION_MESSAGES.unknownOccasion(String(id)))
  return row.value
}
