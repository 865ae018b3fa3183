import type { PersonContext } from '../context.ts'
import type { ScoredCandidate } from '../score.ts'
import type { CatalogModel, OccasionInput, ProfileInput } from '../types.ts'

/** Where a budget came from (issue 20 "budget.source"). */
export type BudgetSource = 'query' | 'event' | 'person' | 'options' | 'none'

/** The most to spend on one present, in pounds (null: no limit), and where that came from. */
export interface PickBudget {
  max: number | null
  source: BudgetSource
}

/** A product the picks may choose from (read by the server from the visible catalog). */
export interface PickProduct {
  id: number
  awProductId: number
  title: string
  /** The start of the long description (a few hundred characters are enough), or null. */
  description: string | null
  /** GBP. */
  price: number
  imageUrl: string | null
  brand: string | null
  merchant: string | null
  rating: number | null
  reviewCount: number | null
  /** The merchant's page (the affiliate link), or null. */
  productUrl: string | null
  /** The shop's category path (levels joined by "::"), or null. */
  path: string | null
  variantGroupId: number | null
  /** A variant that is not its group's primary. */
  variantSecondary: boolean
  disabled: boolean
  /** Under a "hide" category override. */
  hidden: boolean
  /** What the feed says of stock (null: it says nothing, so it counts as in stock). */
  inStock: boolean | null
}

/** Options of one picks run (productPicks). */
export interface PickOptions {
  /** Picks wanted, 1..24. */
  count: number
  /** Today's UK date YYYY-MM-DD: the daily shuffle's day. */
  today: string
  budget: PickBudget
  /**
   * Products never to offer again for this person: bought for them (orders) and, once the
   * gift-history work lands, given to them (its given products are passed here too).
   */
  excludedProductIds: readonly number[]
  /** Products the user dismissed for this person ("Not for {name}"), with their category path. */
  dismissed: readonly { productId: number; path: string | null }[]
  /** Products the user liked for this person and/or occasion, with LIKE_ASSOCIATION's strength. */
  liked: readonly { productId: number; strength: number }[]
  /** Stable per user, person and occasion (the daily shuffle's seed). */
  seed: string
}

/** The signals a pick's score and reason may name. */
export type PickSignal =
  'liked' | 'neighbour' | 'interest' | 'option' | 'category' | 'occasion' | 'quality' | 'price' | 'age'

/** One pick: the product, its category, one plain reason and the score it was chosen with. */
export interface ProductPick {
  product: PickProduct
  category: { name: string; url: string; path: string }
  reason: string
  score: number
  /** The signals behind it, strongest first. */
  signals: PickSignal[]
  /** True when something of the person (an interest, an option, a like) speaks for it. */
  personal: boolean
}

/** What productPicks answers. */
export interface PicksResult {
  picks: ProductPick[]
  budget: PickBudget
  /** True when the person has interests and the catalog holds few products for them (the honesty line). */
  fewForInterests: boolean
  /** The plain line shown then ("The shop has few products for Mum's interests ..."), else null. */
  note: string | null
  /** Products read and why the others were left out (for debugging and the bench). */
  considered: number
  excluded: Record<string, number>
}

/** One interest or option read for product terms. */
export interface TermSource {
  name: string
  kind: 'interest' | 'option'
  /** Love 1, Like INTEREST_LEVEL.like; options 0.5. */
  level: number
  terms: readonly string[]
  /** What a reason says: the interest in plain words, or the option's phrase ("loves words"). */
  says: string
}

/** The category side of a picks run, computed before any product is read (planPicks). */
export interface PickPlan {
  profile: ProfileInput
  occasion: OccasionInput
  model: CatalogModel
  context: PersonContext
  /**
   * A candidate category's reading (as scoreCandidates gives it), by the candidate's position in
   * the model (modelIndex's `position`; budget bands left to the picks' own budget); made on
   * first use.
   */
  candidateAt: (position: number) => ScoredCandidate
  /** The best category score (to normalise). */
  best: number
  /** The best-scoring category paths (score > 0), best first: where the server reads products. */
  topPaths: string[]
  termSources: TermSource[]
  /** Every term of termSources, for the server's full-text read. */
  terms: string[]
  /** The person is (most likely) an adult: adult band weight 0.5 and more. */
  adult: boolean
  /** Top-level categories the person's own evidence (interests, likes) points at. */
  evidenceRoots: Set<string>
}
