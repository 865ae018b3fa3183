import { personContext } from '../context.ts'
import { BUDGET_BANDS, GIFT_GROUPS } from '../data/gift-preferences.ts'
import { INTEREST_TERMS, pickTermsFor, TERM_BLIND_ROOTS, WEAK_TITLE_TERMS } from '../data/pick-terms.ts'
import { OPTION_TARGETS } from '../data/options.ts'
import { parentPath, rootOf } from '../paths.ts'
import { plainInterest } from '../reasoning.ts'
import { mappingStrength } from '../match.ts'
import { candidateOrder, candidateScores, explain, type Explanation, type ScoredCandidate } from '../score.ts'
import { modelIndex } from '../model-index.ts'
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
  // Every candidate's score by its position in the model; only the best PICK_TOP_CATEGORIES are
  // needed in order, so they are taken from a heap (in byScore's order, as scoreCandidates sorts),
  // and a candidate is read in full only when a product of it is scored (candidateScores).
  const scores = candidateScores(model, unbudgeted, context, occasion)
  const { score } = scores
  const { candidates } = model
  const positive: number[] = []
  for (let i = 0; i < score.length; i++) if (score[i]! > 0) positive.push(i)
  const topPaths: string[] = []
  let best = 1e-9
  for (const i of bestFirst(positive, (a, b) => candidateOrder(score[a]!, candidates[a]!, score[b]!, candidates[b]!))) {
    if (topPaths.length === 0) best = Math.max(best, score[i]!)
    if (topPaths.length >= PICK_TOP_CATEGORIES) break
    topPaths.push(candidates[i]!.id)
  }

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

  return {
    profile,
    occasion,
    model,
    context,
    candidateAt: scores.at,
    best,
    topPaths,
    termSources,
    terms,
    adult,
    evidenceRoots,
  }
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

/**
 * What productPicks reads of a product beside the product itself, worked out once per product
 * object: its text for term matching, what its title says of age (inline, ProductAgeSignal) and
 * its Bayesian quality. One flat object, so the scoring loop reaches everything static about a
 * product through one lookup (productText).
 */
interface ProductText extends ProductAgeSignal {
  /** wordsOf(title), '' for a term-blind category. */
  title: string
  titleWords: ReadonlySet<string>
  /** wordsOf(description), '' when there is none or the category is term-blind. */
  description: string
  descriptionWords: ReadonlySet<string>
  /** significantWords(title). */
  significant: ReadonlySet<string>
  /** rangeOf(path). */
  range: string
  /** titleKey(title): one pick per normalised title. */
  titleKey: string
  /** productQuality(rating, reviewCount). */
  quality: number
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
    const age = productAgeSignal(product.title, product.brand)
    text = {
      title,
      titleWords: new Set(title.split(' ')),
      description,
      descriptionWords: new Set(description.split(' ')),
      minAge: age.minAge,
      maxAge: age.maxAge,
      babyOrToddler: age.babyOrToddler,
      childCostume: age.childCostume,
      forAdults: age.forAdults,
      forChildren: age.forChildren,
      childrensToy: age.childrensToy,
      significant: significantWords(product.title),
      range: rangeOf(product.path),
      titleKey: titleKey(product.title),
      quality: productQuality(product.rating, product.reviewCount),
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
  /** Words of WEAK_TITLE_TERMS (and their plurals) by the sources that hold them. */
  weakByWord: Map<string, number[]>
  phrases: { source: number; term: string; weak: boolean }[]
}

function indexTerms(sources: readonly TermSource[]): TermIndex {
  const byWord = new Map<string, number[]>()
  const weakByWord = new Map<string, number[]>()
  const phrases: { source: number; term: string; weak: boolean }[] = []
  sources.forEach((source, i) => {
    for (const term of source.terms) {
      const weak = WEAK_TITLE_TERMS.has(term)
      if (term.includes(' ')) {
        phrases.push({ source: i, term, weak })
        continue
      }
      const into = weak ? weakByWord : byWord
      for (const word of [term, `${term}s`, `${term}es`]) {
        const list = into.get(word)
        if (!list) into.set(word, [i])
        else if (!list.includes(i)) list.push(i)
      }
    }
  })
  return { sources: sources.length, byWord, weakByWord, phrases }
}

/**
 * A product's term hits for one list of term sources, as pairs in one array: [source, hit, source,
 * hit, ...] with the sources hit in ascending order, hit 1 when the title holds one of the
 * source's terms (hasTerm), else WEAK_TITLE_HIT when the title holds only a word of WEAK_TITLE_TERMS
 * (issue 43: evidence only inside a category the interest maps to), else 0.5 when the
 * description does (issue 20: title full, description half). Most products hit none of a
 * person's sources and share NO_HITS.
 */
type TermHits = Float64Array

const NO_HITS: TermHits = new Float64Array(0)

/**
 * A title hit on a weak term only (WEAK_TITLE_TERMS): between a description's 0.5 and a title's
 * 1, so productPicks can tell it apart; it scores as a description unless the product's category
 * is one the interest maps to.
 */
const WEAK_TITLE_HIT = 0.75

function termHits(index: TermIndex, text: ProductText): TermHits {
  const values = new Float64Array(index.sources)
  markTerms(index, values, text.titleWords, text.title, 1, WEAK_TITLE_HIT)
  markTerms(index, values, text.descriptionWords, text.description, 0.5, 0.5)
  const pairs: number[] = []
  for (let i = 0; i < values.length; i++) if (values[i]! > 0) pairs.push(i, values[i]!)
  return pairs.length ? Float64Array.from(pairs) : NO_HITS
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

/** The term sets' hits for a whole block (blockHits): product i's pairs are pairs[offsets[i]..offsets[i + 1]). */
interface BlockHits {
  offsets: Int32Array
  pairs: Float64Array
}

interface TermSet {
  index: TermIndex
  hits: WeakMap<PickProduct, TermHits>
  blocks: WeakMap<ProductBlock, BlockHits>
}

const termSets = new Map<string, TermSet>()

function termsOf(sources: readonly TermSource[]): TermSet {
  const key = sources.map((s) => s.terms.join('\u0001')).join('\u0002')
  let set = termSets.get(key)
  if (!set) {
    if (termSets.size >= TERM_SETS_KEPT) termSets.clear()
    set = { index: indexTerms(sources), hits: new WeakMap(), blocks: new WeakMap() }
    termSets.set(key, set)
  }
  return set
}

/** The term hits of every scorable product of a block, in one pair of arrays (kept per term set and block). */
function blockHits(set: TermSet, block: ProductBlock): BlockHits {
  let kept = set.blocks.get(block)
  if (!kept) {
    const n = block.products.length
    const offsets = new Int32Array(n + 1)
    const parts: TermHits[] = []
    let length = 0
    for (let i = 0; i < n; i++) {
      offsets[i] = length
      const text = block.texts[i]
      if (!text) continue
      const product = block.products[i]!
      let hits = set.hits.get(product)
      if (!hits) {
        hits = termHits(set.index, text)
        set.hits.set(product, hits)
      }
      if (hits.length) {
        parts.push(hits)
        length += hits.length
      }
    }
    offsets[n] = length
    const pairs = new Float64Array(length)
    let at = 0
    for (const part of parts) {
      pairs.set(part, at)
      at += part.length
    }
    kept = { offsets, pairs }
    set.blocks.set(block, kept)
  }
  return kept
}

/**
 * Why a product of a list is never scored, whoever asks (ProductBlock.skip holds the index): 0 it
 * may be, DUPLICATE a second copy of an id in one list (left out silently), else the reason.
 */
const STATIC_SKIPS = [
  null,
  null,
  'disabled or hidden',
  'not the primary variant',
  'out of stock',
  'no category',
] as const
const DUPLICATE = 1

/** The STATIC_SKIPS index of a product seen for the first time in its list. */
function staticSkip(product: PickProduct): number {
  if (product.disabled || product.hidden) return STATIC_SKIPS.indexOf('disabled or hidden')
  if (product.variantSecondary) return STATIC_SKIPS.indexOf('not the primary variant')
  if (product.inStock === false) return STATIC_SKIPS.indexOf('out of stock')
  if (!product.path) return STATIC_SKIPS.indexOf('no category')
  return 0
}

/**
 * A list of products laid out by position for productPicks' loop (issue 24: the loop read each
 * product through half a dozen objects scattered over the heap, and a CPU profile of the server
 * showed the time going to those reads): what does not depend on who asks, in arrays. The server
 * hands the same list for the same read (loadPickProducts), so a block is built once per list
 * (a WeakMap: the block goes with the list) and each call reads it in order.
 */
interface ProductBlock {
  products: readonly PickProduct[]
  ids: Float64Array
  /** STATIC_SKIPS index: 0 to be scored, DUPLICATE for a later copy of an id, else why not. */
  skip: Uint8Array
  price: Float64Array
  /** Index into `paths` (-1: no category). */
  pathOf: Int32Array
  paths: string[]
  /** productText of each product to be scored (undefined for the others). */
  texts: (ProductText | undefined)[]
  /** productQuality of each product. */
  quality: Float64Array
  /** 1 where the title names a children's kind of toy (ProductText.childrensToy), else 0. */
  childrensToy: Uint8Array
  /** String(id), for the daily shuffle's hash. */
  idTexts: string[]
  /** productAgeFit of each product by `${adult}:${age}` (NaN: excluded), worked out on first use. */
  ageFits: Map<string, Float64Array>
  /** Per catalog model: candidatePositions of `paths`. */
  candidates: WeakMap<CatalogModel, Int32Array>
}

const productBlocks = new WeakMap<readonly PickProduct[], ProductBlock>()

function productBlock(products: readonly PickProduct[]): ProductBlock {
  let block = productBlocks.get(products)
  if (block) return block
  const n = products.length
  const seen = new Set<number>()
  const pathIndex = new Map<string, number>()
  block = {
    products,
    ids: new Float64Array(n),
    skip: new Uint8Array(n),
    price: new Float64Array(n),
    pathOf: new Int32Array(n).fill(-1),
    paths: [],
    texts: new Array<ProductText | undefined>(n),
    quality: new Float64Array(n),
    childrensToy: new Uint8Array(n),
    idTexts: new Array<string>(n),
    ageFits: new Map(),
    candidates: new WeakMap(),
  }
  for (let i = 0; i < n; i++) {
    const product = products[i]!
    block.ids[i] = product.id
    block.idTexts[i] = String(product.id)
    block.price[i] = product.price
    if (seen.has(product.id)) {
      block.skip[i] = DUPLICATE
      continue
    }
    seen.add(product.id)
    block.skip[i] = staticSkip(product)
    if (block.skip[i] !== 0 || !product.path) continue
    let at = pathIndex.get(product.path)
    if (at === undefined) {
      at = block.paths.length
      block.paths.push(product.path)
      pathIndex.set(product.path, at)
    }
    block.pathOf[i] = at
    const text = productText(product as PickProduct & { path: string })
    block.texts[i] = text
    block.quality[i] = text.quality
    block.childrensToy[i] = text.childrensToy ? 1 : 0
  }
  productBlocks.set(products, block)
  return block
}

/** productAgeFit of each product of a block for one person (NaN: excluded), kept on the block. */
function blockAgeFits(block: ProductBlock, age: number | null, adult: boolean): Float64Array {
  const key = `${adult}:${age}`
  let fits = block.ageFits.get(key)
  if (!fits) {
    fits = new Float64Array(block.products.length)
    for (let i = 0; i < fits.length; i++) {
      const text = block.texts[i]
      if (!text) continue
      const fit = productAgeFit(text, age, adult, PICK_FACTORS.olderChildForAdult)
      fits[i] = fit === 'exclude' ? Number.NaN : fit
    }
    block.ageFits.set(key, fits)
  }
  return fits
}

function markTerms(
  index: TermIndex,
  hits: Float64Array,
  words: ReadonlySet<string>,
  full: string,
  value: number,
  weakValue: number,
) {
  if (!full) return
  for (const word of words) {
    const list = index.byWord.get(word)
    if (list) for (const i of list) if (hits[i]! < value) hits[i] = value
    const weak = index.weakByWord.get(word)
    if (weak) for (const i of weak) if (hits[i]! < weakValue) hits[i] = weakValue
  }
  for (const { source, term, weak } of index.phrases) {
    const v = weak ? weakValue : value
    if (hits[source]! < v && hasTerm(full, term)) hits[source] = v
  }
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

/**
 * The position in the model (modelIndex) of the deepest candidate category at or above each path
 * of a block (-1: none): it depends on the model alone, so it is kept per block and model.
 */
function candidatePositions(block: ProductBlock, model: CatalogModel): Int32Array {
  let positions = block.candidates.get(model)
  if (!positions) {
    const { position } = modelIndex(model)
    positions = Int32Array.from(block.paths, (path) => {
      for (let p: string | null = path; p !== null; p = parentPath(p)) {
        const at = position.get(p)
        if (at !== undefined) return at
      }
      return -1
    })
    block.candidates.set(model, positions)
  }
  return positions
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
  /** Its position in the list (ProductBlock). */
  at: number
  id: number
  path: string
  candidate: ScoredCandidate
  score: number
  personal: boolean
  strong: boolean
  /** Liked, or its own title names an interest: what may fill an answer past the leaf cap. */
  titled: boolean
  /** What speaks for it, kept for the reason of a chosen pick (factsOf). */
  likedStrength: number
  neighbour: number
  neighbourTitle: string | null
  interestShare: number
  optionShare: number
  quality: number
  /** How squarely each interest maps its category (byPath's `matches`). */
  matches: Float64Array
}

/** The readings of the category engine that count as option evidence for a product. */
const OPTION_SIGNALS = ['intelligence', 'lifestyle', 'taste', 'personality', 'giftKind', 'values'] as const

/**
 * Product picks for one person and occasion (issue 20), from the products the server read for a
 * plan (planPicks): each product is scored inside its category by PICK_WEIGHTS (the category's
 * score, term fit against interests and options, likes and their near neighbours, Bayesian
 * quality, price fit), × the dismissal and age factors, plus a stable daily shuffle among
 * near-ties; then chosen greedily with diversity (at most PICK_FACTORS.perLeaf per leaf
 * category while other leaves have fitting products, then more from the full leaves rather than a
 * short answer; at most half per top-level category unless the person's evidence lies in one),
 * one per variant group and title. Each pick gets a plain en-GB reason (pick-reason.ts).
 *
 * Never picked: disabled, hidden, secondary-variant or out-of-stock products, products over the
 * budget, products in `excludedProductIds` (bought for or given to the person) or dismissed for
 * them, products in a category the engine excludes (age, "Please avoid", bought for this occasion
 * last year), products whose title says they are for another age (product-age.ts), and, for an
 * adult, products of a children's category without strong evidence (PICK_FACTORS
 * .childrensCategoryBelow: a word of the title alone is not enough there). When the
 * person has interests or likes, every pick must have a personal fit: fewer picks rather than
 * filler, with `fewForInterests` and a `note` when the catalog holds little for them.
 * Pure: the same inputs (and day) give the same answer. `products` is read as immutable: what does
 * not depend on the person is laid out once per list (ProductBlock, kept by the list's identity),
 * so a caller that hands the same list again (the server's kept reads) must not change it.
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
  // The strongest option reading of a category over its full weight (OPTION_SIGNALS), read by name.
  const [intelligence, lifestyle, taste, personality, giftKind, values] = OPTION_SIGNALS.map(
    (kind) => SIGNALS[kind].weight * catWeight,
  ) as [number, number, number, number, number, number]
  const optionShareOf = (signals: ScoredCandidate['signals']) =>
    Math.max(
      0,
      (signals.intelligence ?? 0) / intelligence,
      (signals.lifestyle ?? 0) / lifestyle,
      (signals.taste ?? 0) / taste,
      (signals.personality ?? 0) / personality,
      (signals.giftKind ?? 0) / giftKind,
      (signals.values ?? 0) / values,
    )
  const block = productBlock(products)
  const { offsets, pairs } = blockHits(terms, block)
  const ageFits = blockAgeFits(block, context.age, plan.adult)
  const candidateAt = candidatePositions(block, plan.model)
  /**
   * Per path of the block (by its index): its candidate category, why that category is excluded
   * (null: it is not), and its interest and option shares; found once per call.
   */
  const byPath = new Array<{
    candidate: ScoredCandidate
    excludedWhy: string | null
    interestShare: number
    optionShare: number
    /** An adult and a children's category (PICK_FACTORS.childrensCategoryBelow). */
    forChildren: boolean
    /** Per interest (by its term source's position): how squarely its targets map this category, 0..1. */
    matches: Float64Array
    /** The largest of `matches`. */
    bestMatch: number
  } | null>(block.paths.length)
  const interestCount = plan.profile.interests.length
  const { ageRule: ageRules } = modelIndex(plan.model)
  // An interest none of whose targets is a category of this catalog (another feed's tree, or none
  // mapped) has only its title words to go by: there they stay evidence, as before issue 43.
  const unmapped = plan.profile.interests.map(
    (interest) => !interest.targets.some((t) => t.weight > 0 && plan.model.nodes.has(t.path)),
  )
  // The words of an interest's own name (not its aliases: "art" of Drawing is a "Body Art" tattoo's too).
  const nameWords = plan.profile.interests.map((interest) =>
    interest.name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4),
  )
  const matchesOf = (path: string): Float64Array => {
    const matches = new Float64Array(interestCount)
    const pathWords = wordsOf(path.replaceAll('::', ' '))
    plan.profile.interests.forEach((interest, k) => {
      let match = mappingStrength(plan.model, interest.targets, path)
      // A category named for the interest ("Books::Gardening") supports its weak words too.
      if (match === 0 && (unmapped[k] || nameWords[k]!.some((word) => hasTerm(pathWords, word))))
        match = PICK_FACTORS.weakTermSupport
      matches[k] = match
    })
    return matches
  }
  const NO_MATCHES = new Float64Array(interestCount)
  /** A weak title word of term source `at` is evidence here (matchesOf: the category answers the interest). */
  const weakSupported = (matches: Float64Array, at: number) =>
    at < interestCount && matches[at]! >= PICK_FACTORS.weakTermSupport
  // For an adult, an interest the catalog's categories answer (a target at weight 0.5 and more:
  // an activity such as wine, golf, model railways) is evidence only inside those categories,
  // whatever word the title holds: a dolls' house "Glass of Spilled Wine" or a model "VW Golf"
  // is not a present for it (issue 43). An interest no category answers (a theme such as unicorns
  // or Minecraft) is read by its title words wherever the product is filed.
  const activity = plan.profile.interests.map(
    (interest) => plan.adult && interest.targets.some((t) => t.weight >= 0.5 && plan.model.nodes.has(t.path)),
  )
  /** The hit of term source `at` for a product whose category reads `matches`: 1 title, 0.5 as a description would. */
  const hitOf = (hit: number, matches: Float64Array, at: number) => {
    if (hit === WEAK_TITLE_HIT) return weakSupported(matches, at) ? 1 : 0.5
    if (hit === 1 && at < interestCount && activity[at] && !weakSupported(matches, at)) return 0.5
    return hit
  }
  const scored: Scored[] = []
  for (let i = 0; i < block.products.length; i++) {
    const why = block.skip[i]!
    if (why !== 0) {
      if (why !== DUPLICATE) skip(STATIC_SKIPS[why]!)
      continue
    }
    const price = block.price[i]!
    if (budgetMax !== null && price > budgetMax) {
      skip('over budget')
      continue
    }
    const id = block.ids[i]!
    if (excludedIds.size > 0 && excludedIds.has(id)) {
      skip('bought for or given to them')
      continue
    }
    if (dismissedIds.size > 0 && dismissedIds.has(id)) {
      skip('dismissed for them')
      continue
    }
    const pathAt = block.pathOf[i]!
    const path = block.paths[pathAt]!
    let found = byPath[pathAt]
    if (found === undefined) {
      const at = candidateAt[pathAt]!
      const c = at < 0 ? undefined : plan.candidateAt(at)
      found = !c
        ? null
        : c.excluded
          ? {
              candidate: c,
              excludedWhy: `category: ${c.excluded.split(':')[0]}`,
              interestShare: 0,
              optionShare: 0,
              forChildren: false,
              matches: NO_MATCHES,
              bestMatch: 0,
            }
          : {
              candidate: c,
              excludedWhy: null,
              // The category's own interest and option readings (the interest map), for personal fit and reasons.
              interestShare: (c.signals.interest ?? 0) / (SIGNALS.interest.weight * catWeight),
              optionShare: optionShareOf(c.signals),
              forChildren:
                plan.adult &&
                (c.ageFit < PICK_FACTORS.childrensCategoryBelow ||
                  madeForChildren(ageRules[at] ?? NO_RULE) ||
                  CHILDRENS_PATH.test(path)),
              ...bestOf(matchesOf(c.path)),
            }
      byPath[pathAt] = found
    }
    if (!found) {
      skip('no candidate category')
      continue
    }
    if (found.excludedWhy !== null) {
      skip(found.excludedWhy)
      continue
    }
    const { candidate, interestShare, optionShare } = found
    const ageFit = ageFits[i]!
    if (Number.isNaN(ageFit)) {
      skip('age')
      continue
    }

    // Term fit: noisy-OR over interests and options (title full, description half). A title hit on
    // a weak word (WEAK_TITLE_TERMS: "Marathon", "Seed", "Cupcake") is evidence only inside a
    // category the interest maps to; elsewhere it counts as a description would (issue 43).
    const { matches } = found
    let termMiss = 1
    let titleInterestHit = false
    let titleHit = false
    for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k += 2) {
      const sourceAt = pairs[k]!
      const hit = hitOf(pairs[k + 1]!, matches, sourceAt)
      const source = plan.termSources[sourceAt]!
      termMiss *= 1 - source.level * hit
      if (hit === 1) {
        titleHit = true
        if (source.kind === 'interest') titleInterestHit = true
      }
    }
    const termFit = 1 - termMiss

    const likedStrength = liked.size > 0 ? (liked.get(id) ?? 0) : 0
    let neighbour = 0
    let neighbourTitle: string | null = null
    if (likedStrength === 0 && likedWords.length > 0) {
      const text = block.texts[i]!
      const words = text.significant
      for (const like of likedWords) {
        let value = like.path === path ? 0.7 : like.range === text.range ? 0.35 : 0
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

    // An interest's category speaks for an adult only when the interest maps it squarely (issue
    // 43: "Running" reaches the toy shop's sports toys at 0.6, and a dartboard is no runner's
    // present); for a child the category engine's reading stands, as before.
    const categoryFit = plan.adult ? found.bestMatch >= PICK_FACTORS.adultCategoryMatch : interestShare >= 0.25
    const categoryStrong = plan.adult
      ? found.bestMatch >= PICK_FACTORS.adultCategoryMatch && interestShare >= PICK_FACTORS.strongInterest
      : interestShare >= PICK_FACTORS.strongInterest
    // An adult is offered a children's category's product, or a toy its title says is a child's
    // kind (a plush, a puppet, a playset), only on strong evidence, not on a word of its title: an
    // interest mapping the category squarely (someone who loves puppets), or, in a children's
    // category, a title naming what an interest is about (a unicorn lover's unicorn).
    if (
      plan.adult &&
      (found.forChildren || block.childrensToy[i] === 1) &&
      !(
        likedStrength > 0 ||
        neighbour >= 0.3 ||
        categoryStrong ||
        (titleInterestHit && block.childrensToy[i] === 0) ||
        block.texts[i]!.forAdults
      )
    ) {
      skip("age: a children's category, no strong fit")
      continue
    }
    // A description alone ("lovely in the garden") adds to the score but does not make a product personal.
    const personal = likedStrength > 0 || neighbour >= 0.3 || titleHit || categoryFit || optionShare >= 0.3
    if (hasEvidence && !personal) {
      skip('no personal fit')
      continue
    }
    // Strong: liked, its category carries the interest, or its own title names it (issue 43: a
    // unicorn sticker answers a unicorn lover; a weak word counts only inside the interest's category).
    const strong = likedStrength > 0 || categoryStrong || titleInterestHit

    const category = candidate.score / plan.best
    const quality = block.quality[i]!
    let score =
      PICK_WEIGHTS.category * category +
      PICK_WEIGHTS.terms * termFit +
      PICK_WEIGHTS.liked * likedStrength +
      PICK_WEIGHTS.neighbour * neighbour +
      PICK_WEIGHTS.quality * quality +
      PICK_WEIGHTS.price * priceFit(price, budgetMax)
    score *= ageFit
    // Spare parts, refills and party odds are not presents (the category engine's giftability).
    score *= candidate.factors.giftability
    if (budgetMax !== null && price < budgetMax * PICK_FACTORS.smallShare) score *= PICK_FACTORS.small
    if (dismissedLeaf.size > 0) {
      score *= PICK_FACTORS.dismissedLeaf ** (dismissedLeaf.get(path) ?? 0)
      score *= PICK_FACTORS.dismissedRange ** (dismissedRange.get(block.texts[i]!.range) ?? 0)
    }
    score += score * PICK_FACTORS.shuffle * unitOf(fnv1a(block.idTexts[i]!, shuffleState))

    // What the reason says is put together for the chosen picks only (factsOf).
    scored.push({
      at: i,
      id,
      path,
      candidate,
      score,
      personal,
      strong,
      titled: likedStrength > 0 || titleInterestHit,
      likedStrength,
      neighbour,
      neighbourTitle,
      interestShare,
      optionShare,
      quality,
      matches,
    })
  }

  // Diversity (docs/decisions/gift-picks.md).
  const narrow = plan.evidenceRoots.size <= 1 && hasEvidence
  const perRoot = narrow ? count : Math.max(1, Math.ceil(count * PICK_FACTORS.perRootShare))
  const leafCount = new Map<string, number>()
  const rootCount = new Map<string, number>()
  const groups = new Set<number>()
  const titles = new Set<string>()
  const chosen: Scored[] = []
  /** Products passed over only because their leaf already held PICK_FACTORS.perLeaf picks, best first. */
  const leafFull: Scored[] = []
  /** Takes `item` unless a rule other than the leaf cap says no; whether it was taken. */
  const take = (item: Scored): boolean => {
    const root = rootOf(item.path)
    if ((rootCount.get(root) ?? 0) >= perRoot) return false
    const product = block.products[item.at]!
    if (product.variantGroupId !== null && groups.has(product.variantGroupId)) return false
    const key = block.texts[item.at]!.titleKey
    if (titles.has(key)) return false
    chosen.push(item)
    leafCount.set(item.path, (leafCount.get(item.path) ?? 0) + 1)
    rootCount.set(root, (rootCount.get(root) ?? 0) + 1)
    if (product.variantGroupId !== null) groups.add(product.variantGroupId)
    titles.add(key)
    return true
  }
  // Best first (score, then id); the walk usually stops after a few dozen of the ~300, so they are
  // taken from a heap rather than all sorted.
  for (const item of bestFirst(scored, (a, b) => b.score - a.score || a.id - b.id)) {
    if (chosen.length >= count) break
    if ((leafCount.get(item.path) ?? 0) >= PICK_FACTORS.perLeaf) leafFull.push(item)
    else take(item)
  }
  // The leaf cap is for variety, not for shortness: when what fits the person lies in too few leaf
  // categories to fill the answer (a jigsaw lover's jigsaws sit in one leaf), the rest come from
  // the full leaves, best first, after the varied ones, every other rule still holding; but only
  // products whose own title names an interest (or liked ones): a category alone is weaker
  // evidence (baking's cake decorations are mostly birthday candles), and three of one leaf on
  // the category's word alone is filler (issue 40: docs/decisions/gift-finder.md).
  const varied = chosen.length
  for (const item of leafFull) {
    if (chosen.length >= count) break
    if (item.titled) take(item)
  }

  /** The facts a pick's reason is written from (pick-reason.ts). */
  const factsOf = (item: Scored): ReasonFacts => {
    const { candidate } = item
    const product = block.products[item.at]!
    // The interests and options its own text names, in the order of the person's term sources.
    const interestHits: { says: string; love: boolean; value: number }[] = []
    const optionHits: string[] = []
    for (let k = offsets[item.at]!, end = offsets[item.at + 1]!; k < end; k += 2) {
      const sourceAt = pairs[k]!
      // Only the title's own evidence is stated (issue 43: the reason must be true of the product).
      if (hitOf(pairs[k + 1]!, item.matches, sourceAt) < 1) continue
      const source = plan.termSources[sourceAt]!
      if (source.kind === 'interest')
        interestHits.push({ says: source.says, love: source.level >= 1, value: source.level })
      else optionHits.push(source.says)
    }
    // An interest's category is stated for an adult only when the interest maps it squarely (as for personal fit).
    const categoryInterests =
      item.interestShare >= 0.25 || (plan.adult && item.matches.some((m) => m >= PICK_FACTORS.adultCategoryMatch))
        ? plan.adult
          ? plan.profile.interests
              .map((interest, k) => ({
                name: interest.name,
                love: interest.love,
                value: (interest.love ? INTEREST_LEVEL.love : INTEREST_LEVEL.like) * item.matches[k]!,
                square: item.matches[k]! >= PICK_FACTORS.adultCategoryMatch,
              }))
              .filter((i) => i.square)
          : explained(candidate).interests.filter((i) => i.value >= 0.25)
        : []
    return {
      name: context.name,
      liked: item.likedStrength,
      neighbourTitle: item.neighbour >= 0.3 ? item.neighbourTitle : null,
      interests: mergeInterests(interestHits, categoryInterests),
      options: optionHits.length
        ? optionHits
        : item.optionShare >= 0.3
          ? explained(candidate)
              .options.filter((o) => o.value >= 0.3)
              .map((o) => o.says)
          : [],
      rating: product.rating,
      reviews: product.reviewCount,
      quality: item.quality,
      price: product.price,
      budget: budgetMax,
      occasion: (candidate.signals.promo ?? 0) > 0.2 || (candidate.signals.occasion ?? 0) > 0.4 ? plan.occasion : null,
      forAdults: plan.adult && block.texts[item.at]!.forAdults,
      category: candidate.stats.displayName,
      brand: product.brand,
    }
  }
  const used = new Set<string>()
  const picks: ProductPick[] = chosen.map((item, index) => {
    const { reason, signals } = pickReason(factsOf(item), index, used)
    used.add(reason)
    return {
      product: block.products[item.at]!,
      category: { name: item.candidate.stats.displayName, url: item.candidate.stats.url, path: item.candidate.path },
      reason,
      score: Math.round(item.score * 1000) / 1000,
      signals: signals satisfies PickSignal[],
      personal: item.personal,
    }
  })

  const interestNames = plan.profile.interests.map((i) => plainInterest(i.name))
  // A short answer is judged on its varied picks alone, as before the fill: more of one leaf that
  // still leave it short (Mum's cake decorations) do not make the catalog rich for her; a full
  // answer counts every strong pick (eight jigsaws for a jigsaw lover need no apology).
  const strongPicks = (chosen.length < count ? chosen.slice(0, varied) : chosen).filter((c) => c.strong).length
  const fewForInterests = interestNames.length > 0 && strongPicks < Math.min(count, PICK_FACTORS.honestyMin)
  return {
    picks,
    budget: options.budget,
    fewForInterests,
    note: fewForInterests ? honestyLine(context.name, interestNames, picks.length) : null,
    considered: products.length,
    excluded,
  }
}

/**
 * The items in the order of `compare` (negative: a before b), lazily: a binary heap is built in
 * O(n) and each item taken costs O(log n), so a caller that stops after k items pays
 * O(n + k log n) instead of sorting all n. Ties come out in no fixed order: `compare` must be a
 * total order (productPicks breaks score ties by id). Reorders `items`.
 */
function* bestFirst<T>(items: T[], compare: (a: T, b: T) => number): Generator<T> {
  const heap = items
  let size = heap.length
  const down = (start: number) => {
    let i = start
    for (;;) {
      const left = 2 * i + 1
      if (left >= size) return
      const right = left + 1
      const child = right < size && compare(heap[right]!, heap[left]!) < 0 ? right : left
      if (compare(heap[child]!, heap[i]!) >= 0) return
      const t = heap[i]!
      heap[i] = heap[child]!
      heap[child] = t
      i = child
    }
  }
  for (let i = (size >> 1) - 1; i >= 0; i--) down(i)
  while (size > 0) {
    const top = heap[0]!
    size--
    heap[0] = heap[size]!
    down(0)
    yield top
  }
}

const NO_RULE: readonly number[] = [0, 0, 0, 0]
/** A category whose own name says it is for children ("Home::Bedding & Linens::Children's Bedding"). */
const CHILDRENS_PATH = /\b(children'?s?|kids'?|baby|toddlers?|nursery)\b/i

/**
 * A category made for children (issue 40: "a product whose catalog age fit is a child's"): its
 * age rule (data/age.ts: toddler, child, teen, adult) fits a child by PICK_FACTORS
 * .childrensCategoryMargin more than an adult ("Garden Tools" of a toy shop: 0.9 against 0.4).
 */
function madeForChildren(rule: readonly number[]): boolean {
  return (rule[1] ?? 0) - (rule[3] ?? 0) >= PICK_FACTORS.childrensCategoryMargin
}

/** The largest of an interest's matches, beside them. */
function bestOf(matches: Float64Array): { matches: Float64Array; bestMatch: number } {
  let bestMatch = 0
  for (const m of matches) if (m > bestMatch) bestMatch = m
  return { matches, bestMatch }
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
 * has interests and fewer than PICK_FACTORS.honestyMin picks answer them. With no pick at all
 * (issue 43: none rather than filler) it says so instead of pointing at matches that are not there.
 */
export function honestyLine(name: string, interests: readonly string[], shown = 1): string {
  const list =
    interests.length <= 1 ? (interests[0] ?? '') : `${interests.slice(0, -1).join(', ')} and ${interests.at(-1)}`
  if (shown === 0) return `The shop has nothing yet that truly suits ${name}'s interests (${list}).`
  return `The shop has few products for ${name}'s interests (${list}) yet: these are the closest real matches.`
}
