import { completenessSections, type CompletenessInput, type CompletenessSection } from '@presently/domain'

/** The nine sections of the profile form, in order (spec account-area §2 "Profile form"). */
export const FORM_SECTIONS = [
  { id: 'personal-info', title: 'Personal Info', parts: ['name', 'relationship'] },
  { id: 'identity', title: 'Identity', parts: ['gender', 'orientation'] },
  { id: 'intelligence', title: 'Intelligence', parts: ['intelligence'] },
  { id: 'lifestyle', title: 'Lifestyle', parts: ['lifestyle'] },
  { id: 'taste', title: 'Taste', parts: ['taste'] },
  { id: 'personality', title: 'Personality', parts: ['personality'] },
  { id: 'gift-preferences', title: 'Gift Preferences', parts: ['giftPreferences'] },
  { id: 'interests', title: 'Interests', parts: ['interests'] },
  { id: 'important-dates', title: 'Important Dates', parts: ['events'] },
] as const satisfies ReadonlyArray<{ id: string; title: string; parts: ReadonlyArray<CompletenessSection['key']> }>

export type FormSectionId = (typeof FORM_SECTIONS)[number]['id']

export const FORM_SECTION_IDS: readonly FormSectionId[] = FORM_SECTIONS.map((s) => s.id)

export function isFormSectionId(value: unknown): value is FormSectionId {
  return typeof value === 'string' && (FORM_SECTION_IDS as readonly string[]).includes(value)
}

/** How far a section is filled: its completeness points now and at most, and whether it is full. */
export interface SectionProgress {
  points: number
  max: number
  state: 'empty' | 'partial' | 'full'
}

/** Progress of each form section from the same completeness rules the server uses (spec §9). */
export function sectionProgress(input: CompletenessInput): Record<FormSectionId, SectionProgress> {
  const byKey = new Map(completenessSections(input).map((s) => [s.key, s]))
  const result = {} as Record<FormSectionId, SectionProgress>
  for (const section of FORM_SECTIONS) {
    let points = 0
    let max = 0
    for (const part of section.parts) {
      points += byKey.get(part)?.points ?? 0
      max += byKey.get(part)?.max ?? 0
    }
    result[section.id] = { points, max, state: points === 0 ? 'empty' : points >= max ? 'full' : 'partial' }
  }
  return result
}
