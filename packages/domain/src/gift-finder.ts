import { z } from 'zod'
import { pickProductOutput } from './picks.ts'

/**
 * The gift finder (issue 40): four quick answers a visitor gives without an account (who, age
 * band, occasion, budget band, one to three of the shop's gift interests), answered with 8 to
 * 24 products from the picks engine. The answers travel in the page's address
 * (`/gift-finder?who=colleague&age=adult&event=christmas&budget=under-10&interests=gaming`),
 * so results can be shared and reloaded. The REST query and the tRPC input name the occasion
 * `occasion`; the page's address names it `event`, because the web app's root route keeps an
 * `occasion` id (the spec's person-and-occasion selection) on every address.
 */

/** Who the present is for: a relationship of the profile form, or "colleague" and "Secret Santa". */
export const FINDER_WHO = [
  'partner',
  'parent',
  'grandparent',
  'child',
  'sibling',
  'friend',
  'colleague',
  'secret-santa',
  'teacher',
  'someone-else',
] as const
export type FinderWho = (typeof FINDER_WHO)[number]

/** What the page says for each (UK English), and the relationship of the profile form it stands for. */
export const FINDER_WHO_LABELS: Record<FinderWho, { label: string; relationship: string; they: string }> = {
  partner: { label: 'Partner', relationship: 'Partner', they: 'your partner' },
  parent: { label: 'Mum or Dad', relationship: 'Parent', they: 'your parent' },
  grandparent: { label: 'Grandparent', relationship: 'Grandparent', they: 'your grandparent' },
  child: { label: 'Son or daughter', relationship: 'Child', they: 'your child' },
  sibling: { label: 'Brother or sister', relationship: 'Sibling', they: 'your sibling' },
  friend: { label: 'Friend', relationship: 'Friend', they: 'your friend' },
  colleague: { label: 'Colleague', relationship: 'Colleague', they: 'your colleague' },
  'secret-santa': { label: 'Secret Santa', relationship: 'Colleague', they: 'your Secret Santa' },
  teacher: { label: 'Teacher', relationship: 'Teacher', they: 'your teacher' },
  'someone-else': { label: 'Someone else', relationship: 'Other', they: 'them' },
}

/** Age bands, youngest first; `years` is the age the engine reads for the band (its middle). */
export const FINDER_AGES = ['under-3', '3-7', '8-12', '13-17', 'adult', 'over-60'] as const
export type FinderAge = (typeof FINDER_AGES)[number]
export const FINDER_AGE_LABELS: Record<FinderAge, { label: string; years: number }> = {
  'under-3': { label: 'Under 3', years: 1 },
  '3-7': { label: '3 to 7', years: 5 },
  '8-12': { label: '8 to 12', years: 10 },
  '13-17': { label: '13 to 17', years: 15 },
  adult: { label: 'Adult', years: 35 },
  'over-60': { label: 'Over 60', years: 68 },
}

/** Budget bands per present: the most to spend, whole pounds (null: any price). */
export const FINDER_BUDGETS = ['under-10', 'under-20', 'under-50', 'under-100', 'any'] as const
export type FinderBudget = (typeof FINDER_BUDGETS)[number]
export const FINDER_BUDGET_LABELS: Record<FinderBudget, { label: string; max: number | null }> = {
  'under-10': { label: 'Under £10', max: 10 },
  'under-20': { label: 'Under £20', max: 20 },
  'under-50': { label: 'Under £50', max: 50 },
  'under-100': { label: 'Under £100', max: 100 },
  any: { label: 'Any price', max: null },
}

/** Products answered: 8 to 24, 12 by default (issue 40). */
export const FINDER_COUNT = { min: 8, max: 24, default: 12 } as const
/** Interests chosen: one to three. */
export const FINDER_INTERESTS = { min: 1, max: 3 } as const

export const FINDER_MESSAGES = {
  who: `who must be one of ${FINDER_WHO.join(', ')}`,
  age: `age must be one of ${FINDER_AGES.join(', ')}`,
  budget: `budget must be one of ${FINDER_BUDGETS.join(', ')}`,
  occasion: 'occasion is required (an occasion such as christmas or birthday)',
  interests: `interests must name ${FINDER_INTERESTS.min} to ${FINDER_INTERESTS.max} of the shop's gift interests, separated by commas`,
  count: `count must be a whole number from ${FINDER_COUNT.min} to ${FINDER_COUNT.max}`,
  unknownInterest: (slug: string) => `Unknown interest "${slug}"`,
  unknownOccasion: (value: string) => `Unknown occasion "${value}"`,
} as const

/** A slug of a gift interest: lower-case letters, digits and hyphens (PRESENTLY:<slug>). */
const interestSlug = z
  .string({ error: FINDER_MESSAGES.interests })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: FINDER_MESSAGES.interests })

/** One to three interest slugs, as a list or as the address writes them ("gaming,football"). */
export const finderInterestsField = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(interestSlug, { error: FINDER_MESSAGES.interests })
    .min(FINDER_INTERESTS.min, { error: FINDER_MESSAGES.interests })
    .max(FINDER_INTERESTS.max, { error: FINDER_MESSAGES.interests })
    .transform((list) => [...new Set(list)]),
)

/** The finder's answers (REST query string and tRPC input). */
export const giftFinderInput = z.object({
  who: z.enum(FINDER_WHO, { error: FINDER_MESSAGES.who }),
  age: z.enum(FINDER_AGES, { error: FINDER_MESSAGES.age }),
  occasion: z
    .string({ error: FINDER_MESSAGES.occasion })
    .trim()
    .min(1, { error: FINDER_MESSAGES.occasion })
    .max(100, { error: FINDER_MESSAGES.occasion })
    .regex(/^[\p{L}\p{N}' -]+$/u, { error: FINDER_MESSAGES.occasion }),
  budget: z.enum(FINDER_BUDGETS, { error: FINDER_MESSAGES.budget }),
  interests: finderInterestsField,
  count: z.preprocess(
    (v) => (v === undefined || v === '' ? FINDER_COUNT.default : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: FINDER_MESSAGES.count })
      .int({ error: FINDER_MESSAGES.count })
      .min(FINDER_COUNT.min, { error: FINDER_MESSAGES.count })
      .max(FINDER_COUNT.max, { error: FINDER_MESSAGES.count }),
  ),
})
export type GiftFinderInput = z.output<typeof giftFinderInput>

/** One pick of the finder: the product, its category and its reason. */
export const finderPickOutput = z.object({
  product: pickProductOutput,
  category: z.object({ name: z.string(), categoryUrl: z.string() }),
  reason: z.string(),
})

/** The finder's answer. */
export const giftFinderOutput = z.object({
  picks: z.array(finderPickOutput),
  /** Most per present in pounds (null: any price). */
  budget: z.object({ max: z.number().nullable(), label: z.string() }),
  /** The interests as the shop names them, in the order asked. */
  interests: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** The occasion as the shop names it. */
  occasion: z.object({ value: z.string(), label: z.string() }),
  /** The honesty line when the catalog has little for these answers (never filler), else null. */
  note: z.string().nullable(),
  /**
   * The nearest broader question that has more (a higher budget band, or fewer interests), with
   * how many products it finds; null when this one is full or nothing broader helps.
   */
  broader: z
    .object({
      label: z.string(),
      query: z.object({ budget: z.enum(FINDER_BUDGETS), interests: z.array(z.string()) }),
      count: z.number().int(),
    })
    .nullable(),
  /** A plain title for the answers ("Christmas gifts for your colleague who likes gaming, under £10"). */
  title: z.string(),
})
export type GiftFinderOutput = z.infer<typeof giftFinderOutput>

/** A gift interest the finder offers (the shop's own "Popular Gift Interests"). */
export const finderInterestOutput = z.object({
  slug: z.string(),
  name: z.string(),
  group: z.string(),
  aliases: z.array(z.string()),
})
export type FinderInterestOutput = z.infer<typeof finderInterestOutput>

/**
 * The query string of a finder answer's page, `?who=...&event=...` (issue 40: shareable and
 * reloadable; `event` is the occasion, see above).
 */
export function giftFinderSearch(input: Omit<GiftFinderInput, 'count'> & { count?: number | undefined }): string {
  const params = new URLSearchParams({
    who: input.who,
    age: input.age,
    event: input.occasion,
    budget: input.budget,
    interests: input.interests.join(','),
  })
  if (input.count !== undefined && input.count !== FINDER_COUNT.default) params.set('count', String(input.count))
  return `?${params.toString()}`
}

/** True for an age band of adults (issue 40: "adult relationships" get no child's toy). */
export const isAdultFinderAge = (age: FinderAge): boolean => age === 'adult' || age === 'over-60'

/**
 * A collection (issue 40): a common gift question answered by the picks engine on a page of its
 * own (/collections/{slug}), listed only while at least COLLECTION_MIN products fit.
 */
export interface GiftCollection {
  slug: string
  /** The page's heading and title ("Secret Santa gifts under £10"). */
  title: string
  /** One sentence under the heading and in the page's description. */
  description: string
  /** The relationship of the profile form the question stands for. */
  relationship: string
  /** How reasons name the person ("your Secret Santa"). */
  they: string
  /** The age the engine reads. */
  years: number
  /** Occasion value. */
  occasion: string
  /** Most per present in pounds (null: any price). */
  maxPrice: number | null
  /** Gift interest slugs (none: the occasion, age and budget alone). */
  interests: readonly string[]
}

/** A collection is shown only when at least this many products fit (issue 40). */
export const COLLECTION_MIN = 12
/** Products a collection page shows at most. */
export const COLLECTION_COUNT = 24

export const GIFT_COLLECTIONS: readonly GiftCollection[] = [
  {
    slug: 'secret-santa-gifts-under-10',
    title: 'Secret Santa gifts under £10',
    description:
      'Desk-friendly games, puzzles and brain teasers for a colleague’s Secret Santa, all under £10, each with the reason it fits.',
    relationship: 'Colleague',
    they: 'your Secret Santa',
    years: 35,
    occasion: 'christmas',
    maxPrice: 10,
    interests: ['brain-teasers', 'card-and-dice-games', 'jigsaws'],
  },
  {
    slug: 'gifts-for-a-7-year-old-who-loves-unicorns',
    title: 'Gifts for a 7 year old who loves unicorns',
    description: 'Unicorn presents and more for a seven-year-old, each with the reason it fits.',
    relationship: 'Child',
    they: 'a 7 year old',
    years: 7,
    occasion: 'birthday',
    maxPrice: null,
    interests: ['unicorns', 'drawing'],
  },
  {
    slug: 'christmas-gifts-for-grandad-under-30',
    title: 'Christmas gifts for Grandad under £30',
    description: 'Christmas presents for a grandfather for less than £30: jigsaws, model railways and more.',
    relationship: 'Grandfather',
    they: 'Grandad',
    years: 72,
    occasion: 'christmas',
    maxPrice: 30,
    interests: ['jigsaws', 'model-railways'],
  },
  {
    slug: 'gifts-for-a-teenager-who-loves-football-under-20',
    title: 'Gifts for a teenager who loves football, under £20',
    description: 'Football presents for a teenager for less than £20, each with the reason it fits.',
    relationship: 'Child',
    they: 'a teenager',
    years: 14,
    occasion: 'birthday',
    maxPrice: 20,
    interests: ['football'],
  },
  {
    slug: 'gifts-for-a-gamer-under-20',
    title: 'Gifts for a gamer under £20',
    description: 'Card, dice and board games and collectable card games for less than £20.',
    relationship: 'Friend',
    they: 'your friend',
    years: 30,
    occasion: 'birthday',
    maxPrice: 20,
    interests: ['gaming'],
  },
  {
    slug: 'gifts-for-a-model-railway-fan',
    title: 'Gifts for a model railway fan',
    description: 'Locomotives, track and accessories for someone who loves model railways.',
    relationship: 'Father',
    they: 'your dad',
    years: 62,
    occasion: 'fathers-day',
    maxPrice: null,
    interests: ['model-railways'],
  },
]

/** One collection's page. */
export const giftCollectionOutput = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  picks: z.array(finderPickOutput),
})
export type GiftCollectionOutput = z.infer<typeof giftCollectionOutput>

/** A collection as the landing page and the sitemap list it: only those with enough products. */
export const giftCollectionSummary = z.object({ slug: z.string(), title: z.string(), count: z.number().int() })
export type GiftCollectionSummary = z.infer<typeof giftCollectionSummary>

/** Input of giftFinder.collection. */
export const giftCollectionInput = z.object({
  slug: z
    .string({ error: 'slug is required' })
    .max(100, { error: 'slug is too long' })
    .regex(/^[a-z0-9-]+$/, { error: 'slug must be lower-case letters, digits and hyphens' }),
})
