import { describe, expect, it } from 'vitest'
import {
  daysUntil,
  eventBadge,
  personGlance,
  eventsFromTodayToMonthEnd,
  eventsOnDay,
  formatEventDate,
  isValidIsoDate,
  nextOccurrence,
  occurrenceInYear,
  ordinal,
  ukToday,
  upcomingEvents,
} from './event-dates.ts'

describe('yearly occurrences', () => {
  it('puts 29 February on 28 February in years without one, and keeps it in leap years', () => {
    expect(occurrenceInYear('1996-02-29', 2027)).toBe('2027-02-28')
    expect(occurrenceInYear('1996-02-29', 2028)).toBe('2028-02-29')
    expect(occurrenceInYear('2000-12-25', 2026)).toBe('2026-12-25')
  })

  it('finds the next occurrence on or after today, rolling into next year', () => {
    expect(nextOccurrence('1980-11-23', '2026-11-23')).toBe('2026-11-23')
    expect(nextOccurrence('1980-11-22', '2026-11-23')).toBe('2027-11-22')
    expect(daysUntil('1980-11-22', '2026-11-23')).toBe(364)
    expect(daysUntil('1980-01-01', '2026-12-31')).toBe(1)
    // 29 February seen from 1 March 2027: next is 29 February 2028.
    expect(nextOccurrence('2004-02-29', '2027-03-01')).toBe('2028-02-29')
    expect(nextOccurrence('2004-02-29', '2027-02-01')).toBe('2027-02-28')
  })

  it('validates calendar dates', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true)
    expect(isValidIsoDate('2023-02-29')).toBe(false)
    expect(isValidIsoDate('2026-04-31')).toBe(false)
    expect(isValidIsoDate('26-04-01')).toBe(false)
  })
})

describe('ukToday (Europe/London)', () => {
  it('is the UK date, not UTC: late evening in British Summer Time is already tomorrow', () => {
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London (BST, UTC+1).
    expect(ukToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01')
    // In winter (GMT) London and UTC agree.
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
    // Around the clock change: 00:30 UTC on 29 March 2026 is 00:30 GMT (clocks go forward at 01:00).
    expect(ukToday(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29')
  })

  it('kept for one UTC minute only: the last second before London midnight, then midnight itself', () => {
    // 22:59 UTC in summer is 23:59 in London; 23:00 UTC is midnight.
    expect(ukToday(new Date('2026-06-30T22:59:00.000Z'))).toBe('2026-06-30')
    expect(ukToday(new Date('2026-06-30T22:59:59.999Z'))).toBe('2026-06-30')
    expect(ukToday(new Date('2026-06-30T23:00:00.000Z'))).toBe('2026-07-01')
    // Back in time (a test's fake clock) is worked out afresh too.
    expect(ukToday(new Date('2026-06-30T22:59:59.999Z'))).toBe('2026-06-30')
    expect(() => ukToday(new Date('not a date'))).toThrow(RangeError)
  })
})

describe('lists', () => {
  const events = [
    { id: 1, date: '1990-11-30' },
    { id: 2, date: '1985-11-23' },
    { id: 3, date: '2001-12-05' },
    { id: 4, date: '1970-11-01' },
    { id: 5, date: '2012-02-29' },
  ]

  it('upcoming: the next 30 days, soonest first, with days away', () => {
    expect(upcomingEvents(events, '2026-11-23').map((e) => [e.id, e.daysAway])).toEqual([
      [2, 0],
      [1, 7],
      [3, 12],
    ])
    // Across the year end.
    expect(upcomingEvents([{ date: '2000-01-10' }], '2026-12-20')[0]).toMatchObject({
      nextDate: '2027-01-10',
      daysAway: 21,
    })
  })

  it('events page default: from today to the end of this month, by month and day', () => {
    expect(eventsFromTodayToMonthEnd(events, '2026-11-23').map((e) => e.id)).toEqual([2, 1])
    expect(eventsFromTodayToMonthEnd(events, '2027-02-01').map((e) => e.id)).toEqual([5])
  })

  it('a calendar day shows events of that month and day in any year', () => {
    expect(eventsOnDay(events, '2026-11-30').map((e) => e.id)).toEqual([1])
    expect(eventsOnDay(events, '2027-02-28').map((e) => e.id)).toEqual([5])
    expect(eventsOnDay(events, '2028-02-28').map((e) => e.id)).toEqual([])
  })
})

describe('labels', () => {
  it('badges 0 to 7 days away', () => {
    expect([0, 1, 2, 7, 8, -1].map(eventBadge)).toEqual([
      'Today',
      'Tomorrow',
      'in 2 days',
      'in 7 days',
      undefined,
      undefined,
    ])
  })

  it('formats dates with an ordinal day and the month name', () => {
    expect(formatEventDate('1990-03-21')).toBe('21st March')
    expect(formatEventDate('1990-12-12')).toBe('12th December')
    expect(formatEventDate('1990-02-30')).toBe('Invalid date')
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ])
  })
})

describe('personGlance (issue 26)', () => {
  const birthday = { date: '1968-12-07', occasion: { label: 'Birthday' } }
  const christmas = { date: '2020-12-25', occasion: { label: 'Christmas' } }
  it('says the age and the soonest date', () => {
    expect(personGlance(58, [christmas, birthday], '2026-11-25')).toBe('58 · Birthday in 12 days')
    expect(personGlance(null, [christmas], '2026-12-24')).toBe('Christmas tomorrow')
    expect(personGlance(9, [], '2026-11-25')).toBe('9')
    expect(personGlance(null, [], '2026-11-25')).toBe('')
    expect(personGlance(58, [birthday], '2026-12-07')).toBe('58 · Birthday today')
  })
})

describe('events with a movable rule (issue 21)', () => {
  const mum = { id: 1, date: '2026-03-15', rule: 'mothering-sunday' as const }
  it('falls on the rule’s day of each year', () => {
    expect(nextOccurrence(mum.date, '2026-11-26', mum.rule)).toBe('2027-03-07')
    expect(nextOccurrence(mum.date, '2027-03-08', mum.rule)).toBe('2028-03-26')
    expect(eventsOnDay([mum], '2027-03-07')).toEqual([mum])
    expect(eventsOnDay([mum], '2027-03-15')).toEqual([])
    expect(upcomingEvents([mum], '2027-02-20')[0]).toMatchObject({ nextDate: '2027-03-07', daysAway: 15 })
    expect(eventsFromTodayToMonthEnd([mum], '2027-03-01')).toEqual([mum])
  })
})
