/**
 * Yearly event dates (spec account-area §3 "Events recur annually", §4 "Upcoming events", §2
 * "Important Events"). Dates are ISO calendar dates "YYYY-MM-DD" with no time or zone; "today"
 * is the UK's date (Europe/London), whatever the server's or browser's zone
 * (docs/decisions/event-dates.md). An event on 29 February falls on 28 February in other years.
 */

import { ruleDateInYear, type EventRule } from './movable-dates.ts'

/** An ISO calendar date, "YYYY-MM-DD". */
export type IsoDate = string

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Year, month (1..12) and day of an ISO date; throws on anything else. */
export function parseIsoDate(date: IsoDate): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(date)
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`)
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
}

/** True for a real calendar date "YYYY-MM-DD" (no 31 April, 29 February only in leap years). */
export function isValidIsoDate(date: string): boolean {
  const match = ISO_DATE.exec(date)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

export function toIsoDate(year: number, month: number, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/**
 * The event's date in `year`: the same month and day, except 29 February, which falls on
 * 28 February in years that have none; an event with a movable `rule` (issue 21: Mothering
 * Sunday, Father's Day, Easter Sunday) falls on that rule's day of `year` instead.
 */
export function occurrenceInYear(eventDate: IsoDate, year: number, rule: EventRule = 'fixed'): IsoDate {
  if (rule !== 'fixed') return ruleDateInYear(rule, year)
  const { month, day } = parseIsoDate(eventDate)
  return toIsoDate(year, month, Math.min(day, daysInMonth(year, month)))
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const a = parseIsoDate(from)
  const b = parseIsoDate(to)
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000)
}

/**
 * The next occurrence of a yearly event on or after `today` (UK date, see ukToday): the stored
 * month and day (29 February on 28 February in other years), or the movable `rule`'s day.
 */
export function nextOccurrence(eventDate: IsoDate, today: IsoDate, rule: EventRule = 'fixed'): IsoDate {
  const { year } = parseIsoDate(today)
  const thisYear = occurrenceInYear(eventDate, year, rule)
  return thisYear >= today ? thisYear : occurrenceInYear(eventDate, year + 1, rule)
}

/** Days from `today` to the event's next occurrence (0 when it is today). */
export function daysUntil(eventDate: IsoDate, today: IsoDate, rule: EventRule = 'fixed'): number {
  return daysBetween(today, nextOccurrence(eventDate, today, rule))
}

/** An event as the date helpers read it: its stored date and, optionally, a movable rule. */
export interface DatedEvent {
  date: IsoDate
  rule?: EventRule | null
}

/** One formatter for every call: making an Intl.DateTimeFormat costs far more than using one. */
const UK_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The last answer of ukToday and the UTC minute it holds for. */
let lastUkDay = { minute: NaN, date: '' }

/**
 * Today's date in the UK (Europe/London), e.g. at 23:30 UTC on 31 March in summer time, 1 April.
 * Intl's formatToParts costs ~20-40 us a call (a CPU profile of the picks call: 3% of it), so the
 * answer is kept for its UTC minute: London's offsets are whole hours, so its midnight always falls
 * on a minute boundary and every instant of one UTC minute has the same London date.
 * @throws RangeError for an invalid Date (Intl's).
 */
export function ukToday(now: Date = new Date()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000)
  if (minute === lastUkDay.minute) return lastUkDay.date
  const parts = UK_DAY.formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const date = `${get('year')}-${get('month')}-${get('day')}`
  lastUkDay = { minute, date }
  return date
}

/** The home page's window (spec account-area §4, §9): the next 30 days. */
export const UPCOMING_WINDOW_DAYS = 30
/** The orange badge of the events list (spec account-area §2, §9): 0 to 7 days away. */
export const BADGE_WINDOW_DAYS = 7

/**
 * Events whose next occurrence is within `windowDays` of `today` (0..windowDays), soonest first,
 * each with `nextDate` and `daysAway` (spec account-area §4 "Upcoming events").
 */
export function upcomingEvents<E extends DatedEvent>(
  events: readonly E[],
  today: IsoDate,
  windowDays: number = UPCOMING_WINDOW_DAYS,
): Array<E & { nextDate: IsoDate; daysAway: number }> {
  return events
    .map((event) => {
      const nextDate = nextOccurrence(event.date, today, event.rule ?? 'fixed')
      return { ...event, nextDate, daysAway: daysBetween(today, nextDate) }
    })
    .filter((e) => e.daysAway <= windowDays)
    .sort((a, b) => a.daysAway - b.daysAway)
}

/**
 * The events page's default list (spec account-area §2): events whose occurrence this year falls
 * from today to the end of the current month, sorted by month and day.
 */
export function eventsFromTodayToMonthEnd<E extends DatedEvent>(events: readonly E[], today: IsoDate): E[] {
  const { year, month } = parseIsoDate(today)
  const monthEnd = toIsoDate(year, month, daysInMonth(year, month))
  return events
    .filter((e) => {
      const date = occurrenceInYear(e.date, year, e.rule ?? 'fixed')
      return date >= today && date <= monthEnd
    })
    .sort((a, b) =>
      occurrenceInYear(a.date, year, a.rule ?? 'fixed').localeCompare(
        occurrenceInYear(b.date, year, b.rule ?? 'fixed'),
      ),
    )
}

/**
 * Events on the given month and day in any year (spec account-area §2 "Clicking a calendar day
 * filters to events on that month and day in any year"); a 29 February event also shows on
 * 28 February of a year without one.
 */
export function eventsOnDay<E extends DatedEvent>(events: readonly E[], day: IsoDate): E[] {
  const { year } = parseIsoDate(day)
  return events.filter((e) => occurrenceInYear(e.date, year, e.rule ?? 'fixed') === day)
}

/** The badge of an event 0..7 days away: "Today", "Tomorrow", "in N days"; none further out. */
export function eventBadge(daysAway: number): string | undefined {
  if (daysAway < 0 || daysAway > BADGE_WINDOW_DAYS) return undefined
  if (daysAway === 0) return 'Today'
  if (daysAway === 1) return 'Tomorrow'
  return `in ${daysAway} days`
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd ... 31st. */
export function ordinal(day: number): string {
  const rem100 = day % 100
  if (rem100 >= 11 && rem100 <= 13) return `${day}th`
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`
}

/**
 * An event date as the spec shows it (account-area §9): day with ordinal suffix and month name,
 * "21st March". "Invalid date" for anything that is not a calendar date (§2).
 */
export function formatEventDate(date: string): string {
  if (!isValidIsoDate(date)) return 'Invalid date'
  const { month, day } = parseIsoDate(date)
  return `${ordinal(day)} ${MONTHS[month - 1]}`
}

/** Month names, January first (for the events calendar and pickers). */
export const MONTH_NAMES: readonly string[] = MONTHS

/** "today", "tomorrow" or "in N days" for an occurrence `daysAway` days ahead (any distance; issue 26). */
export function inDays(daysAway: number): string {
  if (daysAway === 0) return 'today'
  if (daysAway === 1) return 'tomorrow'
  return `in ${daysAway} days`
}

/**
 * A person card's glance line (issue 26): their age and their next date, soonest first,
 * e.g. "58 · Birthday in 12 days", "Christmas in 27 days"; either part alone when the other is missing, '' for neither.
 * `ageYears` is whole years or null; events are yearly (their month and day recur).
 */
export function personGlance(
  ageYears: number | null,
  events: ReadonlyArray<{ date: IsoDate; occasion: { label: string } }>,
  today: IsoDate,
): string {
  const next = events
    .map((e) => ({ label: e.occasion.label, days: daysUntil(e.date, today) }))
    .sort((a, b) => a.days - b.days || a.label.localeCompare(b.label))[0]
  const parts = [
    ageYears === null ? null : String(ageYears),
    // The label as it is: "Christmas in 27 days", never "christmas" (issue 43 §5).
    next ? `${next.label} ${inDays(next.days)}` : null,
  ]
  return parts.filter((p) => p !== null).join(' · ')
}

/**
 * Christmas, when it is the occasion of the moment (issue 43 §4: "In November and December the
 * first-visit steps and the events page offer Christmas first"): from 1 November to Christmas Day
 * (UK dates), the coming Christmas's date and the days to it; null the rest of the year (after
 * 25 December the next Christmas is eleven months away and not what people are shopping for).
 */
export function christmasSeason(today: IsoDate): { date: IsoDate; daysAway: number } | null {
  const month = Number(today.slice(5, 7))
  if (month < 11 || today.slice(5) > '12-25') return null
  const date = `${today.slice(0, 4)}-12-25`
  return { date, daysAway: daysBetween(today, date) }
}

/** "Christmas in 27 days", "Christmas tomorrow", "Christmas is today" (issue 43 §5: capital C). */
export function christmasIn(daysAway: number): string {
  if (daysAway === 0) return 'Christmas is today'
  if (daysAway === 1) return 'Christmas tomorrow'
  return `Christmas in ${daysAway} days`
}
