import type { Db } from '@presently/db'
import {
  AppError,
  budgetSpentMessage,
  penceToPounds,
  PEOPLE_MESSAGES,
  RECOMMENDATION_MESSAGES,
  ukToday,
  type RecommendationDebug,
  type RecommendationsOutput,
} from '@presently/domain'
import { MAX_RECOMMENDATIONS, profileSummary, recommend } from '@presently/recommender'
import { catalogModelFor } from './catalog-model.ts'
import { loadRecommendationInput } from './load-recommendation-input.ts'
import { rerankWithLlm, type LlmConfig, type LlmOutcome } from './llm-rerank.ts'
import type { DataVersions } from '../auth/session.ts'

/** Candidates listed in debugInfo, the best first. */
const DEBUG_CANDIDATES = 40

export interface RecommendForPersonOptions {
  userId: number
  personId: number
  /** Occasion label or value, case-insensitive (spec account-area §7 "?occasion={label}"). */
  occasion: string
  count: number
  /** Add debugInfo; the caller decides who may have it (staff and admins). */
  debug: boolean
  /** Optional LLM re-ranking. */
  llm?: LlmConfig
  /** UK date YYYY-MM-DD (tests); today by default. */
  today?: string
  /**
   * The caller's data versions (read with the session): with them the person's input is read
   * through the per-user cache (readRecommendationInput, issue 24); the answer is computed anew.
   */
  versions?: DataVersions | null
}

const ms = (n: number) => Math.round(n * 100) / 100

/**
 * Gift-category recommendations for one of the user's people and an occasion (spec
 * account-area §3 "Recommendation response", §7 GET /api/recommendations/person/{personId};
 * issue 12). One query loads the person and the occasion (loadRecommendationInput); the catalog
 * statistics come from the per-version cache (catalogModelFor); the engine
 * (@presently/recommender) answers in well under a millisecond. With `llm`, the engine's top
 * candidates go to the model for re-ranking (llm-rerank.ts), falling back to the built-in order.
 *
 * @returns {recommendations[{category, categoryUrl, confidence, reasoning, specificProducts}],
 *   personName, metadata{processingTime (ms)}, debugInfo? (only when `debug`)}.
 * @throws AppError BAD_REQUEST `Unknown occasion "<label>"` when no occasion has that label or value;
 *   AppError NOT_FOUND "Person not found" when the person is not the user's own (or does not exist).
 */
export async function recommendForPerson(db: Db, options: RecommendForPersonOptions): Promise<RecommendationsOutput> {
  const started = performance.now()
  const today = options.today ?? ukToday()
  const input = await loadRecommendationInput(
    db,
    options.userId,
    options.personId,
    options.occasion,
    today,
    options.versions,
  )
  const queried = performance.now()
  if (!input.occasion) throw new AppError('BAD_REQUEST', RECOMMENDATION_MESSAGES.unknownOccasion(options.occasion))
  if (!input.profile) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)

  // Issue 22: the price bands keep to what is left of the budget; with nothing left, nothing is offered.
  const budget = input.budget
  const budgetOutput = budget
    ? {
        max: budget.maxPence === null ? null : penceToPounds(budget.maxPence),
        spent: penceToPounds(budget.spentPence),
        remaining: budget.remainingPence === null ? null : penceToPounds(budget.remainingPence),
        source: budget.source,
        year: budget.year,
        spentMessage:
          budget.maxPence !== null && budget.remainingPence === 0
            ? budgetSpentMessage(budget.maxPence, input.profile.name, input.occasion.label)
            : null,
      }
    : undefined
  if (budgetOutput?.spentMessage) {
    return {
      recommendations: [],
      personName: input.profile.name,
      metadata: { processingTime: ms(performance.now() - started) },
      budget: budgetOutput,
    }
  }
  // A copy: the input may be a shared cache entry (frozen).
  const profile = { ...input.profile, spendLimit: budgetOutput?.remaining ?? null }
  const model = await catalogModelFor(db, input.catalogVersion, { staleWhileBuilding: true })
  const modelled = performance.now()

  // With a model to ask, the engine picks a few more for it to choose from.
  const engineCount = options.llm ? Math.min(MAX_RECOMMENDATIONS, Math.max(options.count + 3, 6)) : options.count
  const result = recommend(profile, input.occasion, model, {
    count: engineCount,
    today,
    explainCandidates: options.debug ? DEBUG_CANDIDATES : 0,
  })
  const computed = performance.now()

  let recommendations = result.recommendations.slice(0, options.count)
  let llm: LlmOutcome | undefined
  if (options.llm && result.recommendations.length > 0) {
    llm = await rerankWithLlm(
      options.llm,
      profileSummary(profile, input.occasion, today),
      result.recommendations,
      options.count,
    )
    recommendations = llm.recommendations
  }
  const finished = performance.now()

  const output: RecommendationsOutput = {
    recommendations: recommendations.map((r) => ({
      category: r.category,
      categoryUrl: r.categoryUrl,
      confidence: r.confidence,
      signals: r.signals,
      reasoning: r.reasoning,
      specificProducts: r.specificProducts,
    })),
    personName: input.profile.name,
    metadata: { processingTime: ms(finished - started) },
    ...(budgetOutput ? { budget: budgetOutput } : {}),
  }
  if (options.debug) {
    const debugInfo: RecommendationDebug = {
      model: llm && !llm.error ? llm.model : 'built-in',
      temperature: llm?.temperature ?? null,
      maxTokens: llm?.maxTokens ?? null,
      prompts: llm?.prompts ?? null,
      rawResponse: llm?.rawResponse ?? null,
      responseTime: ms(llm ? llm.responseTime : computed - modelled),
      tokenUsage: llm?.tokenUsage ?? null,
      llmError: llm?.error ?? null,
      droppedCategories: llm?.dropped ?? [],
      timings: {
        query: ms(queried - started),
        catalog: ms(modelled - queried),
        engine: ms(computed - modelled),
        llm: ms(finished - computed),
        total: ms(finished - started),
      },
      catalogVersion: model.version,
      profile: result.profile,
      candidates: result.candidates,
    }
    output.debugInfo = debugInfo
  }
  return output
}
