import type { SignalKey } from './types.ts'

/**
 * THE WEIGHTS TABLE: every signal the engine reads, how much it counts, what scales it, and how
 * much it adds to the evidence behind an answer's confidence. docs/decisions/recommendations.md
 * prints the same table; a test keeps the two in step.
 *
 * A candidate category's score is the sum over signals of `weight × scale × value`, where value
 * is the signal's reading for that category (0..1, or -1..1 where a signal can push away):
 * - scale "cat_weight": the occasion's cat_weight (how much the person's own signals count);
 * - scale "occ_weight": the occasion's occ_weight (how strongly the occasion steers);
 * - scale "none": used as it is.
 * The sum is then multiplied by the category's giftability, its budget fit and any partial
 * "Please avoid" share (see FACTORS), and exclusions (age, avoid, budget, bought last year) drop
 * the category altogether.
 *
 * `evidence` is how much a signal at full strength adds to the evidence of confidence.ts;
 * `fullAt` is the contribution that counts as full strength.
 */
export const SIGNALS: Record<
  SignalKey,
  { weight: number; scale: 'cat_weight' | 'occ_weight' | 'none'; evidence: number; fullAt: number; reads: string }
> = {
  interest: {
    weight: 3.0,
    scale: 'cat_weight',
    evidence: 1.0,
    fullAt: 2.7,
    reads: 'interests mapped to catalog categories (interest_category_map); Love 1.0, Like 0.55, combined by noisy-OR',
  },
  like: {
    weight: 4.0,
    scale: 'cat_weight',
    evidence: 1.0,
    fullAt: 2.4,
    reads:
      "the user's liked products associated with this person and occasion (1.0), this person (0.6), this occasion only (0.3)",
  },
  order: {
    weight: 1.2,
    scale: 'cat_weight',
    evidence: 0.6,
    fullAt: 0.8,
    reads: 'past orders for this person (other occasions, or older than a year) as a liking for that range',
  },
  age: {
    weight: 2.0,
    scale: 'none',
    evidence: 0.5,
    fullAt: 1.4,
    reads:
      'age-band fit (-1..1) from the date of birth, age at the event (toddler/child/teen/adult); half weight when only the relationship suggests an age',
  },
  relationship: {
    weight: 0.6,
    scale: 'none',
    evidence: 0.25,
    fullAt: 0.3,
    reads: 'relationship role (partner, parent, colleague, ...): gender-neutral affinities',
  },
  gender: {
    weight: 0.5,
    scale: 'none',
    evidence: 0.15,
    fullAt: 0.3,
    reads: "only when the profile gives a gender: the catalog's explicitly gendered categories",
  },
  intelligence: {
    weight: 0.8,
    scale: 'cat_weight',
    evidence: 0.25,
    fullAt: 0.5,
    reads: 'Gardner options (Word smart, Music smart, ...)',
  },
  lifestyle: {
    weight: 0.6,
    scale: 'cat_weight',
    evidence: 0.2,
    fullAt: 0.4,
    reads: 'lifestyle options (Homebody, Collector, ...)',
  },
  taste: {
    weight: 0.5,
    scale: 'cat_weight',
    evidence: 0.2,
    fullAt: 0.35,
    reads: 'taste options (Classic and timeless, Funny and quirky, ...)',
  },
  personality: {
    weight: 0.5,
    scale: 'cat_weight',
    evidence: 0.2,
    fullAt: 0.35,
    reads: 'Big Five facet options (Thrill-seeker, Dreamer, ...)',
  },
  giftKind: {
    weight: 0.6,
    scale: 'cat_weight',
    evidence: 0.15,
    fullAt: 0.3,
    reads: 'gift preferences "Kind of gift" (Things to keep, Consumables, ...)',
  },
  values: {
    weight: 0.4,
    scale: 'cat_weight',
    evidence: 0.1,
    fullAt: 0.2,
    reads: 'gift preferences "Values" (Eco-friendly, ...)',
  },
  occasion: {
    weight: 1.5,
    scale: 'occ_weight',
    evidence: 0.45,
    fullAt: 1.0,
    reads: "the occasion's own categories (data/occasions.ts)",
  },
  promo: {
    weight: 1.2,
    scale: 'occ_weight',
    evidence: 0.3,
    fullAt: 0.6,
    reads:
      "share of the category's products in the occasion's promo (occasion value = promo name), shrunk for small counts",
  },
  popularity: {
    weight: 0.7,
    scale: 'none',
    evidence: 0,
    fullAt: 1,
    reads: 'catalog prior: review volume, Bayesian rating and size of the category (products table)',
  },
}

/** Levels of an interest (spec account-area §4: Love is is_primary true). */
/**
 * How squarely an interest must map a category for an adult's answers (the category cards and the
 * picks) to name it: its target at 0.8 and more, or one level under a target at 1 (issue 43).
 */
export const ADULT_CATEGORY_MATCH = 0.8

export const INTEREST_LEVEL = { love: 1.0, like: 0.55 } as const

/** Strength of a liked product by what it is associated with. */
export const LIKE_ASSOCIATION = { personAndOccasion: 1.0, person: 0.6, occasion: 0.3 } as const

/**
 * Multipliers and exclusions applied after the weighted sum.
 * - budget: a category with none of its products in the chosen budget bands is excluded;
 *   otherwise the score is multiplied by floor + (1 - floor) × sqrt(share in budget).
 * - avoid: a category inside a "Please avoid" range is excluded; an ancestor holding some of it
 *   is multiplied by (1 - avoided share); "Ornaments and clutter" softly marks (× soft).
 * - age: excluded below `ageExcludeBelow` (date of birth known) or `ageGuessExcludeBelow`
 *   (age only guessed from the relationship).
 * - repeat: the category of a product bought for this person for this occasion within
 *   `repeatWindowDays`, and its ancestors below the top level, are excluded.
 * - choice: nodes need `minProducts` enabled products to be candidates, and a node with fewer
 *   than `fullChoiceAt` is multiplied by sqrt(count / fullChoiceAt): a listing of two products
 *   is a thin answer however well it fits.
 */
export const FACTORS = {
  budgetFloor: 0.35,
  avoidSoft: 0.5,
  ageExcludeBelow: -0.6,
  ageGuessExcludeBelow: -0.85,
  ageGuessScale: 0.5,
  repeatWindowDays: 400,
  minProducts: 2,
  fullChoiceAt: 8,
} as const

/**
 * Diversity (MMR-style greedy pick): a category inside or above one already picked is skipped;
 * each pick with the same parent multiplies the score by `sameParent`, each with the same
 * top-level category by `sameRoot`. Strong evidence for one branch still wins over weak
 * alternatives (a penalty is a factor, not a ban).
 */
export const DIVERSITY = { sameParent: 0.75, sameRoot: 0.85 } as const

/** How a match against a target path decays: per level below it, and above it by size share. */
export const PATH_MATCH = { perLevelBelow: 0.8, above: 0.75 } as const
