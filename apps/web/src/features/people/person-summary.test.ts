import { describe, expect, it } from 'vitest'
import { COMPLETENESS_SECTION_NAMES, completenessSections } from '@presently/domain'
import { chosenOptions, chosenPreferenceLabels, eventsBySoonest, missingPartsText } from './person-summary'

describe('eventsBySoonest', () => {
  it('orders by the next yearly occurrence from today, today first, ties by label', () => {
    const events = [
      { id: 1, date: '1990-01-05', occasion: { label: 'Birthday' } },
      { id: 2, date: '2020-11-23', occasion: { label: 'Wedding' } },
      { id: 3, date: '2015-12-25', occasion: { label: 'Christmas' } },
      { id: 4, date: '2001-12-25', occasion: { label: 'Anniversary' } },
    ]
    const sorted = eventsBySoonest(events, '2026-11-23')
    expect(sorted.map((e) => e.id)).toEqual([2, 4, 3, 1])
    expect(sorted.map((e) => e.daysAway)).toEqual([0, 32, 32, 43])
  })

  it('takes 29 February as 28 February in other years', () => {
    const [leap] = eventsBySoonest([{ date: '2000-02-29', occasion: { label: 'Birthday' } }], '2027-02-27')
    expect(leap?.daysAway).toBe(1)
  })
})

describe('chosenOptions', () => {
  const categories = [
    {
      id: 10,
      name: 'Energy',
      options: [
        { id: 1, label: 'Outgoing' },
        { id: 2, label: 'Reserved' },
      ],
    },
    {
      id: 11,
      name: 'Pace',
      options: [
        { id: 3, label: 'Planner' },
        { id: 4, label: 'Spontaneous' },
      ],
    },
    { id: 12, name: 'Style', options: [{ id: 5, label: 'Classic' }] },
  ]
  it('gives the chosen option of each category in the categories order', () => {
    expect(
      chosenOptions(categories, [
        { categoryId: 11, optionId: 4 },
        { categoryId: 10, optionId: 2 },
      ]),
    ).toEqual([
      { category: 'Energy', option: 'Reserved' },
      { category: 'Pace', option: 'Spontaneous' },
    ])
  })
  it('skips categories and options no longer offered', () => {
    expect(
      chosenOptions(categories, [
        { categoryId: 99, optionId: 1 },
        { categoryId: 12, optionId: 3 },
      ]),
    ).toEqual([])
  })
})

describe('chosenPreferenceLabels', () => {
  it('lists the chosen labels in the groups order', () => {
    const groups = [
      {
        options: [
          { id: 1, label: 'Experiences' },
          { id: 2, label: 'Practical' },
        ],
      },
      { options: [{ id: 3, label: 'Handmade' }] },
    ]
    expect(chosenPreferenceLabels(groups, [{ optionId: 3 }, { optionId: 1 }])).toEqual(['Experiences', 'Handmade'])
  })
})

describe('missingPartsText', () => {
  const names = { ...COMPLETENESS_SECTION_NAMES, events: 'Important dates' }

  it('asks for more of what has some, never to add interests a person already has', () => {
    const dad = completenessSections({
      name: 'Dad',
      relationshipId: 3,
      interests: [{ interestId: 330 }, { interestId: 333 }],
      events: [{ occasionId: 1 }],
    })
    expect(missingPartsText(dad, names)).toBe(
      'To add: Gender, Orientation, Intelligence, Lifestyle, Taste, Personality, Gift preferences. ' +
        'Add more: Interests, Important dates.',
    )
  })

  it('names only the empty sections of a name-only profile, and says when every section is full', () => {
    expect(missingPartsText(completenessSections({ name: 'Sam' }), names)).toBe(
      'To add: Relationship, Gender, Orientation, Intelligence, Lifestyle, Taste, Personality, Gift preferences, Interests, Important dates.',
    )
    const full = completenessSections({ name: 'Sam' }).map((s) => ({ ...s, points: s.max }))
    expect(missingPartsText(full, names)).toBe('Every section is filled in.')
  })
})
