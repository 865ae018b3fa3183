import { GENDER_TARGETS } from './data/gift-preferences.ts'
import { ROLE_PROFILES } from './data/relationships.ts'
import { bucketInBand } from './catalog-model.ts'
import type { PersonContext } from './context.ts'
import { pathMatch, targetsMatch } from './match.ts'
import { modelIndex, promoCountsOf, readTargets } from './model-index.ts'
import { isBelow, isWithin, parentPath, pathDepth } from './paths.ts'
import { FACTORS, INTEREST_LEVEL, SIGNALS } from './weights.ts'
import type { CandidateScore, CatalogModel, CategoryStats, OccasionInput, ProfileInput, SignalKey } from './types.ts'

/** A scored candidate with the readings the reasoning and confidence need. */
export interface ScoredCandidate extends CandidateScore {
  stats: CategoryStats
  /** Score the category had before a repeat (bought last year) exclusion, for the note. */
  scoreBeforeRepeat: number
  ageFit: number
  inBudget: number
}

/** Which signals of the person speak for a candidate, for its reasoning (explain()). */
export interface Explanation {
  interests: { name: string; love: boolean; value: number }[]
  options: { says: string; kind: string; value: number }[]
  likes: number
  orders: number
}

const OPTION_KINDS = ['intelligence', 'lifestyle', 'taste', 'personality', 'giftKind', 'values'] as const

/** Records a signal's weighted contribution (if any, and when `signals` is given) and returns it. */
function put(
  signals: Partial<Record<SignalKey, number>> | null,
  key: SignalKey,
  value: number,
  scales: Record<'cat_weight' | 'occ_weight' | 'none', number>,
): number {
  if (value === 0) return 0
  const { weight, scale } = SIGNALS[key]
  const contribution = weight * scales[scale] * value
  if (signals) signals[key] = contribution
  return contribution
}

/** Share of a category's products whose price lies in the chosen budget bands (1 without a budget). */
export function budgetShare(stats: CategoryStats, budget: PersonContext['budget']): number {
  if (budget.length === 0 || stats.count === 0) return 1
  let inside = 0
  for (const bucket of stats.buckets) {
    if (budget.some((band) => bucketInBand(bucket, band))) inside += bucket.count
  }
  return inside / stats.count
}

/**
 * How much a product at `productPath` speaks for `candidate`: fully for its own category, less
 * for each level above it (0.85 per level), nothing elsewhere.
 */
export function productMatch(productPath: string, candidate: string): number {
  if (productPath === candidate) return 1
  if (isBelow(productPath, candidate)) return 0.85 ** (pathDepth(productPath) - pathDepth(candidate))
  return 0
}

/**
 * The range a bought product stands for: its category at the second level ("Hobbies::Model
 * Trains & Railway Sets" for a train set), or its top level when it has only one.
 */
export function boughtRange(boughtPath: string): string {
  return boughtPath.split('::').slice(0, 2).join('::')
}

/**
 * True when recommending `candidate` would suggest again what was bought at `boughtPath`:
 * anything in the bought range (boughtRange), so not "Model Trains > Accessories" after a train
 * set either; the top level ("Hobbies" as a whole) stays possible.
 */
export function isRepeat(boughtPath: string, candidate: string): boolean {
  return isWithin(candidate, boughtRange(boughtPath))
}

/** Noisy-OR of products' readings (productMatch × strength) into `miss` (1 - value) per candidate. */
function readProducts(
  model: CatalogModel,
  products: readonly { path: string; strength: number }[],
  miss: Float64Array,
): void {
  const { position } = modelIndex(model)
  for (const product of products) {
    for (let path: string | null = product.path; path !== null; path = parentPath(path)) {
      const i = position.get(path)
      if (i !== undefined) miss[i] = miss[i]! * (1 - product.strength * productMatch(product.path, path))
    }
  }
}

/**
 * Scores every candidate category for a person and an occasion: each signal of SIGNALS read for
 * the category, weighted and scaled, summed; then the factors (giftability, choice, budget fit,
 * partial avoid) and the exclusions (age, avoid, budget, bought for this occasion last year).
 * @returns candidates sorted by score, best first (excluded ones, score 0, last): byScore.
 */
export function scoreCandidates(
  model: CatalogModel,
  profile: ProfileInput,
  context: PersonContext,
  occasion: OccasionInput,
): ScoredCandidate[] {
  return scoreEveryCandidate(model, profile, context, occasion).sort(byScore)
}

/**
 * The order of scoreCandidates: score (highest first), then the category's popularity (highest
 * first), then its path.
 */
export function byScore(a: ScoredCandidate, b: ScoredCandidate): number {
  return candidateOrder(a.score, a.stats, b.score, b.stats)
}

/** byScore on a candidate's score and stats (its path is `stats.id`), for callers without readings. */
export function candidateOrder(aScore: number, a: CategoryStats, bScore: number, b: CategoryStats): number {
  return bScore - aScore || b.popularity - a.popularity || (a.id < b.id ? -1 : 1)
}

/**
 * Reads one candidate (by model position) for a person and an occasion: with `signals` (an empty
 * object it fills) the whole ScoredCandidate; with null only its score (0 when excluded), written
 * to `scores[i]`, without the objects and strings a reading is made of.
 */
type Evaluate = (i: number, signals: Partial<Record<SignalKey, number>> | null) => ScoredCandidate | null

/** The per-call tables of scoreEveryCandidate and candidateScores, and the one reading of a candidate. */
function candidateEvaluator(
  model: CatalogModel,
  profile: ProfileInput,
  context: PersonContext,
  occasion: OccasionInput,
  scores: Float64Array,
): Evaluate {
  const n = model.candidates.length
  const index = modelIndex(model)

  const interestMiss = new Float64Array(n).fill(1)
  for (const interest of profile.interests) {
    const level = interest.love ? INTEREST_LEVEL.love : INTEREST_LEVEL.like
    const match = readTargets(model, interest.targets)
    for (let i = 0; i < n; i++) {
      if (match[i]! > 0) interestMiss[i] = interestMiss[i]! * (1 - Math.min(1, level * match[i]!))
    }
  }
  const likeMiss = new Float64Array(n).fill(1)
  readProducts(model, context.likes, likeMiss)
  const orderMiss = new Float64Array(n).fill(1)
  readProducts(
    model,
    context.orderPaths.map((o) => ({ path: o.path, strength: 0.7 })),
    orderMiss,
  )
  const relationship = readTargets(model, context.role ? ROLE_PROFILES[context.role].targets : [])
  const gender = readTargets(model, profile.gender ? GENDER_TARGETS[profile.gender] : [])
  const occasionFit = readTargets(model, context.occasionTargets)
  // Only the kinds the profile has options of: the others would read 0 for every candidate.
  const optionReadings = OPTION_KINDS.filter((kind) => context.options.some((o) => o.kind === kind)).map((kind) => {
    const readings = context.options.filter((o) => o.kind === kind).map((o) => readTargets(model, o.targets))
    const value = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      let miss = 1
      let negative = 0
      for (const r of readings) {
        const v = r[i]!
        if (v > 0) miss *= 1 - Math.min(1, v)
        else negative += v
      }
      value[i] = 1 - miss + Math.max(-1, negative)
    }
    return { kind, value }
  })

  // One closure per call, no more: this runs for every candidate on every call, and under tsx
  // each function created here is also renamed (keepNames), which costs more than the maths.
  const scales = {
    cat_weight: occasion.catWeight,
    occ_weight: occasion.occWeight,
    none: 1,
  }
  const promoCounts = promoCountsOf(model, context.promo)
  // isRepeat for each candidate, with each bought product's range worked out once.
  const repeats = context.repeats.map((r) => ({ range: boughtRange(r.path), date: r.date }))
  const bands = context.bands
  const ageLimit = context.ageCertainty === 1 ? FACTORS.ageExcludeBelow : FACTORS.ageGuessExcludeBelow
  return (i, signals) => {
    const stats = model.candidates[i]!
    const path = stats.id
    let sum = 0
    sum += put(signals, 'interest', 1 - interestMiss[i]!, scales)
    sum += put(signals, 'like', 1 - likeMiss[i]!, scales)
    sum += put(signals, 'order', 1 - orderMiss[i]!, scales)
    let ageFit = 0
    if (bands) {
      const rule = index.ageRule[i]!
      ageFit =
        bands.toddler * (rule[0] ?? 0) +
        bands.child * (rule[1] ?? 0) +
        bands.teen * (rule[2] ?? 0) +
        bands.adult * (rule[3] ?? 0)
      sum += put(signals, 'age', ageFit * context.ageCertainty, scales)
    }
    sum += put(signals, 'relationship', relationship[i]!, scales)
    sum += put(signals, 'gender', gender[i]!, scales)
    for (const reading of optionReadings) sum += put(signals, reading.kind, reading.value[i]!, scales)
    sum += put(signals, 'occasion', occasionFit[i]!, scales)
    const promoCount = promoCounts[i]!
    // A share of 1 out of 1 product says less than 40 out of 50: shrink small counts.
    sum += put(signals, 'promo', (promoCount / Math.max(1, stats.count)) * (promoCount / (promoCount + 3)), scales)
    sum += put(signals, 'popularity', stats.popularity, scales)

    const giftability = index.giftability[i]!
    const choice = index.choice[i]!
    const inBudget = context.budget.length === 0 ? 1 : budgetShare(stats, context.budget)
    const budget =
      context.budget.length === 0 ? 1 : FACTORS.budgetFloor + (1 - FACTORS.budgetFloor) * Math.sqrt(inBudget)
    let avoid = 1
    let excluded: string | undefined
    for (const range of context.avoidExclude) {
      if (isWithin(path, range)) excluded = `avoid: ${range}`
      else if (isBelow(range, path)) avoid *= 1 - (model.nodes.get(range)?.count ?? 0) / Math.max(1, stats.count)
    }
    for (const range of context.avoidSoften) if (isWithin(path, range)) avoid *= FACTORS.avoidSoft
    avoid = Math.max(0, avoid)
    if (context.budget.length > 0 && inBudget === 0) excluded ??= 'budget: nothing in the chosen price bands'
    // The reading's wording only when it is asked for (toFixed for each excluded candidate was not free).
    if (bands && ageFit < ageLimit) excluded ??= signals ? `age: fit ${ageFit.toFixed(2)}` : 'age'

    const score = Math.max(0, sum) * giftability * choice * budget * avoid
    let repeatDate: string | undefined
    for (const repeat of repeats) if (isWithin(path, repeat.range)) repeatDate ??= repeat.date
    if (repeatDate) excluded ??= `bought for this occasion on ${repeatDate}`
    scores[i] = excluded ? 0 : score
    if (!signals) return null
    return {
      path,
      category: stats.displayName,
      stats,
      signals,
      factors: { giftability, choice, budget, avoid },
      score: excluded ? 0 : score,
      scoreBeforeRepeat: repeatDate && excluded?.startsWith('bought') ? score : 0,
      excluded,
      ageFit,
      inBudget,
    }
  }
}

/**
 * scoreCandidates in the model's order (element i is `model.candidates[i]`), every candidate read
 * in full (the recommendations' path; planPicks reads the scores alone, candidateScores).
 */
export function scoreEveryCandidate(
  model: CatalogModel,
  profile: ProfileInput,
  context: PersonContext,
  occasion: OccasionInput,
): ScoredCandidate[] {
  const n = model.candidates.length
  const evaluate = candidateEvaluator(model, profile, context, occasion, new Float64Array(n))
  const scored = new Array<ScoredCandidate>(n)
  for (let i = 0; i < n; i++) scored[i] = evaluate(i, {})!
  return scored
}

/** Every candidate's score by model position, and a candidate's full reading when it is needed. */
export interface CandidateScores {
  /** The score of candidate i (as ScoredCandidate.score: 0 when excluded). */
  score: Float64Array
  /** The ScoredCandidate of candidate i, as scoreEveryCandidate gives it; made on first call. */
  at: (i: number) => ScoredCandidate
}

/**
 * The scores of scoreEveryCandidate without reading every candidate in full (issue 20, planPicks:
 * it needs the best 16 and the candidates of the products it reads, ~20-100 of ~200). Each full
 * reading is made once, on first use, from the same arithmetic, so it equals scoreEveryCandidate's.
 */
export function candidateScores(
  model: CatalogModel,
  profile: ProfileInput,
  context: PersonContext,
  occasion: OccasionInput,
): CandidateScores {
  const n = model.candidates.length
  const score = new Float64Array(n)
  const evaluate = candidateEvaluator(model, profile, context, occasion, score)
  for (let i = 0; i < n; i++) evaluate(i, null)
  const made = new Array<ScoredCandidate | undefined>(n)
  return { score, at: (i) => (made[i] ??= evaluate(i, {})!) }
}

/**
 * The person's signals that point at one candidate, strongest first: matched interests (with
 * Love/Like), profile options, and how many liked products and past orders fall in it. Only
 * computed for the answers, for their reasoning.
 */
export function explain(
  model: CatalogModel,
  profile: ProfileInput,
  context: PersonContext,
  candidate: ScoredCandidate,
): Explanation {
  const path = candidate.path
  const interests = profile.interests
    .map((interest) => {
      let match = 0
      for (const t of interest.targets) match = Math.max(match, t.weight * pathMatch(model, t.path, path))
      return {
        name: interest.name,
        love: interest.love,
        value: (interest.love ? INTEREST_LEVEL.love : INTEREST_LEVEL.like) * match,
      }
    })
    .filter((i) => i.value > 0)
    .sort((a, b) => b.value - a.value)
  const options = context.options
    .map((o) => ({ says: o.says, kind: o.kind, value: targetsMatch(model, o.targets, path) }))
    .filter((o) => o.value > 0)
    .sort((a, b) => b.value - a.value)
  return {
    interests,
    options,
    likes: context.likes.filter((l) => productMatch(l.path, path) > 0).length,
    orders: context.orderPaths.filter((o) => productMatch(o.path, path) > 0).length,
  }
}
