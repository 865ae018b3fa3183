/**
 * What the engine reads and answers. Everything arrives as plain data: the server loads the
 * person in one query and the catalog statistics once per catalog version; the engine never
 * touches a database, a clock it was not given, or the network.
 */

/** The occasion being bought for (spec account-area §3 "Occasion"). */
export interface OccasionInput {
  id: number
  /** Stable name, equal to its promo's name where it has one ("christmas"). */
  value: string
  label: string
  /** How much the person's own signals count (default 1). */
  catWeight: number
  /** How strongly the occasion steers (default 1). */
  occWeight: number
}

export type OptionKind = 'intelligence' | 'lifestyle' | 'taste' | 'personality'

/** A catalog category a signal points at, with how strongly (0..1; negative pushes away). */
export interface CategoryTarget {
  path: string
  weight: number
}

/** One interest of the person with the catalog categories it maps to (interest_category_map). */
export interface InterestInput {
  name: string
  /** "Love" (is_primary true) or "Like" (spec account-area §4). */
  love: boolean
  /**
   * Other names a shopper would use for it (the shop's own gift interests carry them: "Model
   * Railways": model railway, hornby, oo gauge...); the picks read products for them when the
   * term table has no entry (pickTermsFor). Absent or empty for most IAB interests.
   */
  aliases?: readonly string[]
  targets: CategoryTarget[]
}

/** A product the user liked and associated with this person and/or this occasion. */
export interface LikeInput {
  /** The product's category path, null when it has none. */
  path: string | null
  title: string
  /** Associated with this person. */
  forPerson: boolean
  /** Associated with this occasion. */
  forOccasion: boolean
}

/**
 * A click-through (order) the user made for this person, or a present given by hand that names a
 * shop product (issue 22: presents given feed the "not again" rule like orders).
 */
export interface OrderInput {
  path: string | null
  title: string
  occasionId: number | null
  /** When it was made (or the present given): ISO date "YYYY-MM-DD" (UK). */
  date: string
  /** "gift": a present added by hand; absent or "order": a click-through. */
  source?: 'order' | 'gift'
  /** Marked "Didn't buy" (issue 22): a liking for the range, not a present to avoid repeating. */
  notBought?: boolean
}

/** The person as the engine reads them (spec account-area §3 "Person"). */
export interface ProfileInput {
  id: number
  name: string
  /** YYYY-MM-DD or null. */
  dateOfBirth: string | null
  /** Only what the profile says; never derived from the relationship. */
  gender: 'male' | 'female' | 'other' | null
  relationship: { name: string; type: string } | null
  selections: { kind: OptionKind; category: string; option: string }[]
  /** Chosen gift preference options with their group ("Budget", "Please avoid", ...). */
  giftPreferences: { group: string; option: string }[]
  interests: InterestInput[]
  /** The person's yearly events (date YYYY-MM-DD with the year of the first occurrence). */
  events: { occasionId: number; date: string }[]
  likes: LikeInput[]
  orders: OrderInput[]
  /** Profile completeness, whole percent 0..100 (spec account-area §9). */
  completeness: number
  /**
   * What is left of the person's budget for this occasion, in pounds (issue 22); null or absent
   * without a budget. Price bands keep to it and a range with nothing within it is not offered.
   */
  spendLimit?: number | null
}

/** Products of a category within one price bucket (see PRICE_BUCKET_EDGES). */
export interface PriceBucketStats {
  /** Index into PRICE_BUCKET_EDGES: 0 is under £5, 6 is £100 and over. */
  bucket: number
  count: number
  minPrice: number
  maxPrice: number
  /** Brands with how many of these products carry them, most first. */
  brands: { name: string; count: number }[]
  /** Recurring title phrases, scored by count × rarity across the catalog, best first. */
  phrases: { text: string; score: number }[]
}

/** A node of the shop's category tree with the statistics the engine needs. */
export interface CategoryStats {
  /** Path, levels joined by "::". */
  id: string
  levels: string[]
  /** What the answer calls it: the node's name, or "Parent > Name" where the name alone is vague. */
  displayName: string
  /** Enabled, visible, primary-variant products in the node and below. */
  count: number
  /** Sum of review counts of those products. */
  reviews: number
  /** Bayesian mean rating (out of 5) shrunk towards the catalog mean; null without ratings. */
  rating: number | null
  /** Catalog popularity prior, 0..1 (reviews, rating and size against the whole catalog). */
  popularity: number
  buckets: PriceBucketStats[]
  /** Products of the node in each promo, by promo name. */
  promoCounts: Record<string, number>
  /** The shop's own listing of the node (/category/...). */
  url: string
  /** True when the node may be recommended: enough products, a listing that reads back. */
  candidate: boolean
}

/** Catalog statistics, built once per catalog version (buildCatalogModel). */
export interface CatalogModel {
  /** The catalog version it was built from. */
  version: string
  /** Every node of the tree, candidates or not, by path. */
  nodes: Map<string, CategoryStats>
  /** Nodes that may be recommended. */
  candidates: CategoryStats[]
}

/** Options of one recommendation run. */
export interface RecommendOptions {
  /** Answers wanted, 1..10 (spec account-area §7: the web asks for 3). */
  count: number
  /** Today's UK date, YYYY-MM-DD (ages, "last year"). */
  today: string
  /** How many of the best candidates to return with their signal scores (debugInfo); default 0. */
  explainCandidates?: number
}

/** A price band of a recommendation (spec account-area §3 "specificProducts"). */
export interface SpecificProducts {
  /** e.g. "£2.49 to £9.99". */
  priceRange: string
  /** Brands and title phrases of the band's real products. */
  tags: string[]
}

/** One answer of the engine. */
export interface Recommendation {
  /** The category's display name. */
  category: string
  /** The category's path (levels joined by "::"). */
  path: string
  categoryUrl: string
  /** Whole percent 0..100. */
  confidence: number
  /** The signal families that carried the answer, strongest first (confidence.ts evidenceSignals). */
  signals: SignalKey[]
  /** One or two plain en-GB sentences naming the signals used. */
  reasoning: string
  specificProducts: SpecificProducts[]
  /** The ranking score the answer was chosen with (after diversity). */
  score: number
}

/** The signal families of SIGNALS (weights.ts). */
export type SignalKey =
  | 'interest'
  | 'like'
  | 'order'
  | 'age'
  | 'relationship'
  | 'gender'
  | 'intelligence'
  | 'lifestyle'
  | 'taste'
  | 'personality'
  | 'giftKind'
  | 'values'
  | 'occasion'
  | 'promo'
  | 'popularity'

/** A candidate's score broken down, for debugInfo and tests. */
export interface CandidateScore {
  path: string
  category: string
  /** Weighted contribution of each signal family. */
  signals: Partial<Record<SignalKey, number>>
  /** Multipliers applied after the sum: giftability, choice (size), budget, partial avoid. */
  factors: { giftability: number; choice: number; budget: number; avoid: number }
  /** Final score before diversity; 0 when excluded. */
  score: number
  /** Why it cannot be recommended (age, avoid, budget, bought last year), if so. */
  excluded?: string
}

/** What the engine answers, with the workings behind it. */
export interface RecommendResult {
  recommendations: Recommendation[]
  /** The best `explainCandidates` candidates in score order with their signals (debugInfo). */
  candidates: CandidateScore[]
  profile: {
    age: number | null
    ageBand: AgeBand | null
    /** Where the age came from: the date of birth, the occasion (a new baby), or none. */
    ageSource: 'dateOfBirth' | 'occasion' | null
    completeness: number
    relationshipRole: string | null
  }
}

export type AgeBand = 'toddler' | 'child' | 'teen' | 'adult'
