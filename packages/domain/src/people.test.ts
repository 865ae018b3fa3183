import { describe, expect, it } from 'vitest'
import {
  ageOn,
  dateOfBirthError,
  dateOfBirthFromDob,
  dateOfBirthSubmitError,
  dobBoxComplete,
  dobFromDateOfBirth,
  personInputSchema,
} from './people.ts'

const today = '2026-11-23'
const schema = personInputSchema(() => today)
const firstMessage = (value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? null : result.error.issues[0]?.message
}

describe('person form values (spec account-area §5)', () => {
  it('requires a name and a relationship with the spec messages', () => {
    expect(firstMessage({ relationshipId: 1 })).toBe('Name is required')
    expect(firstMessage({ name: '   ', relationshipId: 1 })).toBe('Name is required')
    expect(firstMessage({ name: 'Mum' })).toBe('Relationship is required')
    expect(firstMessage({ name: 'Mum', relationshipId: 0 })).toBe('Relationship is required')
  })

  it('accepts the listed genders and orientations or null, nothing else', () => {
    expect(firstMessage({ name: 'A', relationshipId: 1, gender: null, orientation: 'pansexual' })).toBeNull()
    expect(firstMessage({ name: 'A', relationshipId: 1, gender: 'unknown' })).not.toBeNull()
    expect(firstMessage({ name: 'A', relationshipId: 1, orientation: 'hetero' })).not.toBeNull()
  })

  it('takes one option per category, and dedupes interests with the last marking winning', () => {
    expect(
      firstMessage({
        name: 'A',
        relationshipId: 1,
        personalitySelections: [
          { categoryId: 1, optionId: 1 },
          { categoryId: 1, optionId: 2 },
        ],
      }),
    ).toBe('Choose one option per category')
    const parsed = schema.parse({
      name: ' Ann ',
      relationshipId: 3,
      interests: [
        { interestId: 5, is_primary: false },
        { interestId: 5, is_primary: true },
      ],
    })
    expect(parsed).toMatchObject({ name: 'Ann', interests: [{ interestId: 5, is_primary: true }], events: [] })
  })

  it('checks dob as a real, past date from 1900, and lets "" clear it', () => {
    expect(schema.parse({ name: 'A', relationshipId: 1, dob: '2000-02-29' }).dob).toBe('2000-02-29')
    expect(schema.parse({ name: 'A', relationshipId: 1, dob: '' }).dob).toBeNull()
    expect(firstMessage({ name: 'A', relationshipId: 1, dob: '2001-02-29' })).toBe('Please enter a valid date')
    expect(firstMessage({ name: 'A', relationshipId: 1, dob: '1899-12-31' })).toBe('Year must be between 1900 and 2026')
    expect(firstMessage({ name: 'A', relationshipId: 1, dob: '2026-11-24' })).toBe(
      'Date of birth cannot be in the future',
    )
  })

  it('refuses NUL bytes, lone surrogates and overlong text', () => {
    expect(firstMessage({ name: 'a\u0000b', relationshipId: 1 })).toBe(
      'name must not contain NUL characters or unpaired surrogates',
    )
    expect(firstMessage({ name: 'a\uD800b', relationshipId: 1 })).toBe(
      'name must not contain NUL characters or unpaired surrogates',
    )
    expect(firstMessage({ name: 'x'.repeat(101), relationshipId: 1 })).toBe('name must be at most 100 characters')
    // A proper pair (an emoji) is fine.
    expect(firstMessage({ name: 'Gran 🎁', relationshipId: 1 })).toBeNull()
  })

  it('validates events of a new person with the events messages', () => {
    expect(firstMessage({ name: 'A', relationshipId: 1, events: [{ occasionId: 1 }] })).toBe('Event date is required')
    expect(firstMessage({ name: 'A', relationshipId: 1, events: [{ date: '2026-05-01', occasionId: 0 }] })).toBe(
      'Please select an occasion',
    )
  })
})

describe('date of birth boxes (spec account-area §5)', () => {
  it('gives the messages on leaving a box', () => {
    expect(dateOfBirthError({ day: '32', month: '', year: '' }, today)).toBe('Day must be between 01 and 31')
    expect(dateOfBirthError({ day: '00', month: '', year: '' }, today)).toBe('Day must be between 01 and 31')
    expect(dateOfBirthError({ day: '12', month: '13', year: '' }, today)).toBe('Month must be between 01 and 12')
    expect(dateOfBirthError({ day: '12', month: '12', year: '1899' }, today)).toBe('Year must be between 1900 and 2026')
    expect(dateOfBirthError({ day: '12', month: '12', year: '2027' }, today)).toBe('Year must be between 1900 and 2026')
    expect(dateOfBirthError({ day: '31', month: '04', year: '1990' }, today)).toBe('Please enter a valid date')
    expect(dateOfBirthError({ day: '29', month: '02', year: '2023' }, today)).toBe('Please enter a valid date')
    expect(dateOfBirthError({ day: '24', month: '11', year: '2026' }, today)).toBe(
      'Date of birth cannot be in the future',
    )
    expect(dateOfBirthError({ day: '29', month: '02', year: '2024' }, today)).toBeNull()
    expect(dateOfBirthError({ day: '5', month: '', year: '' }, today)).toBeNull()
  })

  it('on submit, accepts no date at all but not a partial one', () => {
    expect(dateOfBirthSubmitError({ day: '', month: '', year: '' }, today)).toBeNull()
    expect(dateOfBirthSubmitError({ day: '5', month: '3', year: '1990' }, today)).toBeNull()
    expect(dateOfBirthSubmitError({ day: '5', month: '', year: '' }, today)).toBe('Please enter a valid date')
    expect(dateOfBirthSubmitError({ day: '', month: '03', year: '1990' }, today)).toBe('Please enter a valid date')
    expect(dateOfBirthSubmitError({ day: '40', month: '', year: '' }, today)).toBe('Day must be between 01 and 31')
    expect(dateOfBirthSubmitError({ day: '01', month: '01', year: '199' }, today)).toBe(
      'Year must be between 1900 and 2026',
    )
    expect(dateOfBirthSubmitError({ day: '01', month: '01', year: '2027' }, today)).toBe(
      'Year must be between 1900 and 2026',
    )
  })

  it('moves focus once a box is complete or a first digit cannot start a valid value', () => {
    expect(['0', '1', '2', '3', '4', '9', '12'].map((v) => dobBoxComplete('day', v))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ])
    expect(['0', '1', '2', '9', '10'].map((v) => dobBoxComplete('month', v))).toEqual([false, false, true, true, true])
    // Two digits move on only when in range.
    expect(['01', '31', '32', '00'].map((v) => dobBoxComplete('day', v))).toEqual([true, true, false, false])
    expect(['12', '13', '00', '', 'a'].map((v) => dobBoxComplete('month', v))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ])
  })

  it('turns DD/MM/YYYY into a zero-padded YYYY-MM-DD and back', () => {
    expect(dobFromDateOfBirth('5/3/1990')).toBe('1990-03-05')
    expect(dobFromDateOfBirth('05/03/19')).toBeNull()
    expect(dateOfBirthFromDob('1990-03-05')).toBe('05/03/1990')
    expect(dateOfBirthFromDob(null)).toBe('')
  })

  it('counts age in whole years, the day before a birthday included', () => {
    expect(ageOn('2017-11-24', today)).toBe(8)
    expect(ageOn('2017-11-23', today)).toBe(9)
    expect(ageOn(null, today)).toBeNull()
  })
})
