/**
 * Profile completeness and tiers (spec account-area §9 "Profile completeness points", §4 tiers).
 * Pure: the server computes it for lists and the profile form shows it live from the same code.
 */

/** Points of each section and the caps of the counted ones (spec account-area §9). */
export const COMPLETENESS_POINTS = {
  name: 1,
  relationship: 1,
  gender: 0.5,
  orientation: 0.5,
  /** One point per distinct category chosen, up to the cap. */
  intelligence: 3,
  lifestyle: 4,
  taste: 5,
  personality: 8,
  /** One point when any gift preference is chosen. */
  giftPreferences: 1,
  /** 1 for the first interest plus 0.2 per extra, the bonus capped at 1. */
  interests: { first: 1, perExtra: 0.2, bonusCap: 1 },
  /** 2 for the first event plus 0.5 per extra, the bonus capped at 1. */
  events: { first: 2, perExtra: 0.5, bonusCap: 1 },
} as const

/** The highest score: every section full (29 points). */
export const COMPLETENESS_MAX =
  COMPLETENESS_POINTS.name +
  COMPLETENESS_POINTS.relationship +
  COMPLETENESS_POINTS.gender +
  COMPLETENESS_POINTS.orientation +
  COMPLETENESS_POINTS.intelligence +
  COMPLETENESS_POINTS.lifestyle +
  COMPLETENESS_POINTS.taste +
  COMPLETENESS_POINTS.personality +
  COMPLETENESS_POINTS.giftPreferences +
  COMPLETENESS_POINTS.interests.first +
  COMPLETENESS_POINTS.interests.bonusCap +
  COMPLETENESS_POINTS.events.first +
  COMPLETENESS_POINTS.events.bonusCap

/** What completeness reads of a person: form values or a stored profile alike. */
export interface CompletenessInput {
  name?: string | null
  relationshipId?: number | null
  gender?: string | null
  orientation?: string | null
  intelligenceSelections?: ReadonlyArray<{ categoryId: number }>
  lifestyleSelections?: ReadonlyArray<{ categoryId: number }>
  tasteSelections?: ReadonlyArray<{ categoryId: number }>
  personalitySelections?: ReadonlyArray<{ categoryId: number }>
  giftPreferenceSelections?: ReadonlyArray<unknown>
  interests?: ReadonlyArray<unknown>
  events?: ReadonlyArray<unknown>
}

/** The sections of a profile, in the form's order, with the points each holds now and at most. */
export interface CompletenessSection {
  key:
    | 'name'
    | 'relationship'
    | 'gender'
    | 'orientation'
    | 'intelligence'
    | 'lifestyle'
    | 'taste'
    | 'personality'
    | 'giftPreferences'
    | 'interests'
    | 'events'
  points: number
  max: number
}

/**
 * What each completeness section is called where a profile's missing parts are listed (the
 * profile-completion email, spec account-area §6; the person page names `events` its own way).
 */
export const COMPLETENESS_SECTION_NAMES: Readonly<Record<CompletenessSection['key'], string>> = {
  name: 'Name',
  relationship: 'Relationship',
  gender: 'Gender',
  orientation: 'Orientation',
  intelligence: 'Intelligence',
  lifestyle: 'Lifestyle',
  taste: 'Taste',
  personality: 'Personality',
  giftPreferences: 'Gift preferences',
  interests: 'Interests',
  events: 'Events',
}

const distinctCategories = (selections: ReadonlyArray<{ categoryId: number }> | undefined, cap: number) =>
  Math.min(cap, new Set((selections ?? []).map((s) => s.categoryId)).size)

/** First item worth `first`, each further one `perExtra`, the extra capped at `bonusCap`. */
const withBonus = (count: number, rule: { first: number; perExtra: number; bonusCap: number }) =>
  count === 0 ? 0 : rule.first + Math.min(rule.bonusCap, (count - 1) * rule.perExtra)

/**
 * Points per section (spec account-area §9): a name counts only if non-blank, a relationship
 * only if its id is above 0 (§5 "Completeness required fields"); option sections count distinct
 * categories up to their caps.
 */
export function completenessSections(person: CompletenessInput): CompletenessSection[] {
  const p = COMPLETENESS_POINTS
  return [
    { key: 'name', points: person.name?.trim() ? p.name : 0, max: p.name },
    { key: 'relationship', points: (person.relationshipId ?? 0) > 0 ? p.relationship : 0, max: p.relationship },
    { key: 'gender', points: person.gender ? p.gender : 0, max: p.gender },
    { key: 'orientation', points: person.orientation ? p.orientation : 0, max: p.orientation },
    {
      key: 'intelligence',
      points: distinctCategories(person.intelligenceSelections, p.intelligence),
      max: p.intelligence,
    },
    { key: 'lifestyle', points: distinctCategories(person.lifestyleSelections, p.lifestyle), max: p.lifestyle },
    { key: 'taste', points: distinctCategories(person.tasteSelections, p.taste), max: p.taste },
    {
      key: 'personality',
      points: distinctCategories(person.personalitySelections, p.personality),
      max: p.personality,
    },
    {
      key: 'giftPreferences',
      points: (person.giftPreferenceSelections?.length ?? 0) > 0 ? p.giftPreferences : 0,
      max: p.giftPreferences,
    },
    {
      key: 'interests',
      points: withBonus(person.interests?.length ?? 0, p.interests),
      max: p.interests.first + p.interests.bonusCap,
    },
    {
      key: 'events',
      points: withBonus(person.events?.length ?? 0, p.events),
      max: p.events.first + p.events.bonusCap,
    },
  ]
}

/**
 * Completeness as a whole percentage 0..100: points over COMPLETENESS_MAX (29), rounded
 * (spec account-area §9 "the percentage is rounded").
 */
export function completenessPercent(person: CompletenessInput): number {
  const points = completenessSections(person).reduce((sum, s) => sum + s.points, 0)
  return Math.round((points / COMPLETENESS_MAX) * 100)
}

/** Tiers of the people list and its filters (spec account-area §4, §9): gold 85, silver 60. */
export const LIST_TIER_THRESHOLDS = { gold: 85, silver: 60 } as const
export type ProfileTier = 'gold' | 'silver' | 'bronze'

/** The list tier of a percentage: gold >= 85, silver 60..84, bronze below 60. */
export function listTier(percent: number): ProfileTier {
  if (percent >= LIST_TIER_THRESHOLDS.gold) return 'gold'
  if (percent >= LIST_TIER_THRESHOLDS.silver) return 'silver'
  return 'bronze'
}

/** Marks of the profile form's bar (spec account-area §4, §9): Silver at 45, Gold at 75, complete at 100. */
export const FORM_TIER_MARKS = { silver: 45, gold: 75, complete: 100 } as const

/** The form bar's reading of a percentage and its message (spec account-area §4). */
export function formTier(percent: number): { tier: ProfileTier | 'complete'; message: string } {
  if (percent >= FORM_TIER_MARKS.complete) {
    return {
      tier: 'complete',
      message: 'Complete! Profiles with all sections filled provide the best gift recommendations',
    }
  }
  if (percent >= FORM_TIER_MARKS.gold) {
    return { tier: 'gold', message: 'Gold profile: fill the last sections to complete it' }
  }
  if (percent >= FORM_TIER_MARKS.silver) {
    return { tier: 'silver', message: 'Silver profile: add more details to reach Gold' }
  }
  return { tier: 'bronze', message: 'Bronze profile: start adding basic information' }
}
