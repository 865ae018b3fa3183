export { recommend, MAX_RECOMMENDATIONS } from './engine.ts'
export {
  buildCatalogModel,
  bucketRange,
  PRICE_BUCKET_EDGES,
  PRICE_BUCKET_COUNT,
  type CatalogBucketRow,
  type CatalogPromoRow,
} from './catalog-model.ts'
export { SIGNALS, FACTORS, DIVERSITY, INTEREST_LEVEL, LIKE_ASSOCIATION, PATH_MATCH } from './weights.ts'
export { CONFIDENCE, confidencePercent, evidenceSignals } from './confidence.ts'
export { categoryUrl, urlReadsBack, categoryNameKey, PATH_SEPARATOR, pathLevels } from './paths.ts'
export {
  applyLlmAnswer,
  buildLlmPrompts,
  cleanModelText,
  extractJson,
  llmAnswerSchema,
  profileSummary,
  type LlmPrompts,
} from './llm.ts'
export { RELATIONSHIP_ROLES, relationshipRole } from './data/relationships.ts'
export { plainInterest } from './reasoning.ts'
export type * from './types.ts'
export {
  planPicks,
  productPicks,
  resolvePickBudget,
  budgetFromOptions,
  productQuality,
  priceFit,
  honestyLine,
  hasTerm,
  PICK_COUNT,
  PICK_TOP_CATEGORIES,
} from './picks/picks.ts'
export { PICK_WEIGHTS, PICK_FACTORS, QUALITY } from './picks/pick-weights.ts'
export { productAgeSignal, productAgeFit, type ProductAgeSignal } from './picks/product-age.ts'
export { pickReason, pounds, type ReasonFacts } from './picks/pick-reason.ts'
export { INTEREST_TERMS, pickTermsFor, WEAK_TITLE_TERMS } from './data/pick-terms.ts'
export { applyPickLlmAnswer, buildPickLlmPrompts, pickLlmAnswerSchema, PICK_REASON_MAX } from './picks/llm-picks.ts'
export type * from './picks/types.ts'
