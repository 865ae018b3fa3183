import { describe, expect, it } from 'vitest'
import { formatDayEnGb, formatInstantEnGb, runReason } from './run-reason.ts'

describe('runReason and en-GB dates (issue 26)', () => {
  const base = { emailsSent: 0, failed: 0, usersChecked: 3, alreadySent: 0, found: 0, today: '2026-11-26' }
  it('explains a zero', () => {
    expect(runReason({ ...base, job: 'upcoming-events' })).toBe(
      'No reminders due: 0 events within their reminder lead times on 26 November 2026',
    )
    expect(runReason({ ...base, job: 'upcoming-events', usersChecked: 0 })).toMatch(/^No one to remind/)
    expect(runReason({ ...base, job: 'profile-completion', found: 1 })).toBe('No reminders due: 1 profile below Gold')
    expect(runReason({ ...base, job: 'profile-completion', usersChecked: 0 })).toMatch(/^No one left to email/)
    expect(runReason({ ...base, job: 'upcoming-events', alreadySent: 2 })).toBe(
      'Already sent: the 2 reminders due on 26 November 2026 went out in an earlier run',
    )
    expect(runReason({ ...base, job: 'profile-completion', alreadySent: 2 })).toBe(
      'Already sent this period to 2 of them',
    )
  })
  it('says nothing when mail went out or a send failed', () => {
    expect(runReason({ ...base, job: 'upcoming-events', emailsSent: 1 })).toBeNull()
    expect(runReason({ ...base, job: 'upcoming-events', failed: 1 })).toBeNull()
  })
  it('formats dates the British way', () => {
    expect(formatDayEnGb('2026-03-01')).toBe('1 March 2026')
    expect(formatInstantEnGb(new Date('2026-11-23T00:00:00Z'))).toBe('23 November 2026 at 00:00 GMT')
  })
})
