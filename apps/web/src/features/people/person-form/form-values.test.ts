import { completenessPercent, type PersonOutput } from '@presently/domain'
import { describe, expect, it } from 'vitest'
import {
  chooseOption,
  completenessInputOf,
  emptyPersonForm,
  interestLevel,
  markInterest,
  personFormFromPerson,
  personInputFromForm,
  toggleGiftPreference,
  validatePersonForm,
} from './form-values'

const today = '2026-11-23'

describe('person form values (spec account-area §3, §5)', () => {
  it('requires a name and a relationship', () => {
    expect(validatePersonForm(emptyPersonForm(), today)).toEqual({
      name: 'Name is required',
      relationshipId: 'Relationship is required',
    })
    expect(validatePersonForm({ ...emptyPersonForm(), name: '  ', relationshipId: '3' }, today)).toEqual({
      name: 'Name is required',
    })
    expect(validatePersonForm({ ...emptyPersonForm(), name: 'Mum', relationshipId: '3' }, today)).toEqual({})
  })

  it('sends the date of birth as zero-padded YYYY-MM-DD, or null when no box is filled', () => {
    const form = { ...emptyPersonForm(), name: 'Mum', relationshipId: '7' }
    expect(personInputFromForm({ ...form, dateOfBirth: { day: '5', month: '3', year: '1961' } })).toMatchObject({
      name: 'Mum',
      relationshipId: 7,
      dob: '1961-03-05',
    })
    expect(personInputFromForm(form).dob).toBeNull()
  })

  it('reports the date-of-birth messages on submit', () => {
    const form = { ...emptyPersonForm(), name: 'Mum', relationshipId: '7' }
    const dob = (day: string, month: string, year: string) =>
      validatePersonForm({ ...form, dateOfBirth: { day, month, year } }, today).dateOfBirth
    expect(dob('31', '04', '1990')).toBe('Please enter a valid date')
    expect(dob('24', '11', '2026')).toBe('Date of birth cannot be in the future')
    expect(dob('01', '01', '1899')).toBe('Year must be between 1900 and 2026')
    expect(dob('12', '', '')).toBe('Please enter a valid date')
    expect(dob('23', '11', '2026')).toBeUndefined()
  })

  it('keeps one option per category; choosing the chosen one clears it', () => {
    let chosen = chooseOption([], 1, 10)
    chosen = chooseOption(chosen, 2, 20)
    expect(chosen).toEqual([
      { categoryId: 1, optionId: 10 },
      { categoryId: 2, optionId: 20 },
    ])
    chosen = chooseOption(chosen, 1, 11)
    expect(chosen).toEqual([
      { categoryId: 2, optionId: 20 },
      { categoryId: 1, optionId: 11 },
    ])
    expect(chooseOption(chosen, 1, 11)).toEqual([{ categoryId: 2, optionId: 20 }])
  })

  it('toggles gift preferences, several at once', () => {
    const chosen = toggleGiftPreference(toggleGiftPreference([], 1), 2)
    expect(chosen).toEqual([{ optionId: 1 }, { optionId: 2 }])
    expect(toggleGiftPreference(chosen, 1)).toEqual([{ optionId: 2 }])
  })

  it('marks interests Like or Love: the active level removes, the other switches (spec §4)', () => {
    let interests = markInterest([], 5, 'like')
    expect(interests).toEqual([{ interestId: 5, is_primary: false }])
    expect(interestLevel(interests, 5)).toBe('like')
    interests = markInterest(interests, 5, 'love')
    expect(interests).toEqual([{ interestId: 5, is_primary: true }])
    interests = markInterest(interests, 6, 'like')
    expect(interests).toHaveLength(2)
    interests = markInterest(interests, 5, 'love')
    expect(interests).toEqual([{ interestId: 6, is_primary: false }])
    expect(interestLevel(interests, 5)).toBeNull()
  })

  it('round-trips a saved person and computes the same completeness as the server', () => {
    const person: PersonOutput = {
      id: 1,
      name: 'Mum',
      relationshipId: 7,
      relationship: { id: 7, name: 'Mother', type: 'Family' },
      date_of_birth: '1961-03-05',
      dob: '1961-03-05',
      events: [],
      interestCount: 1,
      completeness: 0,
      tier: 'bronze',
      email: null,
      phone: null,
      address: null,
      notes: null,
      gender: 'female',
      orientation: null,
      intelligenceSelections: [{ categoryId: 1, optionId: 2 }],
      lifestyleSelections: [],
      tasteSelections: [],
      personalitySelections: [],
      giftPreferenceSelections: [{ optionId: 3 }],
      interests: [{ interest: { id: 9, name: 'Golf', category: 'Sports', subcategory: 'Golf' }, is_primary: true }],
    }
    const form = personFormFromPerson(person)
    expect(form.dateOfBirth).toEqual({ day: '05', month: '03', year: '1961' })
    expect(form.relationshipId).toBe('7')
    expect(personInputFromForm(form)).toMatchObject({
      dob: '1961-03-05',
      interests: [{ interestId: 9, is_primary: true }],
      giftPreferenceSelections: [{ optionId: 3 }],
    })
    // name 1 + relationship 1 + gender 0.5 + intelligence 1 + gift preferences 1 + interests 1 = 5.5 of 29
    expect(completenessPercent(completenessInputOf(form, []))).toBe(19)
    expect(completenessPercent(completenessInputOf(form, [{}]))).toBe(26)
  })
})
