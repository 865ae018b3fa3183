import { z } from 'zod'
import { isValidIsoDate, type IsoDate } from './event-dates.ts'
import { MONEY_MAX_POUNDS } from './gift-budget.ts'
import { moneyRangeMessage } from './money-input.ts'
import { idField, numberInput, safeText } from './input.ts'

export * from './gift-budget.ts'

/** Messages the gift and budget calls answer (issue 22). Each names its field and, for money, the range (issue 43 §2). */
export const GIFT_MESSAGES = {
  giftNotFound: 'Gift not found',
  unknownOccasion: 'occasionId must be a known occasion',
  /** An occasion in a plan URL that is neither a label nor a value. */
  unknownPlanOccasion: 'occasion must be a known occasion',
  link: 'link must be an http or https address',
  title: 'title is required',
  /** {field}: pricePaid, amount, default. */
  money: moneyRangeMessage('{field}'),
  wholePounds: moneyRangeMessage('{field}', { whole: true }),
  /** {field}: givenOn. */
  date: '{field} must be a real date from 1900 to a year from today (YYYY-MM-DD)',
  year: 'year must be a whole number from 1900 to 2200',
} as const

const fieldOf = (path: readonly PropertyKey[] | undefined, fallback: string) => {
  const last = path?.[path.length - 1]
  return typeof last === 'string' ? last : fallback
}

/**
 * An amount in pounds at the API (issue 22: "pounds as numbers with at most two decimals"):
 * 0..100000, at most two decimals. The message names the field ("pricePaid must be ...").
 */
export const moneyField = z
  .number({ error: (issue) => GIFT_MESSAGES.money.replace('{field}', fieldOf(issue.path, 'amount')) })
  .refine(
    (v) => Number.isFinite(v) && v >= 0 && v <= MONEY_MAX_POUNDS && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    {
      error: (issue) => GIFT_MESSAGES.money.replace('{field}', fieldOf(issue.path, 'amount')),
    },
  )

/** A budget in whole pounds, 0..100000 (issue 22 "a budget ... in whole pounds"). */
export const wholePoundsField = z
  .number({ error: (issue) => GIFT_MESSAGES.wholePounds.replace('{field}', fieldOf(issue.path, 'amount')) })
  .refine((v) => Number.isInteger(v) && v >= 0 && v <= MONEY_MAX_POUNDS, {
    error: (issue) => GIFT_MESSAGES.wholePounds.replace('{field}', fieldOf(issue.path, 'amount')),
  })

/** Adds a year to a UK date (29 February falls on 28 February). */
function aYearAfter(today: IsoDate): IsoDate {
  const next = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`
  return isValidIsoDate(next) ? next : `${next.slice(0, 8)}28`
}

/** A date a present was given: a real date from 1900-01-01 to a year after `today()` (UK). */
export function givenOnField(today: () => IsoDate) {
  const message = (issue: { path?: PropertyKey[] }) =>
    GIFT_MESSAGES.date.replace('{field}', fieldOf(issue.path, 'givenOn'))
  return z
    .string({ error: message })
    .refine((v) => isValidIsoDate(v) && v >= '1900-01-01' && v <= aYearAfter(today()), { error: message })
}

/** A link to the present: http or https only, at most 2000 characters; blank is none. */
export const giftLinkField = safeText({ max: 2000 })
  .refine(
    (v) => {
      if (v === '') return true
      try {
        const url = new URL(v)
        return url.protocol === 'http:' || url.protocol === 'https:'
      } catch {
        return false
      }
    },
    { error: GIFT_MESSAGES.link },
  )
  .nullish()
  .transform((v) => (v ? v : null))

/**
 * A present added by hand (issue 22): title (1..200), optional link (http/https), price paid in
 * pounds (optional), the date given, the occasion (optional) and a note (≤ 1000).
 */
export function giftInputSchema(today: () => IsoDate) {
  return z.object({
    title: safeText({ max: 200 }).refine((v) => v.length > 0, { error: GIFT_MESSAGES.title }),
    link: giftLinkField,
    pricePaid: moneyField.nullish().transform((v) => v ?? null),
    givenOn: givenOnField(today),
    occasionId: idField.nullish().transform((v) => v ?? null),
    note: safeText({ max: 1000 })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
}
export type GiftInput = z.output<ReturnType<typeof giftInputSchema>>
export type GiftFormValues = z.input<ReturnType<typeof giftInputSchema>>

/**
 * A present in a person's history (issue 22): bought orders (source "order", with their orderId)
 * and presents added by hand (source "manual"). pricePaid is pounds; givenOn a UK date.
 */
export const giftOutput = z.object({
  id: z.number().int(),
  personId: z.number().int(),
  occasionId: z.number().int().nullable(),
  /** The occasion's label, for display. */
  occasionLabel: z.string().nullable(),
  title: z.string(),
  link: z.string().nullable(),
  pricePaid: z.number().nullable(),
  givenOn: z.string(),
  note: z.string().nullable(),
  source: z.enum(['order', 'manual']),
  /** The order a bought present came from (source "order"), else null. */
  orderId: z.number().int().nullable(),
  /** The shop's product, when the present is one (orders, and hand-added presents that name one). */
  productId: z.number().int().nullable(),
})
export type GiftOutput = z.infer<typeof giftOutput>

/** PUT /api/orders/{id}/outcome (issue 22): bought (price paid in pounds, default the price at click) or not. */
export const orderOutcomeInput = z.object({
  outcome: z.enum(['bought', 'not_bought'], { error: 'outcome must be "bought" or "not_bought"' }),
  pricePaid: moneyField.nullish(),
})
export type OrderOutcomeInput = z.input<typeof orderOutcomeInput>

/** An occasion's budget in a PUT: amount in whole pounds, null to clear it. */
export const occasionBudgetInput = z.object({
  occasionId: idField,
  amount: wholePoundsField.nullable(),
})

/**
 * PUT /api/people/{id}/budgets (issue 22): `default` (whole pounds, null clears, absent keeps)
 * and `byOccasion` (each listed occasion set, or cleared with null; occasions not listed keep
 * theirs, so the event dialog can set one without sending the others).
 */
export const budgetsInput = z.object({
  default: wholePoundsField.nullable().optional(),
  byOccasion: z
    .array(occasionBudgetInput)
    .max(50)
    // prefault, not default: the OpenAPI document keeps `default: []` (see people.ts selections).
    .prefault([])
    .refine((list) => new Set(list.map((b) => b.occasionId)).size === list.length, {
      error: 'byOccasion must name each occasion once',
    }),
})
export type BudgetsInput = z.input<typeof budgetsInput>

/** Spend against a budget for one occasion's current year: "£32 of £40 spent for Christmas 2026". */
export const budgetStatusOutput = z.object({
  occasionId: z.number().int(),
  occasionLabel: z.string(),
  year: z.number().int(),
  /** Pounds, null when no budget applies. */
  budget: z.number().nullable(),
  spent: z.number(),
  remaining: z.number().nullable(),
  source: z.enum(['event', 'person', 'none']),
})
export type BudgetStatusOutput = z.infer<typeof budgetStatusOutput>

/**
 * GET /api/people/{id}/budgets (issue 22): the default and each occasion's budget in pounds, and
 * the spend of this year for every occasion with a budget or an event of the person.
 */
export const budgetsOutput = z.object({
  default: z.number().nullable(),
  byOccasion: z.array(z.object({ occasionId: z.number().int(), occasionLabel: z.string(), amount: z.number() })),
  status: z.array(budgetStatusOutput),
})
export type BudgetsOutput = z.infer<typeof budgetsOutput>

/** The year of a plan: 1900..2200. */
export const planYearField = numberInput(
  z
    .number({ error: GIFT_MESSAGES.year })
    .int({ error: GIFT_MESSAGES.year })
    .min(1900, { error: GIFT_MESSAGES.year })
    .max(2200, { error: GIFT_MESSAGES.year }),
)

/** GET /api/plan/{occasion}/{year}: the occasion by label or value (any case), the occasion year. */
export const planInput = z.object({
  occasion: safeText({ max: 100 }).refine((v) => v.length > 0, { error: GIFT_MESSAGES.unknownPlanOccasion }),
  year: planYearField,
})
export type PlanInput = z.input<typeof planInput>

/**
 * The occasion plan (issue 22): every person with an event of the occasion, their budget, spend
 * and presents of that occasion year (pounds), people still without a present first; totals at the foot.
 */
export const planOutput = z.object({
  occasion: z.object({ id: z.number().int(), value: z.string(), label: z.string() }),
  year: z.number().int(),
  people: z.array(
    z.object({
      person: z.object({ id: z.number().int(), name: z.string() }),
      budget: z.number().nullable(),
      spent: z.number(),
      remaining: z.number().nullable(),
      gifts: z.array(giftOutput),
    }),
  ),
  totals: z.object({ budget: z.number(), spent: z.number() }),
})
export type PlanOutput = z.infer<typeof planOutput>
