import { describe, expect, it } from 'vitest'
import { AppError } from '@presently/domain'
import { describeSchedule, nextRunAfter, periodStart, validateSchedule, windowDays } from './schedule.ts'

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

  it('derives the upcoming window from the schedule', () => {
    const monday = new Date('2026-11-23T08:00:00Z')
    expect(windowDays('0 8 * * 1', monday)).toBe(7)
    expect(windowDays('0 8 * * *', monday)).toBe(1)
    expect(windowDays('0 8 * * 1-5', new Date('2026-11-27T08:00:00Z'))).toBe(3)
    expect(windowDays('0 0 1 * *', new Date('2026-02-01T00:00:00Z'))).toBe(28)
  })

  it('describes schedules in plain English', () => {
    expect(describeSchedule('0 8 * * 1')).toBe('At 08:00 AM, only on Monday')
    expect(describeSchedule('0 8 * * 1-5')).toBe('At 08:00 AM, Monday through Friday')
  })
})
