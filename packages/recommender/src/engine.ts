import { confidencePercent, evidenceSignals } from './confidence.ts'
import { contextAgeBand, personContext } from './context.ts'
import { isWithin, rootOf } from './paths.ts'
import { reasoningFor } from './reasoning.ts'
import { boughtRange, explain, scoreCandidates, type ScoredCandidate } from './score.ts'
import { diversePick } from './select.ts'
import { ADULT_CATEGORY_MATCH, INTEREST_LEVEL } from './weights.ts'
import { cachedSpecificProducts } from './specific-products.ts'
import type {
  CatalogModel,
  OccasionInput,
  ProfileInput,
  Recommendation,
  RecommendOptions,
  RecommendResult,
} from './types.ts'

/** Answers per call (spec account-area §7 asks for 3; the API allows 1..10). */
export const MAX_RECOMMENDATIONS = 10

/**
 * Recommends gift categories for one person and occasion (issue 12; spec account-area §3
 * "Recommendation response"): scores every candidate category of the catalog model with the
 * signals of SIGNALS (weights.ts), picks `count` of them with diversity (select.ts), and gives
 * each a confidence (confidence.ts), a reasoning naming its signals (reasoning.ts) and up to
 * three price bands of its real products (specific-products.ts).
 *
 * A category bought for this person for this occasion within the last year (and its narrower
 * relatives) is not suggested again; when that changed the answer, the answer from the same
 * branch (else the first) says so.
 *
 * Pure: the same inputs give the same answer. Fewer than `count` answers come back when the
 * catalog has fewer eligible categories (none for an empty catalog).
 */
export function recommend(
  profile: ProfileInput,
  occasion: OccasionInput,
  model: CatalogModel,
  options: RecommendOptions,
): RecommendResult {
  const count = Math.min(MAX_RECOMMENDATIONS, Math.max(1, Math.floor(options.count)))
  const context = personContext(profile, occasion, options.today)
  const scored = squarelyAnswered(model, profile, context, scoreCandidates(model, profile, context, occasion))
  const picks = diversePick(scored, count)

  // Did "not again" change the answer? Pick again as if the bought categories were allowed.
  let repeatNote: { display: string; root: string } | undefined
  if (context.repeats.length) {
    const unrestricted = scored
      .map((c) => (c.scoreBeforeRepeat > 0 ? { ...c, score: c.scoreBeforeRepeat } : c))
      .sort((a, b) => b.score - a.score)
    const displaced = diversePick(unrestricted, count).find((p) => p.item.scoreBeforeRepeat > 0)
    const range =
      displaced && context.repeats.map((r) => boughtRange(r.path)).find((r) => isWithin(displaced.item.path, r))
    if (range) repeatNote = { display: model.nodes.get(range)?.displayName ?? range, root: rootOf(range) }
  }
  const noteOwner = repeatNote
    ? (picks.find((p) => rootOf(p.item.path) === repeatNote.root) ?? picks[0])?.item
    : undefined

  // Shown most confident first (ties keep the pick order): a list whose percentages go up and
  // down reads as a mistake.
  const recommendations: Recommendation[] = picks.map(({ item, score }) => ({
    category: item.stats.displayName,
    path: item.path,
    categoryUrl: item.stats.url,
    confidence: confidencePercent(item.signals, context.completeness, item.factors.budget * item.factors.avoid),
    signals: evidenceSignals(item.signals),
    reasoning: reasoningFor(
      item,
      explain(model, profile, context, item),
      context,
      occasion,
      item === noteOwner ? repeatNote?.display : undefined,
    ),
    specificProducts: cachedSpecificProducts(model, item.stats, context.budget),
    score,
  }))
  recommendations.sort((a, b) => b.confidence - a.confidence)

  return {
    recommendations,
    candidates: scored.slice(0, Math.max(0, options.explainCandidates ?? 0)).map(publicScore),
    profile: {
      age: context.age,
      ageBand: contextAgeBand(context),
      ageSource: context.ageSource,
      completeness: context.completeness,
      relationshipRole: context.role,
    },
  }
}

/**
 * For an adult with interests, only the categories an interest maps squarely (at
 * ADULT_CATEGORY_MATCH and more: its target, or one level under a target at full weight) or that
 * hold a liked product (issue 43: "Darts & Accessories, 46%" for a runner, because "Running"
 * reaches a toy shop's sports toys at 0.5, is the picks' false reason in another form). Fewer
 * cards, or none, rather than filler; a child's answers and a profile without interests are as
 * before. The others stay in the list with a score of 0, so the debug candidates still show them.
 */
function squarelyAnswered(
  model: CatalogModel,
  profile: ProfileInput,
  context: ReturnType<typeof personContext>,
  scored: ScoredCandidate[],
): ScoredCandidate[] {
  const adult = context.bands !== null && context.bands.adult >= 0.5
  if (!adult || profile.interests.length === 0) return scored
  return scored.map((candidate) => {
    if (candidate.score <= 0) return candidate
    const why = explain(model, profile, context, candidate)
    const square = why.interests.some(
      (i) => i.value / (i.love ? INTEREST_LEVEL.love : INTEREST_LEVEL.like) >= ADULT_CATEGORY_MATCH,
    )
    return square || why.likes > 0 ? candidate : { ...candidate, score: 0 }
  })
}

function publicScore(candidate: ScoredCandidate): RecommendResult['candidates'][number] {
  const round = (n: number) => Math.round(n * 1000) / 1000
  return {
    path: candidate.path,
    category: candidate.category,
    signals: Object.fromEntries(Object.entries(candidate.signals).map(([k, v]) => [k, round(v)])),
    factors: {
      giftability: round(candidate.factors.giftability),
      choice: round(candidate.factors.choice),
      budget: round(candidate.factors.budget),
      avoid: round(candidate.factors.avoid),
    },
    score: round(candidate.score),
    ...(candidate.excluded ? { excluded: candidate.excluded } : {}),
  }
}
