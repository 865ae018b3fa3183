import { z } from 'zod'
import { idField, numberInput, safeText } from './input.ts'
import { RECOMMENDATION_COUNT } from './recommendation-constants.ts'

/**
 * Schemas of the recommendations call (spec account-area §3 "Recommendation response", §7
 * GET /api/recommendations/person/{personId}?occasion={label}&count={n}; issue 12), shared by
 * the tRPC procedure recommendations.forPerson and the REST route.
 */

export { RECOMMENDATION_COUNT } from './recommendation-constants.ts'

export const RECOMMENDATION_MESSAGES = {
  countRange: `count must be a whole number from ${RECOMMENDATION_COUNT.min} to ${RECOMMENDATION_COUNT.max}`,
  occasionRequired: 'occasion is required',
  /** The occasion label the caller sent, as they sent it (trimmed). */
  unknownOccasion: (label: string) => `Unknown occasion "${label}"`,
} as const

const countMessage = { error: RECOMMENDATION_MESSAGES.countRange }

/** The number of answers: a whole number 1..10 (digits in a query string), default 3. */
export const recommendationCountField = numberInput(
  z
    .number(countMessage)
    .int(countMessage)
    .min(RECOMMENDATION_COUNT.min, countMessage)
    .max(RECOMMENDATION_COUNT.max, countMessage),
).prefault(RECOMMENDATION_COUNT.default)

/** The occasion's label ("Christmas", "Mother's Day") or value ("mothers-day"), case-insensitive. */
export const occasionLabelField = safeText({ max: 100 }).refine((v) => v.length > 0, {
  error: RECOMMENDATION_MESSAGES.occasionRequired,
})

/** ?debug=1 (staff and admins only; ignored for anyone else): adds debugInfo. */
export const debugFlagField = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true')

/** The query string of the REST call. */
export const recommendationsQuery = z.object({
  occasion: occasionLabelField,
  count: recommendationCountField,
  debug: debugFlagField,
})

/** Input of recommendations.forPerson. */
export const recommendationsInput = recommendationsQuery.extend({ personId: idField })
export type RecommendationsInput = z.output<typeof recommendationsInput>

/** A price band of a recommended category's real products, with brands and phrases as tags. */
export const specificProductsOutput = z.object({
  priceRange: z.string(),
  tags: z.array(z.string()),
})

/**
 * The signal families of the engine (packages/recommender SIGNALS; docs/decisions/recommendations.md
 * "The weights table"), as the answers name the ones behind them.
 */
export const RECOMMENDATION_SIGNALS = [
  'interest',
  'like',
  'order',
  'age',
  'relationship',
  'gender',
  'intelligence',
  'lifestyle',
  'taste',
  'personality',
  'giftKind',
  'values',
  'occasion',
  'promo',
  'popularity',
] as const
export type RecommendationSignal = (typeof RECOMMENDATION_SIGNALS)[number]

/** One recommended category (spec account-area §3). */
export const recommendationOutput = z.object({
  category: z.string(),
  /** The shop's own listing of the category, /category/{level0}/...; it always lists products. */
  categoryUrl: z.string(),
  /** Whole percent 0..100. */
  confidence: z.number().int().min(0).max(100),
  /**
   * Beyond the spec (issue 12 "the signals behind it"): the signal families that carried the
   * answer, strongest first; the web app shows them beside the confidence bar.
   */
  signals: z.array(z.enum(RECOMMENDATION_SIGNALS)),
  reasoning: z.string(),
  specificProducts: z.array(specificProductsOutput),
})
export type RecommendationOutput = z.infer<typeof recommendationOutput>

/** One candidate's workings in debugInfo. */
export const candidateDebugOutput = z.object({
  path: z.string(),
  category: z.string(),
  score: z.number(),
  signals: z.record(z.string(), z.number()),
  factors: z.object({ giftability: z.number(), choice: z.number(), budget: z.number(), avoid: z.number() }),
  excluded: z.string().optional(),
})

/**
 * What staff and admins get with ?debug=1 (spec account-area §3: model, temperature, maxTokens,
 * prompts, raw response, response time, token usage; only logged to the console by the web app).
 * model is "built-in" when no LLM re-ranked the answer; the LLM fields are then null.
 */
export const recommendationDebugOutput = z.object({
  model: z.string(),
  temperature: z.number().nullable(),
  maxTokens: z.number().int().nullable(),
  prompts: z.object({ system: z.string(), user: z.string() }).nullable(),
  rawResponse: z.string().nullable(),
  /** Milliseconds: the LLM's answer time, or the engine's own time for "built-in". */
  responseTime: z.number(),
  tokenUsage: z
    .object({
      promptTokens: z.number().nullable(),
      completionTokens: z.number().nullable(),
      totalTokens: z.number().nullable(),
    })
    .nullable(),
  /** Why the LLM's answer was not used (timeout, HTTP error, invalid JSON), if so. */
  llmError: z.string().nullable(),
  /** Categories the LLM named that were not among the candidates (dropped). */
  droppedCategories: z.array(z.string()),
  /** Milliseconds of each stage. */
  timings: z.object({
    query: z.number(),
    catalog: z.number(),
    engine: z.number(),
    llm: z.number(),
    total: z.number(),
  }),
  catalogVersion: z.string(),
  profile: z.object({
    age: z.number().int().nullable(),
    ageBand: z.string().nullable(),
    ageSource: z.string().nullable(),
    completeness: z.number(),
    relationshipRole: z.string().nullable(),
  }),
  /** The best-scoring candidates with each signal's weighted contribution. */
  candidates: z.array(candidateDebugOutput),
})
export type RecommendationDebug = z.infer<typeof recommendationDebugOutput>

/**
 * The person's budget for the occasion (issue 22), beyond the spec's shape: pounds; `spentMessage`
 * says the budget is spent (then no recommendation is offered over it: none at all).
 */
export const recommendationBudgetOutput = z.object({
  max: z.number().nullable(),
  spent: z.number(),
  remaining: z.number().nullable(),
  source: z.enum(['event', 'person', 'none']),
  year: z.number().int(),
  spentMessage: z.string().nullable(),
})

/** The answer of the call (spec account-area §3 "Recommendation response"). */
export const recommendationsOutput = z.object({
  recommendations: z.array(recommendationOutput),
  personName: z.string(),
  /** processingTime in milliseconds. */
  metadata: z.object({ processingTime: z.number() }),
  budget: recommendationBudgetOutput.optional(),
  debugInfo: recommendationDebugOutput.optional(),
})
export type RecommendationsOutput = z.infer<typeof recommendationsOutput>
