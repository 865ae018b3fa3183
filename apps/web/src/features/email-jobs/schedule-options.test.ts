import { describe, expect, it } from 'vitest'
import { CUSTOM_SCHEDULE, formatNextRun, scheduleLabel, scheduleToSave } from './schedule-options'

describe('schedule picker (spec account-area §5, §9)', () => {
  it('saves a preset, or the trimmed custom cron, and nothing when empty', () => {
    expect(scheduleToSave('0 8 * * *', 'ignored')).toBe('0 8 * * *')
    expect(scheduleToSave(CUSTOM_SCHEDULE, ' */5 * * * 1-5 ')).toBe('*/5 * * * 1-5')
    expect(scheduleToSave(CUSTOM_SCHEDULE, '   ')).toBeNull()
    expect(scheduleToSave(null, '0 8 * * *')).toBeNull()
  })

  it('names presets, recognises Sunday weekly, shows other crons as custom', () => {
    expect(scheduleLabel('0 8 * * 1')).toBe('Weekly on Monday at 8:00 AM')
    expect(scheduleLabel('0 8 * * 0')).toBe('Weekly on Sunday at 8:00 AM')
    expect(scheduleLabel('*/5 * * * *')).toBe('Custom (*/5 * * * *)')
  })

  it('shows the next run in UK time', () => {
    expect(formatNextRun('2026-07-06T07:00:00.000Z')).toBe('Monday, 6 July 2026 at 08:00')
    expect(formatNextRun(null)).toBe('Not scheduled')
  })
})
