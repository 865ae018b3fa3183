import { describe, expect, it } from 'vitest'
import { eventOptionLabel, selectedEvent } from './gift-ideas-events'

const birthday = { id: 7, date: '1990-03-12', occasion: { id: 1, label: 'Birthday' } }
const christmas = { id: 9, date: '2020-12-25', occasion: { id: 4, label: 'Christmas' } }

describe('selectedEvent (spec account-area §2: the first event by default)', () => {
  it('takes the first event until another is chosen', () => {
    expect(selectedEvent([birthday, christmas], undefined)).toBe(birthday)
    expect(selectedEvent([birthday, christmas], 9)).toBe(christmas)
  })
  it('falls back to the first when the chosen event is gone, and to nothing without events', () => {
    expect(selectedEvent([birthday], 9)).toBe(birthday)
    expect(selectedEvent([], undefined)).toBeUndefined()
  })
})

describe('eventOptionLabel', () => {
  it('names the occasion and the day with its ordinal and month', () => {
    expect(eventOptionLabel(birthday)).toBe('Birthday (12th March)')
    expect(eventOptionLabel(christmas)).toBe('Christmas (25th December)')
  })
})
