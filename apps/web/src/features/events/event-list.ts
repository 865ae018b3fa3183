import {
  daysUntil,
  eventBadge,
  eventsFromTodayToMonthEnd,
  eventsOnDay,
  inDays,
  isValidIsoDate,
  nextOccurrence,
  occurrenceInYear,
  parseIsoDate,
  upcomingEvents,
  type EventRule,
  type IsoDate,
} from '@presently/domain'

/** What the events screens read of an event (spec account-area §3 "Event", list view with people). */
export interface ListedEvent {
  id: number
  name: string | null
  date: string
  occasionId: number
  occasion: { id: number; label: string }
  people: Array<{ id: number; name: string }>
  /** Issue 21: a movable UK occasion's rule; its day of each year replaces `date`'s. */
  rule?: EventRule
  /** Issue 21: null = the account's reminders, a list = own lead times, [] = none. */
  reminderLeadDays?: number[] | null
}

/** An event as a list shows it: its next occurrence, days to it and the 0-7 day badge. */
export type EventItem<E extends ListedEvent = ListedEvent> = E & {
  /** The next occurrence on or after today (29 February on 28 February in other years). */
  nextDate: IsoDate
  /** Whole days from today (UK) to `nextDate`; 0 is today. */
  daysAway: number
  /** "Today", "Tomorrow", "in N days" for 0..7 days away (spec account-area §2), else undefined. */
  badge: string | undefined
}

function withBadge<E extends ListedEvent>(event: E, today: IsoDate): EventItem<E> {
  const rule = event.rule ?? 'fixed'
  const daysAway = daysUntil(event.date, today, rule)
  return { ...event, nextDate: nextOccurrence(event.date, today, rule), daysAway, badge: eventBadge(daysAway) }
}

/** Events whose date is a real calendar date: the windows and the filter skip the rest. */
function datedEvents<E extends ListedEvent>(events: readonly E[]): E[] {
  return events.filter((event) => isValidIsoDate(event.date))
}

/** Names of the event's people, "Mum" or "Mum and Dad" (an event normally has one person). */
export function eventPeopleNames(event: Pick<ListedEvent, 'people'>): string {
  const names = event.people.map((person) => person.name)
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/**
 * The Important Events list (spec account-area §2). With `day` (a calendar day clicked, ISO):
 * the events on that month and day in any year (a 29 February event also on 28 February of a
 * year without one). Without: events whose occurrence this year falls from `today` to the end
 * of the current month, sorted by month and day. Either way each carries its badge; ties keep
 * person-name order so the list is stable.
 *
 * @param today the UK date (ukToday), "YYYY-MM-DD".
 */
export function eventsPageList<E extends ListedEvent>(
  events: readonly E[],
  today: IsoDate,
  day: IsoDate | null,
): Array<EventItem<E>> {
  const dated = datedEvents(events).sort((a, b) => eventPeopleNames(a).localeCompare(eventPeopleNames(b)))
  const chosen = day ? eventsOnDay(dated, day) : eventsFromTodayToMonthEnd(dated, today)
  return chosen.map((event) => withBadge(event, today))
}

/** "Coming up" runs this many days ahead (issue 26: the next 12 months). */
export const COMING_UP_DAYS = 365

/**
 * "Coming up" under the events page's list (issue 26): events whose next occurrence falls after
 * the end of the current month and within COMING_UP_DAYS of `today`, soonest first (ties by
 * person name), so the page is never empty while events exist. Each carries `inDays`.
 *
 * @param today the UK date (ukToday), "YYYY-MM-DD".
 */
export function comingUpList<E extends ListedEvent>(
  events: readonly E[],
  today: IsoDate,
): Array<EventItem<E> & { inDays: string }> {
  const { year, month } = parseIsoDate(today)
  const monthEnd = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-31`
  return allEventsSoonest(events, today).filter((e) => e.nextDate > monthEnd && e.daysAway <= COMING_UP_DAYS)
}

/**
 * Every event with a real date, soonest next occurrence first (ties by person name), each with
 * its badge and `inDays` ("in 12 days"): what "Show All Events" lists (issue 26).
 */
export function allEventsSoonest<E extends ListedEvent>(
  events: readonly E[],
  today: IsoDate,
): Array<EventItem<E> & { inDays: string }> {
  return datedEvents(events)
    .map((event) => withBadge(event, today))
    .sort((a, b) => a.daysAway - b.daysAway || eventPeopleNames(a).localeCompare(eventPeopleNames(b)))
    .map((event) => ({ ...event, inDays: inDays(event.daysAway) }))
}

/**
 * The home panel and the product banner (spec account-area §4 "Upcoming events", §9): events
 * whose next occurrence is 0..30 days from `today`, soonest first.
 */
export function upcomingEventItems<E extends ListedEvent>(events: readonly E[], today: IsoDate): Array<EventItem<E>> {
  return upcomingEvents(datedEvents(events), today).map((event) => ({ ...event, badge: eventBadge(event.daysAway) }))
}

/**
 * How many events fall on each day of `year` (29 February events on 28 February when `year`
 * has none): the calendar's marks. Keys are ISO dates.
 */
export function eventCountsByDay(events: readonly ListedEvent[], year: number): Map<IsoDate, number> {
  const counts = new Map<IsoDate, number>()
  for (const event of datedEvents(events)) {
    const day = occurrenceInYear(event.date, year, event.rule ?? 'fixed')
    counts.set(day, (counts.get(day) ?? 0) + 1)
  }
  return counts
}

/**
 * The Find Gift link's search (spec account-area §2 "Home page": /?person={id}&occasion={id}):
 * the event's first person and its occasion; undefined for an event without a person.
 */
export function findGiftSearch(
  event: Pick<ListedEvent, 'people' | 'occasionId'>,
): { person: number; occasion: number } | undefined {
  const person = event.people[0]
  return person ? { person: person.id, occasion: event.occasionId } : undefined
}

/** The first day of the month of `date`, "YYYY-MM-01" (the calendar's displayed month). */
export function monthStart(date: IsoDate): IsoDate {
  const { year, month } = parseIsoDate(date)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`
}

/**
 * One page of `items` (the product banner's pages): `page` counts from 0 and is clamped to the
 * pages there are, so a list that shrank never shows an empty page.
 */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / size))
  const current = Math.min(Math.max(0, page), pageCount - 1)
  return { items: items.slice(current * size, current * size + size), page: current, pageCount }
}
