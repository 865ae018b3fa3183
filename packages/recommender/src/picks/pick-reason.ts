import { formatPrice } from '@presently/domain'
import type { OccasionInput } from '../types.ts'
import { occasionNoun } from '../reasoning.ts'
import type { PickSignal } from './types.ts'

/** What is true of one pick, for its reason (all real readings; nothing is invented). */
export interface ReasonFacts {
  /** The person's name. */
  name: string
  /** Association strength of a like of this very product (0: not liked). */
  liked: number
  /** The liked product this one is a near neighbour of, or null. */
  neighbourTitle: string | null
  /** Interests it answers (by its terms first, then its category), strongest first. */
  interests: { says: string; love: boolean }[]
  /** Profile options it answers, as the profile says them ("loves words"). */
  options: string[]
  rating: number | null
  reviews: number | null
  /** productQuality 0..1. */
  quality: number
  price: number
  budget: number | null
  /** The occasion when its range is the occasion's own (promo or fit), else null. */
  occasion: OccasionInput | null
  /** The person is an adult and the title says it is for adults. */
  forAdults: boolean
  category: string
  brand: string | null
}

const wholeNumbers = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 })

/** Pounds as a reason says them: "£30", "£27.99". */
export function pounds(amount: number): string {
  return Number.isInteger(amount) ? `£${wholeNumbers.format(amount)}` : formatPrice(amount)
}

/** The first words of a title, for "like the ... you liked". */
function shortTitle(title: string): string {
  const words = title.split(/\s+/).slice(0, 5).join(' ')
  return words.replace(/[,;:–-]+$/, '')
}

/** One interest, or two when neither name has its own "and" ("model toys and jigsaws", never "a and b and c"). */
const twoAtMost = (items: readonly string[]) =>
  items.length >= 2 && !items[0]!.includes(' and ') && !items[1]!.includes(' and ')
    ? `${items[0]} and ${items[1]}`
    : (items[0] ?? '')

/**
 * One plain en-GB sentence naming the strongest real signals of a pick (issue 20 "reason":
 * "Loves baking; 4.8 stars from 1,200 reviews; within your £30"): at most three clauses, in the
 * order like, interests, options, quality, budget, occasion, adult fit. The wording of each
 * clause rotates with the pick's position, and a reason already used in this answer is worded
 * again (the next variant, then the brand or price), so picks with different signals read
 * differently and no two reasons repeat. Never filler: a clause is said only when its reading is real.
 * @param index the pick's position (0-based), which chooses the wording.
 * @param used reasons already given in this answer.
 */
export function pickReason(
  facts: ReasonFacts,
  index: number,
  used: ReadonlySet<string>,
): { reason: string; signals: PickSignal[] } {
  for (let attempt = 0; attempt < 4; attempt++) {
    const built = buildReason(facts, index + attempt, attempt >= 2)
    if (!used.has(built.reason)) return built
  }
  const built = buildReason(facts, index, true)
  return { ...built, reason: `${built.reason.slice(0, -1)}; ${formatPrice(facts.price)}.` }
}

function buildReason(
  facts: ReasonFacts,
  variant: number,
  withBrand: boolean,
): { reason: string; signals: PickSignal[] } {
  const clauses: string[] = []
  const signals: PickSignal[] = []
  const v = (n: number) => variant % n
  const name = facts.name

  if (facts.liked > 0) {
    clauses.push(
      facts.liked >= 1 ? `You liked this for ${name}` : [`You liked this for ${name}`, 'On your liked list'][v(2)]!,
    )
    signals.push('liked')
  } else if (facts.neighbourTitle) {
    clauses.push(`Close to the ${shortTitle(facts.neighbourTitle)} you liked`)
    signals.push('neighbour')
  }
  // Interest clauses start in lower case (unless with the name): a like or neighbour clause may
  // come first, and only the sentence's first letter is raised ("...you liked; likes model railways.").
  if (facts.interests.length) {
    const loved = facts.interests.filter((i) => i.love).map((i) => i.says)
    const liked = facts.interests.filter((i) => !i.love).map((i) => i.says)
    if (loved.length) {
      const what = twoAtMost(loved)
      clauses.push(
        [`loves ${what}`, `for ${name}'s love of ${what}`, `${name} loves ${what}`, `${name} is a fan of ${what}`][
          v(4)
        ]!,
      )
    } else {
      const what = twoAtMost(liked)
      clauses.push([`likes ${what}`, `${name} enjoys ${what}`, `suits ${name}'s liking for ${what}`][v(3)]!)
    }
    signals.push('interest')
  }
  if (facts.options.length && !signals.includes('interest') && clauses.length < 2) {
    clauses.push(`${name} ${facts.options[0]}`)
    signals.push('option')
  }
  const reviews = facts.reviews ?? 0
  if (facts.rating !== null && reviews >= 10 && facts.rating >= 4) {
    const stars = facts.rating.toFixed(1)
    const count = wholeNumbers.format(reviews)
    clauses.push(
      [
        `${stars} stars from ${count} reviews`,
        `rated ${stars} by ${count} buyers`,
        `${count} reviews averaging ${stars} stars`,
      ][v(3)]!,
    )
    signals.push('quality')
  }
  if (facts.budget !== null) {
    const ratio = facts.price / facts.budget
    clauses.push(
      ratio >= 0.8
        ? [
            `${formatPrice(facts.price)}, close to your ${pounds(facts.budget)}`,
            `just within your ${pounds(facts.budget)}`,
          ][v(2)]!
        : ratio < 0.4
          ? `well under your ${pounds(facts.budget)}`
          : [`within your ${pounds(facts.budget)}`, `inside your ${pounds(facts.budget)} budget`][v(2)]!,
    )
    signals.push('price')
  }
  if (clauses.length < 3 && facts.occasion) {
    const noun = occasionNoun(facts.occasion)
    clauses.push(`${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun} favourite`)
    signals.push('occasion')
  }
  if (clauses.length < 3 && facts.forAdults) {
    clauses.push('made for grown-ups')
    signals.push('age')
  }
  if (clauses.length === 0) {
    clauses.push(`One of the best fits for ${name} in ${facts.category}`)
    signals.push('category')
  }
  if (withBrand && facts.brand) clauses.push(`by ${facts.brand}`)
  const text = clauses.slice(0, withBrand && facts.brand ? 4 : 3).join('; ')
  return { reason: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`, signals }
}
