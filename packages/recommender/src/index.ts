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
  extractJson,
  llmAnswerSchema,
  profileSummary,
  type LlmPrompts,
} from './llm.ts'
export { RELATIONSHIP_ROLES, relationshipRole } from './data/relationships.ts'
export type * from './types.ts'
