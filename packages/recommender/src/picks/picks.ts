import { personContext } from '../context.ts'
import { BUDGET_BANDS, GIFT_GROUPS } from '../data/gift-preferences.ts'
import { INTEREST_TERMS, pickTermsFor, TERM_BLIND_ROOTS } from '../data/pick-terms.ts'
import { OPTION_TARGETS } from '../data/options.ts'
import { parentPath, rootOf } from '../paths.ts'
import { plainInterest } from '../reasoning.ts'
import { explain, scoreCandidates, type Explanation, type ScoredCandidate } from '../score.ts'
import { INTEREST_LEVEL, SIGNALS } from '../weights.ts'
import type { CatalogModel, OccasionInput, ProfileInput } from '../types.ts'
import { PICK_FACTORS, PICK_WEIGHTS, QUALITY } from './pick-weights.ts'
import { productAgeFit, productAgeSignal, type ProductAgeSignal } from './product-age.ts'
import { pickReason, type ReasonFacts } from './pick-reason.ts'
import type {
  PickBudget,
  PickOptions,
  PickPlan,
  PickProduct,
  PicksResult,
  PickSignal,
  ProductPick,
  TermSource,
} from './types.ts'

/** Picks per call (issue 20: count 1..24, default 8). */
export const PICK_COUNT = { min: 1, max: 24, default: 8 } as const
/** Categories the server reads products from (the best-scoring ones). */
export const PICK_TOP_CATEGORIES = 16

/**
 * The most a profile's "Budget" gift preferences allow for one present, in pounds: the highest
 * chosen band's top ("£20 to £50" -> 50); null when none is chosen or "Over £100" is (no limit).
 */
export function budgetFromOptions(giftPreferences: readonly { group: string; option: string }[]): number | null {
  let max: number | null = null
  for (const preference of giftPreferences) {
    if (preference.group !== GIFT_GROUPS.budget) continue
    const band = BUDGET_BANDS[preference.option]
    if (!band) continue
    if (!Number.isFinite(band.max)) return null
    max = Math.max(max ?? 0, band.max)
  }
  return max
}

/**
 * Which budget applies (issue 20 "budget.source"), first found wins: the caller's `maxPrice`
 * ("query"); a resolved event or person budget (the gift-history/budgets work plugs its
 * resolver in here: `resolved` with source "event" or "person"); the profile's Budget options
 * ("options"); else no limit ("none").
 */
export function resolvePickBudget(input: {
  query?: number | null
  resolved?: { max: number; source: 'event' | 'person' } | null
  giftPreferences: readonly { group: string; option: string }[]
}): PickBudget {
  if (input.query != null) return { max: input.query, source: 'query' }
  if (input.resolved) return { max: input.resolved.max, source: input.resolved.source }
  const options = budgetFromOptions(input.giftPreferences)
  if (options !== null) return { max: options, source: 'options' }
  return { max: null, source: 'none' }
}

/**
 * The category side of the picks (issue 20): the category engine's scores of every candidate
 * for this person and occasion (score.ts, with the profile's budget bands left to the picks'
 * own budget), the best paths to read products from, and the interests and options to read
 * product terms for. Pure.
 */
export function planPicks(
  profile: ProfileInput,
  occasion: OccasionInput,
  model: CatalogModel,
  today: string,
): PickPlan {
  const unbudgeted: ProfileInput = {
    ...profile,
    giftPreferences: profile.giftPreferences.filter((g) => g.group !== GIFT_GROUPS.budget),
  }
  const context = personContext(unbudgeted, occasion, today)
  const ranked = scoreCandidates(model, unbudgeted, context, occasion)
  const scored = new Map<string, ScoredCandidate>()
  for (const candidate of ranked) scored.set(candidate.path, candidate)
  const best = Math.max(1e-9, ranked[0]?.score ?? 0)
  const topPaths = ranked
    .filter((c) => c.score > 0)
    .slice(0, PICK_TOP_CATEGORIES)
    .map((c) => c.path)

  const termSources: TermSource[] = profile.interests.map((interest) => ({
    name: interest.name,
    kind: 'interest',
    level: interest.love ? INTEREST_LEVEL.love : INTEREST_LEVEL.like,
    terms: pickTermsFor(interest.name, interest.aliases),
    says: plainInterest(interest.name),
  }))
  for (const selection of profile.selections) {
    const data = OPTION_TARGETS[selection.option]
    if (!data) continue
    // Only options listed in the term table: their label's own words ("Takes life slowly") say nothing of a product.
    const terms = INTEREST_TERMS[selection.option]
    if (terms) termSources.push({ name: selection.option, kind: 'option', level: 0.5, terms, says: data.says })
  }
  const terms = [...new Set(termSources.flatMap((s) => s.terms))]

  const bands = context.bands
  const adult = bands !== null && bands.adult >= 0.5
  const evidenceRoots = new Set<string>()
  for (const interest of profile.interests) for (const t of interest.targets) evidenceRoots.add(rootOf(t.path))
  for (const like of context.likes) evidenceRoots.add(rootOf(like.path))

  return { profile, occasion, model, context, scored, best, topPaths, termSources, terms, adult, evidenceRoots }
}

/** Lower-case words of a text, for term matching. */
function wordsOf(text: string): string {
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}+]+/gu, ' ')} `
}

/** True when `text` (wordsOf) holds the term as whole words, a single word also as its plural. */
export function hasTerm(text: string, term: string): boolean {
  if (text.includes(` ${term} `)) return true
  if (term.includes(' ')) return text.includes(` ${term}s `)
  return text.includes(` ${term}s `) || text.includes(` ${term}es `)
}

/** What productPicks reads of a product's own text, worked out once per product object. */
interface ProductText {
  /** wordsOf(title), '' for a term-blind category. */
  title: string
  titleWords: ReadonlySet<string>
  /** wordsOf(description), '' when there is none or the category is term-blind. */
  description: string
  descriptionWords: ReadonlySet<string>
  age: ProductAgeSignal
  /** significantWords(title). */
  significant: ReadonlySet<string>
  /** rangeOf(path). */
  range: string
}

/**
 * The server keeps the products it reads per catalog version (loadPickProducts) and hands the
 * same objects to every call, so their text is read once, not once per request: lower-casing and
 * splitting ~600 titles and descriptions and running the age patterns were most of a call's CPU
 * (a CPU profile of bench/picks, issue 20). A WeakMap keeps it invisible: the answer is the same.
 */
const productTexts = new WeakMap<PickProduct, ProductText>()

function productText(product: PickProduct & { path: string }): ProductText {
  let text = productTexts.get(product)
  if (!text) {
    const termBlind = TERM_BLIND_ROOTS.has(rootOf(product.path))
    const title = termBlind ? '' : wordsOf(product.title)
    const description = !termBlind && product.description ? wordsOf(product.description) : ''
    text = {
      title,
      titleWords: new Set(title.split(' ')),
      description,
      descriptionWords: new Set(description.split(' ')),
      age: productAgeSignal(product.title),
      significant: significantWords(product.title),
      range: rangeOf(product.path),
    }
    productTexts.set(product, text)
  }
  return text
}

/**
 * The person's terms by the word a text must hold (a one-word term, its plural in s and es)
 * pointing at their term sources, and the phrases (several words) apart: so a product's words are
 * looked up once each instead of every term being searched for in every text.
 */
interface TermIndex {
  sources: number
  byWord: Map<string, number[]>
  phrases: { source: number; term: string }[]
}

function indexTerms(sources: readonly TermSource[]): TermIndex {
  const byWord = new Map<string, number[]>()
  const phrases: { source: number; term: string }[] = []
  sources.forEach((source, i) => {
    for (const term of source.terms) {
      if (term.includes(' ')) {
        phrases.push({ source: i, term })
        continue
      }
      for (const word of [term, `${term}s`, `${term}es`]) {
        const list = byWord.get(word)
        if (!list) byWord.set(word, [i])
        else if (!list.includes(i)) list.push(i)
      }
    }
  })
  return { sources: sources.length, byWord, phrases }
}

/**
 * Per term source: 1 when the title holds one of its terms (hasTerm), else 0.5 when the
 * description does, else 0 (issue 20: title full, description half).
 */
function termHits(index: TermIndex, text: ProductText): TermHits {
  const values = new Float64Array(index.sources)
  markTerms(index, values, text.titleWords, text.title, 1)
  markTerms(index, values, text.descriptionWords, text.description, 0.5)
  const sources: number[] = []
  for (let i = 0; i < values.length; i++) if (values[i]! > 0) sources.push(i)
  return { values, sources: Uint32Array.from(sources) }
}

/**
 * A product's term hits for one list of term sources: the hit (1 title, 0.5 description, 0 none)
 * per source, and the sources hit in ascending order (most products hit few of a person's
 * sources, so a call visits those only).
 */
interface TermHits {
  values: Float64Array
  sources: Uint32Array
}

/**
 * The term hits of a product depend only on the product's text and the person's term lists, and
 * the same people are asked about again and again with the same product objects (kept per catalog
 * version by the server): so they are kept per list of term lists and product (a WeakMap, so a
 * product the server lets go takes its hits with it). Term matching was the largest part of a
 * call's CPU after the products' text (a CPU profile of bench/picks, issue 20). Read-only: the
 * arrays handed out are shared. At most TERM_SETS_KEPT lists are kept (then all are let go).
 */
const TERM_SETS_KEPT = 2000
const termSets = new Map<string, { index: TermIndex; hits: WeakMap<PickProduct, TermHits> }>()

function termsOf(sources: readonly TermSource[]): { index: TermIndex; hits: WeakMap<PickProduct, TermHits> } {
  const key = sources.map((s) => s.terms.join('\u0001')).join('\u0002')
  let set = termSets.get(key)
  if (!set) {
    if (termSets.size >= TERM_SETS_KEPT) termSets.clear()
    set = { index: indexTerms(sources), hits: new WeakMap() }
    termSets.set(key, set)
  }
  return set
}

function markTerms(index: TermIndex, hits: Float64Array, words: ReadonlySet<string>, full: string, value: number) {
  if (!full) return
  for (const word of words) {
    const list = index.byWord.get(word)
    if (list) for (const i of list) if (hits[i]! < value) hits[i] = value
  }
  for (const { source, term } of index.phrases) if (hits[source]! < value && hasTerm(full, term)) hits[source] = value
}

/**
 * FNV-1a over `text`, continuing from `state` (the offset basis by default): hashing a prefix
 * once and continuing from it for each suffix gives the hash of the whole text.
 */
function fnv1a(text: string, state = 0x811c9dc5): number {
  let h = state
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h
}

/** A number 0..1 fixed by a FNV-1a state: the stable daily shuffle. */
const unitOf = (state: number) => (state >>> 0) / 0x1_0000_0000

/** Bayesian quality 0..1: rating shrunk to QUALITY.meanRating, and review volume. */
export function productQuality(rating: number | null, reviews: number | null): number {
  const n = Math.max(0, reviews ?? 0)
  const r = rating ?? QUALITY.meanRating
  const bayes = (QUALITY.meanRating * QUALITY.priorReviews + r * n) / (QUALITY.priorReviews + n)
  const ratingScore = Math.min(1, Math.max(0, (bayes - 3.5) / 1.5))
  const volume = Math.log1p(n) / Math.log1p(QUALITY.fullReviews)
  return 0.65 * ratingScore + 0.35 * Math.min(1, volume)
}

/** Price fit 0..1 under a budget: full from PICK_FACTORS.priceFullAt of it, less further under. */
export function priceFit(price: number, max: number | null): number {
  if (max === null || max <= 0) return 0.5
  return Math.min(1, price / max / PICK_FACTORS.priceFullAt)
}

/** The deepest candidate category at or above a path, with its score. */
function candidateOf(plan: PickPlan, path: string): ScoredCandidate | undefined {
  for (let p: string | null = path; p !== null; p = parentPath(p)) {
    const c = plan.scored.get(p)
    if (c) return c
  }
  return undefined
}

const rangeOf = (path: string) => path.split('::').slice(0, 2).join('::')
const titleKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
/** Words that tie a product to a liked one (4 letters and more). */
const significantWords = (title: string) =>
  new Set(
    title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4),
  )

interface Scored {
  product: PickProduct
  path: string
  candidate: ScoredCandidate
  score: number
  personal: boolean
  strong: boolean
  /** What speaks for it, kept for the reason of a chosen pick. */
  evidence: {
    likedStrength: number
    neighbour: number
    neighbourTitle: string | null
    interestHits: { says: string; love: boolean; value: number }[]
    optionHits: string[]
    interestShare: number
    optionShare: number
    quality: number
  }
  forAdults: boolean
}

/** The readings of the category engine that count as option evidence for a product. */
const OPTION_SIGNALS = ['intelligence', 'lifestyle', 'taste', 'personality', 'giftKind', 'values'] as const

/**
 * Product picks for one person and occasion (issue 20), from the products the server read for a
 * plan (planPicks): each product is scored inside its category by PICK_WEIGHTS (the category's
 * score, term fit against interests and options, likes and their near neighbours, Bayesian
 * quality, price fit), × the dismissal and age factors, plus a stable daily shuffle among
 * near-ties; then chosen greedily with diversity (at most PICK_FACTORS.perLeaf per leaf
 * category, at most half per top-level category unless the person's evidence lies in one), one
 * per variant group and title. Each pick gets a plain en-GB reason (pick-reason.ts).
 *
 * Never picked: disabled, hidden, secondary-variant or out-of-stock products, products over the
 * budget, products in `excludedProductIds` (bought for or given to the person) or dismissed for
 * them, products in a category the engine excludes (age, "Please avoid", bought for this occasion
 * last year), and products whose title says they are for another age (product-age.ts). When the
 * person has interests or likes, every pick must have a personal fit: fewer picks rather than
 * filler, with `fewForInterests` and a `note` when the catalog holds little for them.
 * Pure: the same inputs (and day) give the same answer.
 */
export function productPicks(plan: PickPlan, products: readonly PickProduct[], options: PickOptions): PicksResult {
  const count = Math.min(PICK_COUNT.max, Math.max(PICK_COUNT.min, Math.floor(options.count)))
  const { context } = plan
  const excludedIds = new Set(options.excludedProductIds)
  const dismissedIds = new Set(options.dismissed.map((d) => d.productId))
  const dismissedLeaf = new Map<string, number>()
  const dismissedRange = new Map<string, number>()
  for (const d of options.dismissed) {
    if (!d.path) continue
    dismissedLeaf.set(d.path, (dismissedLeaf.get(d.path) ?? 0) + 1)
    dismissedRange.set(rangeOf(d.path), (dismissedRange.get(rangeOf(d.path)) ?? 0) + 1)
  }
  const liked = new Map(options.liked.map((l) => [l.productId, l.strength]))
  const likedWords = context.likes.map((l) => ({ ...l, words: significantWords(l.title), range: rangeOf(l.path) }))
  const hasEvidence = plan.profile.interests.length > 0 || context.likes.length > 0 || options.liked.length > 0
  const catWeight = plan.occasion.catWeight || 1
  const budgetMax = options.budget.max
  const excluded: Record<string, number> = {}
  const skip = (why: string) => {
    excluded[why] = (excluded[why] ?? 0) + 1
  }

  // What of the person points at a category, worked out once per category (not per product).
  const explanations = new Map<string, Explanation>()
  const explained = (candidate: ScoredCandidate): Explanation => {
    let e = explanations.get(candidate.path)
    if (!e) {
      e = explain(plan.model, plan.profile, context, candidate)
      explanations.set(candidate.path, e)
    }
    return e
  }

  const terms = termsOf(plan.termSources)
  // The shuffle hashes `${seed}|${today}|${product.id}`: its common prefix once.
  const shuffleState = fnv1a(`${options.seed}|${options.today}|`)
  /** Per product path: its candidate category and that category's interest and option shares (once per path). */
  const candidates = new Map<
    string,
    { candidate: ScoredCandidate; interestShare: number; optionShare: number } | null
  >()
  const scored: Scored[] = []
  const seen = new Set<number>()
  for (const product of products) {
    if (seen.has(product.id)) continue
    seen.add(product.id)
    if (product.disabled || product.hidden) {
      skip('disabled or hidden')
      continue
    }
    if (product.variantSecondary) {
      skip('not the primary variant')
      continue
    }
    if (product.inStock === false) {
      skip('out of stock')
      continue
    }
    if (!product.path) {
      skip('no category')
      continue
    }
    if (budgetMax !== null && product.price > budgetMax) {
      skip('over budget')
      continue
    }
    if (excludedIds.has(product.id)) {
      skip('bought for or given to them')
      continue
    }
    if (dismissedIds.has(product.id)) {
      skip('dismissed for them')
      continue
    }
    let found = candidates.get(product.path)
    if (found === undefined) {
      const c = candidateOf(plan, product.path)
      // The category's own interest and option readings (the interest map), for personal fit and reasons.
      let share = 0
      if (c)
        for (const kind of OPTION_SIGNALS)
          share = Math.max(share, (c.signals[kind] ?? 0) / (SIGNALS[kind].weight * catWeight))
      found = c
        ? {
            candidate: c,
            interestShare: (c.signals.interest ?? 0) / (SIGNALS.interest.weight * catWeight),
            optionShare: share,
          }
        : null
      candidates.set(product.path, found)
    }
    if (!found) {
      skip('no candidate category')
      continue
    }
    const { candidate, interestShare, optionShare } = found
    if (candidate.excluded) {
      skip(`category: ${candidate.excluded.split(':')[0]}`)
      continue
    }
    const text = productText(product as PickProduct & { path: string })
    const ageFit = productAgeFit(text.age, context.age, plan.adult, PICK_FACTORS.olderChildForAdult)
    if (ageFit === 'exclude') {
      skip('age')
      continue
    }

    // Term fit: noisy-OR over interests and options (title full, description half).
    let hits = terms.hits.get(product)
    if (!hits) {
      hits = termHits(terms.index, text)
      terms.hits.set(product, hits)
    }
    let termMiss = 1
    let titleInterestHit = false
    let titleHit = false
    const interestHits: { says: string; love: boolean; value: number }[] = []
    const optionHits: string[] = []
    const hitSources = hits.sources
    for (let k = 0; k < hitSources.length; k++) {
      const i = hitSources[k]!
      const hit = hits.values[i]!
      const source = plan.termSources[i]!
      if (hit === 1) titleHit = true
      termMiss *= 1 - source.level * hit
      if (source.kind === 'interest') {
        interestHits.push({ says: source.says, love: source.level >= 1, value: source.level * hit })
        if (hit === 1) titleInterestHit = true
      } else optionHits.push(source.says)
    }
    const termFit = 1 - termMiss

    const likedStrength = liked.get(product.id) ?? 0
    let neighbour = 0
    let neighbourTitle: string | null = null
    if (likedStrength === 0) {
      const words = text.significant
      for (const like of likedWords) {
        let value = like.path === product.path ? 0.7 : like.range === text.range ? 0.35 : 0
        let shared = 0
        for (const w of like.words) if (words.has(w)) shared++
        if (shared >= 2) value += 0.3
        value = Math.min(1, value) * like.strength
        if (value > neighbour) {
          neighbour = value
          neighbourTitle = like.title
        }
      }
    }

    const category = candidate.score / plan.best
    const quality = productQuality(product.rating, product.reviewCount)
    const price = priceFit(product.price, budgetMax)
    let score =
      PICK_WEIGHTS.category * category +
      PICK_WEIGHTS.terms * termFit +
      PICK_WEIGHTS.liked * likedStrength +
      PICK_WEIGHTS.neighbour * neighbour +
      PICK_WEIGHTS.quality * quality +
      PICK_WEIGHTS.price * price
    score *= ageFit
    // Spare parts, refills and party odds are not presents (the category engine's giftability).
    score *= candidate.factors.giftability
    if (budgetMax !== null && product.price < budgetMax * PICK_FACTORS.smallShare) score *= PICK_FACTORS.small
    if (dismissedLeaf.size > 0) {
      score *= PICK_FACTORS.dismissedLeaf ** (dismissedLeaf.get(product.path) ?? 0)
      score *= PICK_FACTORS.dismissedRange ** (dismissedRange.get(text.range) ?? 0)
    }
    score += score * PICK_FACTORS.shuffle * unitOf(fnv1a(String(product.id), shuffleState))

    // Strong: its category carries the interest, or its title names it inside a category the interest maps to.
    const strong =
      likedStrength > 0 || interestShare >= PICK_FACTORS.strongInterest || (titleInterestHit && interestShare > 0)
    // A description alone ("lovely in the garden") adds to the score but does not make a product personal.
    const personal = likedStrength > 0 || neighbour >= 0.3 || titleHit || interestShare >= 0.25 || optionShare >= 0.3
    if (hasEvidence && !personal) {
      skip('no personal fit')
      continue
    }
    // What the reason says is put together for the chosen picks only (factsOf).
    scored.push({
      product,
      path: product.path,
      candidate,
      score,
      personal,
      strong,
      evidence: {
        likedStrength,
        neighbour,
        neighbourTitle,
        interestHits,
        optionHits,
        interestShare,
        optionShare,
        quality,
      },
      forAdults: plan.adult && text.age.forAdults,
    })
  }
  scored.sort((a, b) => b.score - a.score || a.product.id - b.product.id)

  // Diversity (docs/decisions/gift-picks.md).
  const narrow = plan.evidenceRoots.size <= 1 && hasEvidence
  const perRoot = narrow ? count : Math.max(1, Math.ceil(count * PICK_FACTORS.perRootShare))
  const leafCount = new Map<string, number>()
  const rootCount = new Map<string, number>()
  const groups = new Set<number>()
  const titles = new Set<string>()
  const chosen: Scored[] = []
  for (const item of scored) {
    if (chosen.length >= count) break
    const root = rootOf(item.path)
    if ((leafCount.get(item.path) ?? 0) >= PICK_FACTORS.perLeaf) continue
    if ((rootCount.get(root) ?? 0) >= perRoot) continue
    if (item.product.variantGroupId !== null && groups.has(item.product.variantGroupId)) continue
    const key = titleKey(item.product.title)
    if (titles.has(key)) continue
    chosen.push(item)
    leafCount.set(item.path, (leafCount.get(item.path) ?? 0) + 1)
    rootCount.set(root, (rootCount.get(root) ?? 0) + 1)
    if (item.product.variantGroupId !== null) groups.add(item.product.variantGroupId)
    titles.add(key)
  }

  /** The facts a pick's reason is written from (pick-reason.ts). */
  const factsOf = (item: Scored): ReasonFacts => {
    const { product, candidate, evidence } = item
    const categoryInterests =
      evidence.interestShare >= 0.25 ? explained(candidate).interests.filter((i) => i.value >= 0.25) : []
    return {
      name: context.name,
      liked: evidence.likedStrength,
      neighbourTitle: evidence.neighbour >= 0.3 ? evidence.neighbourTitle : null,
      interests: mergeInterests(evidence.interestHits, categoryInterests),
      options: evidence.optionHits.length
        ? evidence.optionHits
        : evidence.optionShare >= 0.3
          ? explained(candidate)
              .options.filter((o) => o.value >= 0.3)
              .map((o) => o.says)
          : [],
      rating: product.rating,
      reviews: product.reviewCount,
      quality: evidence.quality,
      price: product.price,
      budget: budgetMax,
      occasion: (candidate.signals.promo ?? 0) > 0.2 || (candidate.signals.occasion ?? 0) > 0.4 ? plan.occasion : null,
      forAdults: item.forAdults,
      category: candidate.stats.displayName,
      brand: product.brand,
    }
  }
  const used = new Set<string>()
  const picks: ProductPick[] = chosen.map((item, index) => {
    const { reason, signals } = pickReason(factsOf(item), index, used)
    used.add(reason)
    return {
      product: item.product,
      category: { name: item.candidate.stats.displayName, url: item.candidate.stats.url, path: item.candidate.path },
      reason,
      score: Math.round(item.score * 1000) / 1000,
      signals: signals satisfies PickSignal[],
      personal: item.personal,
    }
  })

  const interestNames = plan.profile.interests.map((i) => plainInterest(i.name))
  const strongPicks = chosen.filter((c) => c.strong).length
  const fewForInterests = interestNames.length > 0 && strongPicks < Math.min(count, PICK_FACTORS.honestyMin)
  return {
    picks,
    budget: options.budget,
    fewForInterests,
    note: fewForInterests ? honestyLine(context.name, interestNames) : null,
    considered: products.length,
    excluded,
  }
}

/** Interests a product answers by its terms, then by its category, strongest first, once each. */
function mergeInterests(
  byTerms: readonly { says: string; love: boolean; value: number }[],
  byCategory: readonly { name: string; love: boolean; value: number }[],
): { says: string; love: boolean }[] {
  const out = new Map<string, { says: string; love: boolean; value: number }>()
  for (const hit of byTerms) out.set(hit.says, { ...hit, value: hit.value + 1 })
  for (const hit of byCategory) {
    const says = plainInterest(hit.name)
    if (!out.has(says)) out.set(says, { says, love: hit.love, value: hit.value })
  }
  return [...out.values()].sort((a, b) => b.value - a.value).map(({ says, love }) => ({ says, love }))
}

/**
 * The honesty line (issue 20 "When the catalog has little for a person"): said when the person
 * has interests and fewer than PICK_FACTORS.honestyMin picks answer them.
 */
export function honestyLine(name: string, interests: readonly string[]): string {
  const list =
    interests.length <= 1 ? (interests[0] ?? '') : `${interests.slice(0, -1).join(', ')} and ${interests.at(-1)}`
  return `The shop has few products for ${name}'s interests (${list}) yet: these are the closest real matches.`
}
