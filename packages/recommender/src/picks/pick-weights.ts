import { ADULT_CATEGORY_MATCH } from '../weights.ts'

/**
 * THE PRODUCT-PICKS WEIGHTS TABLE (issue 20): how a product inside the category engine's
 * candidates is scored. docs/decisions/gift-picks.md prints the same table.
 *
 * score = Σ weight × value (each value 0..1), then × the factors below, plus a small stable
 * daily jitter among near-ties (`shuffle`, a share of the score).
 */
export const PICK_WEIGHTS = {
  /** The category engine's score of the product's category, over the best category's score. */
  category: 2.0,
  /** Title and description terms against the person's interests and options (data/pick-terms.ts). */
  terms: 2.5,
  /** The product itself is liked for this person/occasion (× association strength): liked first. */
  liked: 12.0,
  /** A near neighbour of a liked product: same leaf category, or shared title terms. */
  neighbour: 1.5,
  /** Bayesian rating (shrunk to the catalog mean by QUALITY.priorReviews) and review volume. */
  quality: 1.0,
  /** Price fit under the budget: close under it beats far under it for a main present. */
  price: 1.2,
} as const

/** Multipliers and thresholds of the picks. */
export const PICK_FACTORS = {
  /** × per dismissal of another product in the same leaf category ("Not for {name}": weak negative). */
  dismissedLeaf: 0.8,
  /** × per dismissal in the same second-level range. */
  dismissedRange: 0.92,
  /** × for a product whose title says it is for ages 6-11 when the person is an adult. */
  olderChildForAdult: 0.5,
  /** A budget share at and above which price fit is full (£18 of £30 and more). */
  priceFullAt: 0.6,
  /** × for a product under `smallShare` of the budget (a stocking filler, not the present). */
  small: 0.5,
  smallShare: 0.15,
  /** A pick answers an interest strongly when its category carries the interest at least this much. */
  strongInterest: 0.5,
  /**
   * For an adult, a category whose age fit (data/age.ts, the person's bands) is below this is a
   * children's one: a product there (or a plush, puppet or playset anywhere: product-age.ts
   * childrensToy) is offered only on strong evidence (liked, a near neighbour of
   * a like, the category carrying an interest, a title saying it is for adults), never on a word of
   * its title alone ("apron" for cooking, "Sleeping Beauty" for beauty).
   */
  childrensCategoryBelow: 0,
  /**
   * For an adult, an interest's category speaks for a product (personal fit, a reason, the
   * children's-category exception) only when the interest maps it at least this squarely: its
   * target at weight 0.8 and more, or one level below a target at 1 (issue 43: "Running" maps the
   * toy shop's sports toys at 0.6; "Cooking" children's play kitchens at 0.5).
   */
  adultCategoryMatch: ADULT_CATEGORY_MATCH,
  /**
   * A weak word of a title (pick-terms.ts WEAK_TITLE_TERMS) is evidence for an interest only in
   * a category the interest maps at least this much (or one named for it, or when none of its
   * targets is a category of this catalog): issue 43.
   */
  weakTermSupport: 0.5,
  /** Stable daily jitter: up to this share of a score, so near-ties trade places day to day. */
  shuffle: 0.04,
  /** Diversity: at most this many picks from one leaf category. */
  perLeaf: 2,
  /** Diversity: at most this share of the picks from one top-level category (unless narrow). */
  perRootShare: 0.5,
  /** Fewer picks than this that answer an interest strongly (or are liked) raise the honesty flag. */
  honestyMin: 4,
} as const

/** Quality: a Bayesian average rating (catalog mean, by `priorReviews` phantom reviews). */
export const QUALITY = { priorReviews: 20, meanRating: 4.3, fullReviews: 2000 } as const
