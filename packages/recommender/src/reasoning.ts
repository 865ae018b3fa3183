import { formatPrice } from '@presently/domain'
import { ROLE_PROFILES } from './data/relationships.ts'
import type { PersonContext } from './context.ts'
import { signalStrength } from './confidence.ts'
import type { Explanation, ScoredCandidate } from './score.ts'
import type { OccasionInput } from './types.ts'

/** How a sentence says "for this occasion", by occasion value; otherwise "for {label}". */
const OCCASION_FOR: Record<string, string> = {
  birthday: 'for a birthday',
  christmas: 'for Christmas',
  anniversary: 'for an anniversary',
  wedding: 'for a wedding',
  graduation: 'for a graduation',
  'new-baby': 'for a new baby',
  'mothers-day': "for Mother's Day",
  'fathers-day': "for Father's Day",
  'valentines-day': "for Valentine's Day",
  easter: 'for Easter',
  diwali: 'for Diwali',
  eid: 'for Eid',
  hanukkah: 'for Hanukkah',
  'lunar-new-year': 'for Lunar New Year',
  engagement: 'for an engagement',
  christening: 'for a christening',
  retirement: 'for a retirement',
  housewarming: 'for a housewarming',
  'new-job': 'for a new job',
  'exam-results': 'for good exam results',
  'thank-you': 'to say thank you',
  'get-well': 'to wish them well',
  leaving: 'for a leaving do',
  'just-because': 'just because',
}

/** Occasion labels that are common nouns (lower-cased mid-sentence); the rest are names. */
const COMMON_OCCASIONS = new Set([
  'birthday',
  'anniversary',
  'wedding',
  'graduation',
  'new-baby',
  'engagement',
  'christening',
  'retirement',
  'housewarming',
  'new-job',
  'exam-results',
  'thank-you',
  'get-well',
  'leaving',
  'just-because',
])

/** Words of interest names that stay capitalised (names of places, events, acronyms). */
const PROPER_WORDS = new Set([
  'Europe',
  'Asia',
  'Africa',
  'Australia',
  'Oceania',
  'North',
  'South',
  'America',
  'American',
  'Australian',
  'Olympic',
])

/** plainInterest's answers: the names are the reference data's interests (a few hundred), asked for on every call. */
const plainInterests = new Map<string, string>()

/** An interest name as it reads mid-sentence: "Model Toys" -> "model toys", "Europe Travel" -> "Europe travel". */
export function plainInterest(name: string): string {
  let plain = plainInterests.get(name)
  if (plain === undefined) {
    plain = name
      .split(' ')
      .map((word) => (/^[A-Z][a-z-]+$/.test(word) && !PROPER_WORDS.has(word) ? word.toLowerCase() : word))
      .join(' ')
    // Bounded: a name from outside the reference data (a test's) is not kept past the first thousand.
    if (plainInterests.size < 1000) plainInterests.set(name, plain)
  }
  return plain
}

/** The occasion's label as it reads mid-sentence ("birthday", "Christmas"). */
export function occasionNoun(occasion: OccasionInput): string {
  return COMMON_OCCASIONS.has(occasion.value) ? occasion.label.toLowerCase() : occasion.label
}

/** "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const wholeNumbers = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 })
/** 13219 -> "13,219" (one shared formatter: building one per call costs milliseconds). */
const wholeNumber = (n: number) => wholeNumbers.format(n)

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * One or two plain en-GB sentences naming the real signals behind an answer
 * (spec account-area §3 "reasoning"; issue 12: never generic filler):
 * first what is known of the person that points here (interests with Love or Like, profile
 * options, the age, likes, past orders, the relationship), then the category itself (the
 * occasion's promo or fit, prices and brands of its real products, the budget, its reviews) and,
 * when a purchase for this occasion last year steered the answer, that it is not suggested again.
 *
 * @param evidence what of the person points at the category (score.ts explain()).
 * @param repeatOf display name of the category bought for this occasion last year, when the
 *   note belongs to this answer.
 */
export function reasoningFor(
  candidate: ScoredCandidate,
  evidence: Explanation,
  context: PersonContext,
  occasion: OccasionInput,
  repeatOf?: string,
): string {
  const { signals, stats } = candidate
  const name = context.name.trim() || 'They'
  const clauses: string[] = []

  const loved = evidence.interests.filter((i) => i.love && i.value >= 0.3)
  const liked = evidence.interests.filter((i) => !i.love && i.value >= 0.3)
  const interestClause = (verb: string, list: typeof loved) => {
    const names = list.map((i) => plainInterest(i.name))
    const two = names.slice(0, 2)
    return `${verb} ${two.some((n) => n.includes(' and ')) ? names[0] : listText(two)}`
  }
  if (loved.length) clauses.push(interestClause('loves', loved))
  if (liked.length && clauses.length < 2) clauses.push(interestClause('likes', liked))
  for (const option of evidence.options) {
    if (clauses.length >= 3) break
    if (option.value >= 0.3 && !clauses.includes(option.says)) clauses.push(option.says)
  }
  const ageStrength = signalStrength('age', signals.age ?? 0)
  if (context.ageSource === 'dateOfBirth' && context.age !== null && (ageStrength >= 0.25 || clauses.length === 0)) {
    clauses.push(context.age === 0 ? 'is under one' : `${context.ageVerb} ${context.age}`)
  }

  let first: string
  const likes = evidence.likes
  const likeText = likes
    ? `you liked ${likes === 1 ? 'a product' : `${likes} products`} in this range for ${clauses.length ? 'them' : name}`
    : ''
  if (clauses.length) {
    first = `${name} ${listText(clauses)}${likeText ? `; ${likeText}` : ''}.`
  } else if (likeText) {
    first = `${capitalise(likeText)}.`
  } else if (evidence.orders > 0) {
    first = `You have bought ${name} presents from this range before.`
  } else if (context.ageSource === 'occasion') {
    first = `A present for the baby, whoever it is given to.`
  } else if (context.role && (signals.relationship ?? 0) > 0 && context.role !== 'other') {
    first = `A good fit for ${ROLE_PROFILES[context.role].noun} like ${name}.`
  } else {
    first = `With little known about ${name} yet, this is chosen ${OCCASION_FOR[occasion.value] ?? `for ${occasionNoun(occasion)}`} from the shop's best-reviewed ranges.`
  }

  const promoStrong = signalStrength('promo', signals.promo ?? 0) >= 0.3
  const occasionStrong = signalStrength('occasion', signals.occasion ?? 0) >= 0.3
  let second: string
  if (promoStrong) second = `${capitalise(occasion.label)} favourites in ${stats.displayName}`
  else if (occasionStrong)
    second = `${stats.displayName} is a good pick ${OCCASION_FOR[occasion.value] ?? `for ${occasionNoun(occasion)}`}`
  else second = `${stats.displayName} has ${wholeNumber(stats.count)} to choose from`

  const cheapest = Math.min(...stats.buckets.map((b) => b.minPrice))
  const brands = new Map<string, number>()
  for (const bucket of stats.buckets)
    for (const brand of bucket.brands) brands.set(brand.name, (brands.get(brand.name) ?? 0) + brand.count)
  const topBrands = [...brands]
    .filter(([brand, n]) => n >= 2 && !/^(unbranded|generic|unknown)$/i.test(brand))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 2)
    .map(([brand]) => brand.trim())
  if (context.spendLimit !== null && candidate.inBudget > 0) {
    // Issue 22: what is left of the person's budget for this occasion.
    const within = Math.round(candidate.inBudget * stats.count)
    second += `, with ${wholeNumber(within)} within the ${formatPrice(context.spendLimit)} left of your budget`
  } else if (context.budget.length && candidate.inBudget > 0) {
    const within = Math.round(candidate.inBudget * stats.count)
    second += `, with ${wholeNumber(within)} within the ${listText(context.budget.map((b) => b.says))} budget`
  } else if (Number.isFinite(cheapest)) {
    second += `, from ${formatPrice(cheapest)}`
  }
  if (topBrands.length) second += ` by makers such as ${listText(topBrands)}`
  const thinEvidence = clauses.length === 0 && !likeText
  if (thinEvidence && stats.rating !== null && stats.reviews >= 20) {
    second += `, rated ${stats.rating.toFixed(1)} out of 5 over ${wholeNumber(stats.reviews)} reviews`
  }
  if (repeatOf) second += `; not ${repeatOf} again after last year's ${occasionNoun(occasion)} present`
  return `${first} ${second}.`
}
