import { ageOn, daysBetween, formatPrice, nextOccurrence } from '@presently/domain'
import { AGE_BANDS, ageBand, ageBandWeights } from './data/age.ts'
import { AVOID_RULES, BUDGET_BANDS, GIFT_GROUPS, GIFT_KIND_TARGETS, VALUES_TARGETS } from './data/gift-preferences.ts'
import { OCCASION_TARGETS } from './data/occasions.ts'
import { OPTION_TARGETS } from './data/options.ts'
import { relationshipRole, ROLE_PROFILES, type RelationshipRole } from './data/relationships.ts'
import { FACTORS, LIKE_ASSOCIATION } from './weights.ts'
import type { AgeBand, CategoryTarget, OccasionInput, OptionKind, ProfileInput } from './types.ts'

/** A band's max is exclusive; a spend limit is inclusive ("at most £15"), so it is nudged up by less than a penny. */
const LIMIT_EPSILON = 0.001

/** A profile option that steers, with how the reasoning says it. */
export interface SteeringOption {
  kind: OptionKind | 'giftKind' | 'values'
  label: string
  says: string
  targets: CategoryTarget[]
}

/** What the engine derives from a profile and an occasion before scoring any category. */
export interface PersonContext {
  name: string
  /** Age the present is for (at the event where one is known), null when unknown. */
  age: number | null
  ageSource: 'dateOfBirth' | 'occasion' | null
  /** "turns" for a birthday (age at the next birthday), else "is". */
  ageVerb: 'turns' | 'is'
  /** Weight of each age band (sums to 1), null when nothing suggests an age. */
  bands: Record<AgeBand, number> | null
  /** 1 for a known age, FACTORS.ageGuessScale when only the relationship suggests one. */
  ageCertainty: number
  role: RelationshipRole | null
  options: SteeringOption[]
  /**
   * Chosen budget bands (empty: no budget), [min, max) in pounds, already cut to the spend limit
   * when one is set.
   */
  budget: { min: number; max: number; says: string }[]
  /** What is left of the person's budget for this occasion in pounds (issue 22), null without one. */
  spendLimit: number | null
  avoidExclude: string[]
  avoidSoften: string[]
  likes: { path: string; strength: number; title: string }[]
  /** Past orders for the person that speak for a range (other occasions, or over a year ago). */
  orderPaths: { path: string; title: string }[]
  /** Products bought for this person for this occasion within FACTORS.repeatWindowDays. */
  repeats: { path: string; title: string; date: string }[]
  occasionTargets: CategoryTarget[]
  /** The promo named like the occasion's value (it may not exist in the catalog). */
  promo: string
  completeness: number
}

/**
 * Reads a profile for one occasion (spec account-area §3): the age the present is for (the next
 * birthday for a birthday, the next occurrence of the person's event of this occasion, or today;
 * a baby for New Baby and Christening), the relationship role, the steering options, budget and
 * avoid constraints, likes by association, and orders split into "bought for this occasion in the
 * last year" (not again) and the rest (a liking for that range).
 * @param today UK date YYYY-MM-DD.
 */
export function personContext(profile: ProfileInput, occasion: OccasionInput, today: string): PersonContext {
  const occasionData = OCCASION_TARGETS[occasion.value]
  const role = relationshipRole(profile.relationship)

  let age: number | null = null
  let ageSource: PersonContext['ageSource'] = null
  let ageVerb: PersonContext['ageVerb'] = 'is'
  if (occasionData?.recipient === 'baby') {
    age = 0
    ageSource = 'occasion'
  } else if (profile.dateOfBirth) {
    const event = profile.events.find((e) => e.occasionId === occasion.id)
    const on =
      occasion.value === 'birthday'
        ? nextOccurrence(profile.dateOfBirth, today)
        : event
          ? nextOccurrence(event.date, today)
          : today
    age = ageOn(profile.dateOfBirth, on)
    if (age !== null && age < 0) age = 0
    if (age !== null) {
      ageSource = 'dateOfBirth'
      if (occasion.value === 'birthday') ageVerb = 'turns'
    }
  }
  let bands: Record<AgeBand, number> | null = null
  let ageCertainty = 1
  if (age !== null) bands = ageBandWeights(age)
  else if (role) {
    const guess = ROLE_PROFILES[role].ages
    const total = AGE_BANDS.reduce((s, b) => s + (guess[b] ?? 0), 0)
    if (total > 0) {
      bands = { toddler: 0, child: 0, teen: 0, adult: 0 }
      for (const b of AGE_BANDS) bands[b] = (guess[b] ?? 0) / total
      ageCertainty = FACTORS.ageGuessScale
    }
  }

  const options: SteeringOption[] = []
  for (const selection of profile.selections) {
    const data = OPTION_TARGETS[selection.option]
    if (data) options.push({ kind: selection.kind, label: selection.option, says: data.says, targets: data.targets })
  }
  const budget: PersonContext['budget'] = []
  const avoidExclude: string[] = []
  const avoidSoften: string[] = []
  for (const preference of profile.giftPreferences) {
    if (preference.group === GIFT_GROUPS.kind) {
      const data = GIFT_KIND_TARGETS[preference.option]
      if (data) options.push({ kind: 'giftKind', label: preference.option, says: data.says, targets: data.targets })
    } else if (preference.group === GIFT_GROUPS.values) {
      const data = VALUES_TARGETS[preference.option]
      if (data) options.push({ kind: 'values', label: preference.option, says: data.says, targets: data.targets })
    } else if (preference.group === GIFT_GROUPS.budget) {
      const band = BUDGET_BANDS[preference.option]
      if (band) budget.push(band)
    } else if (preference.group === GIFT_GROUPS.avoid) {
      const rule = AVOID_RULES[preference.option]
      if (rule) {
        avoidExclude.push(...rule.exclude)
        avoidSoften.push(...(rule.soften ?? []))
      }
    }
  }

  // Issue 22: what is left of the budget caps every band (inclusive: "at most £15"); with no
  // band chosen, or none below the limit, the one band is "up to the limit".
  const spendLimit = profile.spendLimit ?? null
  if (spendLimit !== null) {
    const cap = spendLimit + LIMIT_EPSILON
    const cut = budget.filter((band) => band.min < cap).map((band) => ({ ...band, max: Math.min(band.max, cap) }))
    budget.length = 0
    budget.push(...(cut.length ? cut : [{ min: 0, max: cap, says: `${formatPrice(spendLimit)} left` }]))
  }

  const likes: PersonContext['likes'] = []
  for (const like of profile.likes) {
    if (!like.path) continue
    const strength =
      like.forPerson && like.forOccasion
        ? LIKE_ASSOCIATION.personAndOccasion
        : like.forPerson
          ? LIKE_ASSOCIATION.person
          : like.forOccasion
            ? LIKE_ASSOCIATION.occasion
            : 0
    if (strength > 0) likes.push({ path: like.path, strength, title: like.title })
  }
  const orderPaths: PersonContext['orderPaths'] = []
  const repeats: PersonContext['repeats'] = []
  for (const order of profile.orders) {
    if (!order.path) continue
    const age = daysBetween(order.date, today)
    if (!order.notBought && order.occasionId === occasion.id && age >= 0 && age <= FACTORS.repeatWindowDays) {
      repeats.push({ path: order.path, title: order.title, date: order.date })
    } else orderPaths.push({ path: order.path, title: order.title })
  }

  return {
    name: profile.name,
    age,
    ageSource,
    ageVerb,
    bands,
    ageCertainty,
    role,
    options,
    budget,
    spendLimit,
    avoidExclude,
    avoidSoften,
    likes,
    orderPaths,
    repeats,
    occasionTargets: occasionData?.targets ?? [],
    promo: occasion.value,
    completeness: Math.min(100, Math.max(0, profile.completeness)),
  }
}

/** The band of the age the present is for, if known. */
export function contextAgeBand(context: PersonContext): AgeBand | null {
  return context.age === null ? null : ageBand(context.age)
}
