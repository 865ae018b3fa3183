import { and, eq, exchangeParticipants, exchanges, isNotNull, users, type Db } from '@presently/db'
import { AppError, effectiveLeadDays, occurrenceInYear, parseIsoDate, ukToday } from '@presently/domain'
import { getReminderSettings } from '../reminders/settings.ts'
import { generateToken, hashToken, looksLikeToken } from '../auth/tokens.ts'
import { loadEvents } from '../people/load-people.ts'

/**
 * The private calendar feed of a user's important dates (issue 9, beyond the spec): an
 * iCalendar (RFC 5545) document at /api/calendar/{token}.ics that calendar apps subscribe to
 * without a session. Only the SHA-256 of the token is stored, so the link is shown when it is
 * made and a reset replaces it (docs/decisions/calendar-feed.md).
 */

export const CALENDAR_NOT_FOUND = 'Calendar not found'

/** The path of a feed, e.g. "/api/calendar/abc...xyz.ics". */
export function calendarPath(token: string): string {
  return `/api/calendar/${token}.ics`
}

/**
 * Makes a new secret link for `userId`, replacing any earlier one (which stops working at once).
 * @returns the token (shown to the user once) and its path.
 */
export async function resetCalendarLink(db: Db, userId: number): Promise<{ token: string; path: string }> {
  const token = generateToken()
  await db
    .update(users)
    .set({ calendarTokenHash: hashToken(token), updatedAt: new Date() })
    .where(eq(users.id, userId))
  return { token, path: calendarPath(token) }
}

/** Whether `userId` has a live calendar link. */
export async function hasCalendarLink(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ hash: users.calendarTokenHash }).from(users).where(eq(users.id, userId))
  return Boolean(row?.hash)
}

/** Turns the link off: the feed URL answers 404 from now on. */
export async function removeCalendarLink(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ calendarTokenHash: null, updatedAt: new Date() }).where(eq(users.id, userId))
}

/**
 * Midnight UTC of the calendar day, for any year 1..9999. Not `Date.UTC(year, ...)`: it reads
 * years 0 to 99 as 1900 to 1999, so an event of 0050 started in 1950 (issue 25).
 */
export function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date
}

/** "Mum", "Mum and Dad", "Ann, Bea and Cal". */
function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** Years of Easter-based dates listed ahead in the feed (RRULE cannot express Easter). */
const EASTER_YEARS_AHEAD = 10

/**
 * The feed of the user whose calendar token is `token`: each event all-day and yearly on its
 * month and day (29 February on the last day of February in other years), titled with the
 * person and the occasion ("Mum's Birthday") and linking to /?person={id}&occasion={id}.
 * Issue 21: Father's Day repeats on the third Sunday of June (BYDAY=SU;BYSETPOS=3); Mothering
 * Sunday and Easter Sunday, which no RRULE can express, are listed one instance a year for this
 * year and the next ten; each event carries a VALARM per reminder lead time (its own, or the
 * account's; none when reminders are off or the event has "No reminders").
 *
 * @param appUrl APP_URL, the origin of the links.
 * @throws AppError NOT_FOUND "Calendar not found" for an unknown or reset token.
 */
export async function renderCalendarFeed(db: Db, token: string, appUrl: string): Promise<string> {
  if (!looksLikeToken(token)) throw new AppError('NOT_FOUND', CALENDAR_NOT_FOUND)
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.calendarTokenHash, hashToken(token)))
    .limit(1)
  if (!user) throw new AppError('NOT_FOUND', CALENDAR_NOT_FOUND)

  // Loaded on the first feed asked for, not at start: few users subscribe, and ical-generator
  // with its date library is a few megabytes of every process's memory (issue 44).
  const {
    default: ical,
    ICalAlarmType,
    ICalCalendarMethod,
    ICalEventRepeatingFreq,
    ICalWeekday,
  } = await import('ical-generator')
  const calendar = ical({
    name: 'Presently: important dates',
    description: 'The important dates of the people you buy gifts for, from Presently.',
    prodId: { company: 'Presently', product: 'important-dates', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps poll subscribed feeds; twelve hours is plenty for yearly dates.
    ttl: 12 * 60 * 60,
  })
  const settings = await getReminderSettings(db, user.id)
  const thisYear = parseIsoDate(ukToday()).year
  for (const event of await loadEvents(db, user.id)) {
    const names = event.people.map((p) => p.name)
    const person = event.people[0]
    const summary = names.length ? `${joinNames(names)}'s ${event.occasion.label}` : event.occasion.label
    const link = new URL('/', appUrl)
    if (person) link.searchParams.set('person', String(person.id))
    link.searchParams.set('occasion', String(event.occasionId))
    const common = {
      allDay: true,
      summary: event.name ? `${summary}: ${event.name}` : summary,
      description: `Find a gift on Presently: ${link.toString()}`,
      url: link.toString(),
    }
    const leads = effectiveLeadDays(event.reminderLeadDays, settings)
    const withAlarms = (entry: ReturnType<typeof calendar.createEvent>) => {
      for (const lead of leads) {
        entry.createAlarm({
          type: ICalAlarmType.display,
          // Relative to the all-day start: the lead day at midnight, local time.
          triggerBefore: lead * 86_400,
          description: `${common.summary} in ${lead} day${lead === 1 ? '' : 's'}`,
        })
      }
    }
    // Years 1-99 stay themselves (utcDay; issue 25).
    const utc = (date: string) => {
      const { year, month, day } = parseIsoDate(date)
      return utcDay(year, month, day)
    }
    if (event.rule === 'mothering-sunday' || event.rule === 'easter-sunday') {
      for (let year = thisYear; year <= thisYear + EASTER_YEARS_AHEAD; year++) {
        withAlarms(
          calendar.createEvent({
            ...common,
            id: `event-${event.id}-${year}@presently`,
            start: utc(occurrenceInYear(event.date, year, event.rule)),
          }),
        )
      }
      continue
    }
    if (event.rule === 'fathers-day') {
      withAlarms(
        calendar.createEvent({
          ...common,
          id: `event-${event.id}@presently`,
          start: utc(occurrenceInYear(event.date, thisYear, event.rule)),
          repeating: {
            freq: ICalEventRepeatingFreq.YEARLY,
            byMonth: [6],
            byDay: [ICalWeekday.SU],
            bySetPos: [3],
          },
        }),
      )
      continue
    }
    const { month, day } = parseIsoDate(event.date)
    const leapDay = month === 2 && day === 29
    withAlarms(
      calendar.createEvent({
        ...common,
        id: `event-${event.id}@presently`,
        // A 29 February date is in a leap year, so it is an instance of its own rule (RFC 5545 3.8.5.3).
        start: utc(event.date),
        repeating: leapDay
          ? { freq: ICalEventRepeatingFreq.YEARLY, byMonth: [2], byMonthDay: [-1] }
          : { freq: ICalEventRepeatingFreq.YEARLY },
      }),
    )
  }
  // Gift exchanges the user is in (issue 36): the exchange's day, once, linking to their page.
  for (const exchange of await exchangesOf(db, user.id)) {
    const link = new URL(`/exchanges/${exchange.id}/me`, appUrl).toString()
    const { year, month, day } = parseIsoDate(exchange.exchangeDate)
    calendar.createEvent({
      id: `exchange-${exchange.id}@presently`,
      allDay: true,
      start: utcDay(year, month, day),
      summary: `Gift exchange: ${exchange.name}`,
      description: `${exchange.place ? `${exchange.place}. ` : ''}Your match and ideas: ${link}`,
      url: link,
    })
  }
  return calendar.toString()
}

/** The exchanges an account takes part in (a joined place linked to it), for the feed. */
async function exchangesOf(db: Db, userId: number) {
  return db
    .select({ id: exchanges.id, name: exchanges.name, exchangeDate: exchanges.exchangeDate, place: exchanges.place })
    .from(exchangeParticipants)
    .innerJoin(exchanges, eq(exchanges.id, exchangeParticipants.exchangeId))
    .where(and(eq(exchangeParticipants.userId, userId), isNotNull(exchangeParticipants.joinedAt)))
    .orderBy(exchanges.exchangeDate)
}
