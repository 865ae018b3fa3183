// No zod here: the web app's person, orders and plan pages import these (docs/decisions/web-bundle.md).
import { daysBetween, isValidIsoDate, occurrenceInYear, parseIsoDate, type IsoDate } from './event-dates.ts'

/**
 * Gift history and budgets (issue 22): the pure rules of spend and what is left of a budget.
 * Money is integer pence inside the shop and pounds (≤ 2 decimals) at the API; dates are UK
 * calendar dates "YYYY-MM-DD". The year rule is recorded in docs/decisions/gift-history-and-budgets.md.
 */

/** The largest price or budget accepted, in pounds (issue 22: "over £100,000" is refused). */
export const MONEY_MAX_POUNDS = 100_000

/** Days after an occasion during which a present still counts for it (late Christmas presents in January). */
export const LATE_GIFT_DAYS = 31

/** Orders left unmarked longer than this read "Not confirmed" (issue 22). */
export const ORDER_CONFIRM_DAYS = 30

/** Occasions that fall on the same day every year ("MM-DD"); the others follow the person's event or the calendar year. */
export const FIXED_OCCASION_DAYS: Readonly<Record<string, string>> = {
  christmas: '12-25',
  'valentines-day': '02-14',
}

/** Pounds (≤ 2 decimals) to integer pence; 12.5 -> 1250. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100)
}

/** Integer pence to pounds; 1250 -> 12.5. */
export function penceToPounds(pence: number): number {
  return pence / 100
}

/** Pence as en-GB pounds for a page: whole pounds without decimals ("£40"), otherwise two ("£32.50"). */
export function formatPence(pence: number): string {
  const pounds = pence / 100
  return `£${(Number.isInteger(pounds) ? WHOLE_POUNDS : POUNDS_AND_PENCE).format(pounds)}`
}

// Made once: toLocaleString builds a formatter on every call (the plan page formats hundreds).
const WHOLE_POUNDS = new Intl.NumberFormat('en-GB')
const POUNDS_AND_PENCE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * The day an occasion falls on for a person, as an ISO date of any year (only month and day are
 * read): the person's event of that occasion, else the occasion's fixed day (Christmas 25
 * December, Valentine's Day 14 February), else null (counted by calendar year).
 */
export function occasionAnchor(occasionValue: string, eventDate: IsoDate | null | undefined): IsoDate | null {
  if (eventDate) return eventDate
  const day = FIXED_OCCASION_DAYS[occasionValue]
  return day ? `2000-${day}` : null
}

/**
 * The occasion year a present given on `givenOn` counts in (issue 22; docs/decisions/
 * gift-history-and-budgets.md): the year of the next occurrence of the occasion on or after the
 * day, except that a present given within LATE_GIFT_DAYS after an occurrence counts for that
 * one. So a present given on 10 January 2027 for Christmas counts for Christmas 2026; one bought
 * in November counts for that December; one bought in May for a March birthday counts for next
 * year's. With no anchor (no event, no fixed day) it is the calendar year of the day.
 */
export function occasionYear(givenOn: IsoDate, anchor: IsoDate | null): number {
  const { year } = parseIsoDate(givenOn)
  if (!anchor) return year
  const thisYear = occurrenceInYear(anchor, year)
  if (givenOn <= thisYear) {
    const lastYear = occurrenceInYear(anchor, year - 1)
    return daysBetween(lastYear, givenOn) <= LATE_GIFT_DAYS ? year - 1 : year
  }
  return daysBetween(thisYear, givenOn) <= LATE_GIFT_DAYS ? year : year + 1
}

/** A present as the spend rule reads it: bought orders and presents added by hand alike. */
export interface SpendItem {
  occasionId: number | null
  /** Price paid in pence; null when not known (counts as nothing). */
  pricePaidPence: number | null
  givenOn: IsoDate
}

/**
 * Spend for one occasion and occasion year (issue 22 "gifts marked bought or added by hand for
 * that person, occasion and year"), in pence. Items of other occasions, or without one, count nothing.
 */
export function spentFor(
  items: readonly SpendItem[],
  occasionId: number,
  year: number,
  anchor: IsoDate | null,
): number {
  let total = 0
  for (const item of items) {
    if (item.occasionId !== occasionId || item.pricePaidPence === null) continue
    if (occasionYear(item.givenOn, anchor) === year) total += item.pricePaidPence
  }
  return total
}

/** Where a budget comes from: the person's budget for this occasion, their default, or none set. */
export type BudgetSource = 'event' | 'person' | 'none'

/** The budget that applies to an occasion (pence): the occasion's own, else the person's default, else none. */
export function applicableBudget(
  budgets: { defaultPence: number | null; byOccasion: ReadonlyMap<number, number> },
  occasionId: number,
): { maxPence: number | null; source: BudgetSource } {
  const own = budgets.byOccasion.get(occasionId)
  if (own !== undefined) return { maxPence: own, source: 'event' }
  if (budgets.defaultPence !== null) return { maxPence: budgets.defaultPence, source: 'person' }
  return { maxPence: null, source: 'none' }
}

/** What is left of a budget in pence: never below 0 (an overspend leaves nothing); null without a budget. */
export function remainingPence(maxPence: number | null, spentPence: number): number | null {
  return maxPence === null ? null : Math.max(0, maxPence - spentPence)
}

/** "£32 of £40 spent for Christmas 2026", or "£32 spent for Christmas 2026" without a budget. */
export function spendSummary(spentPence: number, maxPence: number | null, occasionLabel: string, year: number): string {
  const of = maxPence === null ? '' : ` of ${formatPence(maxPence)}`
  return `${formatPence(spentPence)}${of} spent for ${occasionLabel} ${year}`
}

/** "You have spent your £40 budget for Mum's Christmas" (issue 22: the recommendation block when none is left). */
export function budgetSpentMessage(maxPence: number, personName: string, occasionLabel: string): string {
  const owner = personName.trim() ? `${personName.trim()}'${personName.trim().endsWith('s') ? '' : 's'} ` : ''
  return `You have spent your ${formatPence(maxPence)} budget for ${owner}${occasionLabel}`
}

/** An order unmarked for more than ORDER_CONFIRM_DAYS reads "Not confirmed" (issue 22). */
export function isUnconfirmed(order: { outcome: string | null; createdAt: string }, today: IsoDate): boolean {
  if (order.outcome !== null) return false
  return daysBetween(order.createdAt.slice(0, 10), today) > ORDER_CONFIRM_DAYS
}

/** An occasion's value from its label ("Valentine's Day" -> "valentines-day"), for the fixed-day lookup. */
function occasionValueOf(labelOrValue: string): string {
  return labelOrValue.toLowerCase().replace(/['’]/g, '').trim().replace(/\s+/g, '-')
}

/**
 * The occasion year a plan link opens today (issue 22 "Christmas 2026 plan"): the occasion's
 * fixed day decides (on 10 January the Christmas plan is still last year's); other occasions
 * use the calendar year.
 */
export function currentPlanYear(occasionLabelOrValue: string, today: IsoDate): number {
  return occasionYear(today, occasionAnchor(occasionValueOf(occasionLabelOrValue), null))
}

/**
 * The occasion year a plan link opens today for the user's events of one occasion (issue 22):
 * the earliest of their years today by the spend rule (occasionYear, each event's date as its
 * anchor). So on 26 November 2026 a March birthday links "Birthday 2027 plan", the plan holding
 * that next birthday, while a birthday ten days ago, still being settled, keeps 2026. Invalid or
 * missing dates count as none; with none, currentPlanYear.
 */
export function planYearFor(
  occasionLabelOrValue: string,
  eventDates: readonly (string | null | undefined)[],
  today: IsoDate,
): number {
  const value = occasionValueOf(occasionLabelOrValue)
  const years = eventDates
    .filter((date): date is IsoDate => typeof date === 'string' && isValidIsoDate(date))
    .map((date) => occasionYear(today, occasionAnchor(value, date)))
  return years.length ? Math.min(...years) : currentPlanYear(occasionLabelOrValue, today)
}
