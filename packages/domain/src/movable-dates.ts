/**
 * UK occasions that fall on a different day each year (issue 21): Easter Sunday, Mothering
 * Sunday and Father's Day. Pure date arithmetic on ISO calendar dates "YYYY-MM-DD", no zones.
 */

/** How an event's yearly date is found (issue 21): its stored month and day, or a rule. */
export const EVENT_RULES = ['fixed', 'mothering-sunday', 'fathers-day', 'easter-sunday'] as const
export type EventRule = (typeof EVENT_RULES)[number]

/** What each rule is called in the UI ("every year on Mothering Sunday"). */
export const EVENT_RULE_LABELS: Record<EventRule, string> = {
  fixed: 'a fixed date',
  'mothering-sunday': 'Mothering Sunday',
  'fathers-day': "Father's Day",
  'easter-sunday': 'Easter Sunday',
}

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

function addDays(year: number, month: number, day: number, days: number): string {
  const date = new Date(Date.UTC(year, month - 1, day + days))
  return iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

/**
 * Western (Gregorian) Easter Sunday of `year`, by the anonymous Gregorian algorithm (Meeus,
 * "Astronomical Algorithms", ch. 8; Jones 1876, Butcher 1876). Valid for every Gregorian year.
 * Tested against the published dates 2000-2100 (movable-dates.test.ts).
 */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return iso(year, month, day)
}

/** Mothering Sunday in the UK: the fourth Sunday of Lent, three weeks before Easter Sunday. */
export function motheringSunday(year: number): string {
  const easter = easterSunday(year)
  return addDays(year, Number(easter.slice(5, 7)), Number(easter.slice(8, 10)), -21)
}

/** Father's Day in the UK: the third Sunday of June. */
export function fathersDay(year: number): string {
  const weekdayOfFirst = new Date(Date.UTC(year, 5, 1)).getUTCDay() // 0 = Sunday
  const firstSunday = 1 + ((7 - weekdayOfFirst) % 7)
  return iso(year, 6, firstSunday + 14)
}

/** The date of a movable rule in `year`. */
export function ruleDateInYear(rule: Exclude<EventRule, 'fixed'>, year: number): string {
  switch (rule) {
    case 'easter-sunday':
      return easterSunday(year)
    case 'mothering-sunday':
      return motheringSunday(year)
    case 'fathers-day':
      return fathersDay(year)
  }
}
