import { describe, expect, it } from 'vitest'
import { ukToday } from './event-dates.ts'
import {
  DEFAULT_REMINDER_SETTINGS,
  dueReminder,
  effectiveLeadDays,
  leadDaysInput,
  reminderSettingsInput,
  type DueReminder,
} from './reminders.ts'
import type { EventRule } from './movable-dates.ts'

/** Every UK day from `from` to `to` inclusive. */
function days(from: string, to: string): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

/** Runs on the given days, sending each due reminder once (the (occurrence, lead) key). */
function simulate(event: { date: string; rule?: EventRule }, leads: number[], runDays: string[]) {
  const sent = new Map<string, DueReminder & { on: string }>()
  for (const today of runDays) {
    const due = dueReminder(event, leads, today)
    if (!due) continue
    const key = `${due.occurrence}/${due.leadDays}`
    if (!sent.has(key)) sent.set(key, { ...due, on: today })
  }
  return [...sent.values()].map((r) => `${r.on} ${r.leadDays}d before ${r.occurrence}`)
}

/** The days of `from`..`to` whose weekday (0 = Sunday) is one of `weekdays`. */
function onWeekdays(weekdays: number[], from: string, to: string): string[] {
  return days(from, to).filter((d) => weekdays.includes(new Date(`${d}T00:00:00Z`).getUTCDay()))
}

describe('effective lead times', () => {
  it('uses the account settings, the event’s own list, or none', () => {
    expect(effectiveLeadDays(null, DEFAULT_REMINDER_SETTINGS)).toEqual([14, 3])
    expect(effectiveLeadDays([30], DEFAULT_REMINDER_SETTINGS)).toEqual([30])
    expect(effectiveLeadDays([], DEFAULT_REMINDER_SETTINGS)).toEqual([])
    expect(effectiveLeadDays([30], { enabled: false, leadDays: [14] })).toEqual([])
  })
})

describe('lead time validation (issue 21)', () => {
  it('folds duplicates, sorts longest first and refuses out-of-range or too many', () => {
    expect(leadDaysInput.parse([3, 14, 3])).toEqual([14, 3])
    expect(leadDaysInput.parse([7, 7, 7, 1, 60, 60])).toEqual([60, 7, 1])
    expect(leadDaysInput.safeParse([0]).error?.issues[0]?.message).toBe('lead times must be whole days from 1 to 60')
    expect(leadDaysInput.safeParse([61]).error?.issues[0]?.message).toBe('lead times must be whole days from 1 to 60')
    expect(leadDaysInput.safeParse([1.5]).error?.issues[0]?.message).toBe('lead times must be whole days from 1 to 60')
    expect(leadDaysInput.safeParse(['3']).error?.issues[0]?.message).toBe('lead times must be whole days from 1 to 60')
    expect(leadDaysInput.safeParse([1, 2, 3, 4]).error?.issues[0]?.message).toBe('at most 3 lead times')
    expect(reminderSettingsInput.safeParse({ enabled: 'yes', leadDays: [] }).success).toBe(false)
  })
})

describe('due reminders', () => {
  it('the issue’s newcomer: a birthday 10 days away sends the 14-day reminder today and the 3-day one later', () => {
    const runs = days('2026-11-26', '2027-01-10')
    expect(simulate({ date: '1990-12-06' }, [14, 3], runs)).toEqual([
      '2026-11-26 14d before 2026-12-06',
      '2026-12-03 3d before 2026-12-06',
    ])
  })

  it('daily runs send each lead time on its own day', () => {
    expect(simulate({ date: '1990-07-20' }, [30, 14, 3], days('2026-06-01', '2026-08-01'))).toEqual([
      '2026-06-20 30d before 2026-07-20',
      '2026-07-06 14d before 2026-07-20',
      '2026-07-17 3d before 2026-07-20',
    ])
  })

  it('a weekly Monday run sends the 14-day reminder of an event 12 days away (issue 21)', () => {
    const mondays = onWeekdays([1], '2026-11-01', '2026-12-31')
    expect(mondays[0]).toBe('2026-11-02')
    // Monday 30 November: the event (12 December) is 12 days away. The next Monday is 5 days
    // before, too early for the 3-day reminder, and the one after is past the event.
    expect(simulate({ date: '1980-12-12' }, [14, 3], mondays)).toEqual(['2026-11-30 14d before 2026-12-12'])
    // An event on Thursday 10 December: Monday 7th is 3 days before.
    expect(simulate({ date: '1980-12-10' }, [14, 3], mondays)).toEqual([
      '2026-11-30 14d before 2026-12-10',
      '2026-12-07 3d before 2026-12-10',
    ])
  })

  it('weekday and monthly schedules still send before the event', () => {
    const weekdays = onWeekdays([1, 2, 3, 4, 5], '2026-11-01', '2027-01-31')
    // 3 days before Sunday 10 January 2027 is Thursday 7th.
    expect(simulate({ date: '1980-01-10' }, [14, 3], weekdays)).toEqual([
      '2026-12-28 14d before 2027-01-10',
      '2027-01-07 3d before 2027-01-10',
    ])
    const monthly = ['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']
    expect(simulate({ date: '1980-12-12' }, [14, 3], monthly)).toEqual(['2026-12-01 14d before 2026-12-12'])
  })

  it('a missed run sends the latest due reminder only, never a burst, never for a past event', () => {
    // Server down from 20 November to 4 December: on 5 December the 3-day reminder is due
    // (event on 7th), and so was the 14-day one: only the 3-day one goes.
    const runs = [...days('2026-11-01', '2026-11-19'), ...days('2026-12-05', '2026-12-31')]
    expect(simulate({ date: '1980-12-07' }, [14, 3], runs)).toEqual(['2026-12-05 3d before 2026-12-07'])
    // Down until the day after: nothing for the past event.
    expect(simulate({ date: '1980-12-07' }, [14, 3], days('2026-12-08', '2026-12-31'))).toEqual([])
    // The event day itself is still in time.
    expect(dueReminder({ date: '1980-12-07' }, [14, 3], '2026-12-07')).toEqual({
      occurrence: '2026-12-07',
      leadDays: 3,
      daysAway: 0,
    })
  })

  it('No reminders and reminders off send nothing', () => {
    expect(simulate({ date: '1980-12-07' }, [], days('2026-11-01', '2026-12-31'))).toEqual([])
  })

  it('crosses year ends', () => {
    expect(simulate({ date: '1950-01-02' }, [14, 3], days('2026-12-01', '2027-01-31'))).toEqual([
      '2026-12-19 14d before 2027-01-02',
      '2026-12-30 3d before 2027-01-02',
    ])
  })

  it('29 February reminds before 28 February in other years and before 29 February in leap years', () => {
    expect(simulate({ date: '2004-02-29' }, [14, 3], days('2027-01-01', '2028-03-31'))).toEqual([
      '2027-02-14 14d before 2027-02-28',
      '2027-02-25 3d before 2027-02-28',
      '2028-02-15 14d before 2028-02-29',
      '2028-02-26 3d before 2028-02-29',
    ])
  })

  it('movable dates remind before the year’s real day (Mothering Sunday 2027: 7 March)', () => {
    expect(
      simulate({ date: '2026-03-15', rule: 'mothering-sunday' }, [14, 3], days('2026-12-01', '2027-04-30')),
    ).toEqual(['2027-02-21 14d before 2027-03-07', '2027-03-04 3d before 2027-03-07'])
  })

  it('counts UK days across the clock changes', () => {
    // Clocks go forward on 28 March 2027 (01:00 UTC) and back on 25 October 2026 (01:00 UTC);
    // the scheduler's daily 08:00 London runs land on every UK day once (schedule.test.ts).
    // A run's day is the UK date of its instant, whatever the offset:
    expect(ukToday(new Date('2027-03-28T07:00:00Z'))).toBe('2027-03-28') // 08:00 BST
    expect(ukToday(new Date('2027-03-27T08:00:00Z'))).toBe('2027-03-27') // 08:00 GMT
    expect(ukToday(new Date('2026-10-25T08:00:00Z'))).toBe('2026-10-25') // 08:00 GMT
    const spring = days('2027-03-20', '2027-04-04')
    const autumn = days('2026-10-20', '2026-10-31')
    // 00:30 London in summer time is 23:30 UTC the day before: already the UK's next day.
    expect(ukToday(new Date('2027-03-28T23:30:00Z'))).toBe('2027-03-29')
    expect(ukToday(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25')
    // The 3-day reminder of 31 March goes on 28 March, the day the clocks change.
    expect(simulate({ date: '1970-03-31' }, [3], spring)).toEqual(['2027-03-28 3d before 2027-03-31'])
    expect(simulate({ date: '1970-10-28' }, [3], autumn)).toEqual(['2026-10-25 3d before 2026-10-28'])
  })
})
