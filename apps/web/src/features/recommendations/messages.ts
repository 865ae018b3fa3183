import type { RecommendationSignal } from '@presently/domain'

/**
 * Recommendation texts (spec browsing-and-purchase §4 "Recommendations", §8; account-area §2
 * "Home page" and "Person detail").
 */
export const RECOMMENDATION_UI = {
  title: 'Recommendations',
  loading: 'Finding recommendations…',
  /** Home block (account-area §2 "Home page"). */
  homeError: 'Unable to load recommendations',
  homeEmpty: 'No recommendations available for this person and occasion',
  /** Person page (account-area §2 "Person detail"). */
  personError: 'Unable to load recommendations.',
  personEmpty: 'No recommendations available. Try a different occasion or number of results.',
  tryAgain: 'Try Again',
  giftIdeas: 'Gift Ideas',
  /** Beyond the spec: the person page's event picker and its empty state. */
  eventPicker: 'Gift ideas for',
  noEvents: 'Add an important date to see gift ideas for it.',
  confidence: 'Confidence',
  signals: 'Based on',
  priceBands: 'Price ranges',
  fetchFailed: (status: number | string, body: string) => `Failed to fetch recommendations: ${status} ${body}`,
} as const

/** Plain names of the signal families an answer lists (packages/recommender SIGNALS). */
export const SIGNAL_LABELS: Record<RecommendationSignal, string> = {
  interest: 'Interests',
  like: 'Liked products',
  order: 'Past orders',
  age: 'Age',
  relationship: 'Relationship',
  gender: 'Gender',
  intelligence: 'Intelligence',
  lifestyle: 'Lifestyle',
  taste: 'Taste',
  personality: 'Personality',
  giftKind: 'Gift preferences',
  values: 'Values',
  occasion: 'Occasion',
  promo: 'Occasion offers',
  popularity: 'Popularity',
}
