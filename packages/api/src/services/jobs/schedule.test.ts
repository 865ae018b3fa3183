import { describe, expect, it } from 'vitest'
import { AppError, ukToday } from '@presently/domain'
import { describeSchedule, nextRunAfter, periodStart, validateSchedule } from './schedule.ts'

const reason = (schedule: string) => {
  try {
    validateSchedule(schedule)
    return 'valid'
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return (err as AppError).message
  }
}

describe('validateSchedule', () => {
  it('accepts the presets of §9 and custom ranges, lists and steps', () => {
    for (const s of ['0 8 * * 1', '0 8 * * *', '0 8 * * 1-5', '0 0 1 * *', '0 8 * * 0', '*/15 9-17 * * 1,3,5']) {
      expect(reason(s)).toBe('valid')
    }
    expect(validateSchedule('  0   8 * *  1 ')).toBe('0 8 * * 1')
  })

  it('refuses other shapes with the reason', () => {
    expect(reason('')).toBe('Please select or enter a schedule')
    expect(reason('0 8 * *')).toMatch(/5 fields .* got 4/)
    expect(reason('0 0 8 * * 1')).toMatch(/got 6/)
    expect(reason('61 8 * * *')).toMatch(/^Invalid schedule: .*0-59/)
    expect(reason('0 8 * * mon-fri-x')).toMatch(/^Invalid schedule/)
    expect(reason('a b c d e')).toMatch(/^Invalid schedule/)
    // cron-parser's hash "H" picks a random minute at every parse: the period would move.
    for (const s of ['H * * * *', '0 H * * *', 'H/5 * * * *', '0 8 H(1-5) * *', '0 8 * * 1,H']) {
      expect(reason(s)).toBe('Invalid schedule: H (a random time) is not supported')
    }
    expect(reason('0 8 * * THU')).toBe('valid')
  })
})

describe('times in Europe/London', () => {
  it('puts 08:00 at 07:00 UTC in summer and 08:00 UTC in winter', () => {
    expect(nextRunAfter('0 8 * * *', new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T07:00:00.000Z')
    expect(nextRunAfter('0 8 * * *', new Date('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-01-11T08:00:00.000Z')
  })

  it('opens a period at the occurrence, including one that fires on time', () => {
    const monday = new Date('2026-11-23T08:00:00Z')
    expect(periodStart('0 8 * * 1', monday).toISOString()).toBe(monday.toISOString())
    expect(periodStart('0 8 * * 1', new Date('2026-11-25T10:00:00Z')).toISOString()).toBe(monday.toISOString())
    expect(periodStart('0 8 * * 1', new Date('2026-11-23T07:59:00Z')).toISOString()).toBe('2026-11-16T08:00:00.000Z')
  })

  it('runs a daily 08:00 job once on every UK day across the clock changes (reminder days, issue 21)', () => {
    for (const [from, firstDay, count] of [
      ['2027-03-25T12:00:00Z', '2027-03-26', 6], // forward on 28 March 2027
      ['2026-10-22T12:00:00Z', '2026-10-23', 6], // back on 25 October 2026
    ] as const) {
      let at = new Date(from)
      const seen: string[] = []
      for (let i = 0; i < count; i++) {
        at = nextRunAfter('0 8 * * *', at)
        seen.push(ukToday(at))
        expect(at.toLocaleTimeString('en-GB', { timeZone: 'Europe/London' })).toBe('08:00:00')
      }
      const start = Date.parse(`${firstDay}T00:00:00Z`)
      expect(seen).toEqual(
        Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10)),
      )
    }
  })

  it('describes schedules in plain English', () => {
    expect(describeSchedule('0 8 * * 1')).toBe('At 08:00 AM, only on Monday')
    expect(describeSchedule('0 8 * * 1-5')).toBe('At 08:00 AM, Monday through Friday')
  })
})
