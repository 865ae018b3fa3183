import { describe, expect, it } from 'vitest'
import {
  allEventsSoonest,
  comingUpList,
  eventCountsByDay,
  eventPeopleNames,
  eventsPageList,
  findGiftSearch,
  monthStart,
  pageOf,
  upcomingEventItems,
  type ListedEvent,
} from './event-list'

let nextId = 1
function event(date: string, person = 'Mum', personId = 7, occasionId = 3): ListedEvent {
  return {
    id: nextId++,
    name: null,
    date,
    occasionId,
    occasion: { id: occasionId, label: 'Birthday' },
    people: [{ id: personId, name: person }],
  }
}

describe('eventsPageList (spec account-area §2)', () => {
  const today = '2026-11-23'

  it('lists by default only events from today to the end of the month, by month and day, with badges', () => {
    const events = [
      event('1990-11-30', 'Zoe'),
      event('1985-11-23', 'Ann'),
      event('2001-11-22', 'Past'),
      event('1970-12-01', 'December'),
      event('1999-11-24', 'Bea'),
    ]
    const list = eventsPageList(events, today, null)
    expect(list.map((e) => [e.people[0]!.name, e.daysAway, e.badge])).toEqual([
      ['Ann', 0, 'Today'],
      ['Bea', 1, 'Tomorrow'],
      ['Zoe', 7, 'in 7 days'],
    ])
  })

  it('leaves the badge off beyond 7 days', () => {
    const [item] = eventsPageList([event('1990-11-01')], '2026-11-01', '2026-11-01')
    expect(item?.badge).toBe('Today')
    const [far] = eventsPageList([event('1990-12-02')], '2026-11-23', '2026-12-02')
    expect(far).toMatchObject({ daysAway: 9, badge: undefined })
  })

  it('filters a clicked day to that month and day in any year, people in name order', () => {
    const events = [event('1990-03-21', 'Zed'), event('2010-03-21', 'Amy'), event('1990-03-22')]
    expect(eventsPageList(events, today, '2027-03-21').map((e) => e.people[0]!.name)).toEqual(['Amy', 'Zed'])
    expect(eventsPageList(events, today, '2027-04-21')).toEqual([])
  })

  it('shows a 29 February event on 28 February of a year without one, and on the 29th in a leap year', () => {
    const leap = event('2000-02-29', 'Leap')
    expect(eventsPageList([leap], today, '2027-02-28')).toHaveLength(1)
    expect(eventsPageList([leap], today, '2028-02-28')).toHaveLength(0)
    expect(eventsPageList([leap], today, '2028-02-29')).toHaveLength(1)
  })

  it('counts an event 7 days away across the year end', () => {
    const [item] = eventsPageList([event('1990-01-03')], '2026-12-27', '2027-01-03')
    expect(item).toMatchObject({ daysAway: 7, badge: 'in 7 days', nextDate: '2027-01-03' })
  })

  it('on the last day of the month lists only that day', () => {
    const list = eventsPageList([event('1990-11-30', 'Last'), event('1990-12-01')], '2026-11-30', null)
    expect(list.map((e) => e.people[0]!.name)).toEqual(['Last'])
  })

  it('skips events whose date is not a calendar date instead of failing', () => {
    expect(eventsPageList([event('not-a-date'), event('1990-11-25')], today, null)).toHaveLength(1)
  })
})

describe('upcomingEventItems (spec account-area §4, §9: next 30 days)', () => {
  it('keeps 0 to 30 days ahead, soonest first, across the year end', () => {
    const events = [event('1990-01-21', 'In 30'), event('1990-01-22', 'In 31'), event('1990-12-22', 'Today')]
    const list = upcomingEventItems(events, '2026-12-22')
    expect(list.map((e) => [e.people[0]!.name, e.daysAway, e.badge])).toEqual([
      ['Today', 0, 'Today'],
      ['In 30', 30, undefined],
    ])
  })
})

describe('eventCountsByDay', () => {
  it('counts events per day of a year, 29 February on the 28th in a common year', () => {
    const counts = eventCountsByDay([event('2000-02-29'), event('1990-02-28'), event('1990-06-01')], 2027)
    expect(counts.get('2027-02-28')).toBe(2)
    expect(counts.get('2027-06-01')).toBe(1)
    expect(eventCountsByDay([event('2000-02-29')], 2028).get('2028-02-29')).toBe(1)
  })
})

describe('findGiftSearch, eventPeopleNames, monthStart, pageOf', () => {
  it('links Find Gift to the first person and the occasion', () => {
    expect(findGiftSearch(event('1990-01-01', 'Mum', 12, 5))).toEqual({ person: 12, occasion: 5 })
    expect(findGiftSearch({ people: [], occasionId: 5 })).toBeUndefined()
  })

  it('joins names', () => {
    expect(eventPeopleNames({ people: [] })).toBe('')
    expect(
      eventPeopleNames({
        people: [
          { id: 1, name: 'Mum' },
          { id: 2, name: 'Dad' },
          { id: 3, name: 'Gran' },
        ],
      }),
    ).toBe('Mum, Dad and Gran')
  })

  it('gives the first of the month', () => {
    expect(monthStart('2026-11-23')).toBe('2026-11-01')
  })

  it('pages, clamping a page past the end', () => {
    const items = [1, 2, 3, 4, 5, 6, 7]
    expect(pageOf(items, 0, 3)).toEqual({ items: [1, 2, 3], page: 0, pageCount: 3 })
    expect(pageOf(items, 2, 3)).toEqual({ items: [7], page: 2, pageCount: 3 })
    expect(pageOf(items, 9, 3)).toEqual({ items: [7], page: 2, pageCount: 3 })
    expect(pageOf([], 0, 3)).toEqual({ items: [], page: 0, pageCount: 1 })
  })
})

describe('comingUpList and allEventsSoonest (issue 26)', () => {
  const today = '2026-11-25'
  const events = [
    event('1968-12-07', 'Mum'),
    event('2017-11-20', 'Leo'), // passed this month: next year
    event('1992-11-28', 'Sam'), // this month: the spec's list, not "Coming up"
    event('1946-03-02', 'Grandad'),
    event('2000-13-45', 'Broken'),
  ]
  it('lists the next 12 months after this month, soonest first, each "in N days"', () => {
    expect(comingUpList(events, today).map((e) => [eventPeopleNames(e), e.nextDate, e.inDays])).toEqual([
      ['Mum', '2026-12-07', 'in 12 days'],
      ['Grandad', '2027-03-02', 'in 97 days'],
      ['Leo', '2027-11-20', 'in 360 days'],
    ])
  })
  it('"Show All Events" lists every dated event soonest first', () => {
    expect(allEventsSoonest(events, today).map((e) => eventPeopleNames(e))).toEqual(['Sam', 'Mum', 'Grandad', 'Leo'])
    expect(allEventsSoonest(events, today)[0]?.inDays).toBe('in 3 days')
  })
})
