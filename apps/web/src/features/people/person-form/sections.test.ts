import { describe, expect, it } from 'vitest'
import { FORM_SECTIONS, isFormSectionId, sectionProgress } from './sections'

describe('profile form sections (spec account-area §2)', () => {
  it('has the nine sections in order, starting on Personal Info', () => {
    expect(FORM_SECTIONS.map((s) => s.title)).toEqual([
      'Personal Info',
      'Identity',
      'Intelligence',
      'Lifestyle',
      'Taste',
      'Personality',
      'Gift Preferences',
      'Interests',
      'Important Dates',
    ])
    expect(isFormSectionId('interests')).toBe(true)
    expect(isFormSectionId('nope')).toBe(false)
  })

  it('reads each section as empty, partial or full from the completeness points', () => {
    const progress = sectionProgress({
      name: 'Mum',
      relationshipId: 3,
      gender: 'female',
      intelligenceSelections: [{ categoryId: 1 }, { categoryId: 2 }, { categoryId: 3 }],
      lifestyleSelections: [{ categoryId: 4 }],
      interests: [{}],
    })
    expect(progress['personal-info']).toEqual({ points: 2, max: 2, state: 'full' })
    expect(progress.identity).toEqual({ points: 0.5, max: 1, state: 'partial' })
    expect(progress.intelligence.state).toBe('full')
    expect(progress.lifestyle).toEqual({ points: 1, max: 4, state: 'partial' })
    expect(progress.taste.state).toBe('empty')
    // One interest is 1 of 2 points: more interests add a bonus.
    expect(progress.interests).toEqual({ points: 1, max: 2, state: 'partial' })
    expect(progress['important-dates'].state).toBe('empty')
  })
})
