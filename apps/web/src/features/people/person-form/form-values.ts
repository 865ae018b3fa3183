import {
  dateOfBirthFromDob,
  dateOfBirthSubmitError,
  dobFromDateOfBirth,
  personInputSchema,
  type CompletenessInput,
  type GENDERS,
  type IsoDate,
  type ORIENTATIONS,
  type PersonFormValues,
  type PersonOutput,
} from '@presently/domain'

export type Gender = (typeof GENDERS)[number]
export type Orientation = (typeof ORIENTATIONS)[number]

/** One option chosen in a category of intelligence, lifestyle, taste or personality. */
export interface Selection {
  categoryId: number
  optionId: number
}

/** An interest marked "Like" (is_primary false) or "Love" (is_primary true) (spec account-area §4). */
export interface MarkedInterest {
  interestId: number
  is_primary: boolean
}

/** The three date-of-birth boxes, digits only (spec account-area §5). */
export interface DateOfBirthParts {
  day: string
  month: string
  year: string
}

/**
 * The person form's state (spec account-area §3 "Person (form values)"). The relationship is the
 * Select's string value; the date of birth is kept as its three boxes and becomes `dob`
 * (YYYY-MM-DD) on submit.
 */
export interface PersonFormState {
  name: string
  relationshipId: string | null
  dateOfBirth: DateOfBirthParts
  gender: Gender | null
  orientation: Orientation | null
  intelligenceSelections: Selection[]
  lifestyleSelections: Selection[]
  tasteSelections: Selection[]
  personalitySelections: Selection[]
  giftPreferenceSelections: Array<{ optionId: number }>
  interests: MarkedInterest[]
  /** "Add a yearly Birthday event" under the date of birth (issue 26); checked by default. */
  birthdayEvent: boolean
}

export type SelectionField =
  'intelligenceSelections' | 'lifestyleSelections' | 'tasteSelections' | 'personalitySelections'

const NO_DATE: DateOfBirthParts = { day: '', month: '', year: '' }

/** A new person's empty form. */
export function emptyPersonForm(): PersonFormState {
  return {
    name: '',
    relationshipId: null,
    dateOfBirth: NO_DATE,
    gender: null,
    orientation: null,
    intelligenceSelections: [],
    lifestyleSelections: [],
    tasteSelections: [],
    personalitySelections: [],
    giftPreferenceSelections: [],
    interests: [],
    birthdayEvent: true,
  }
}

/** "DD/MM/YYYY" (or '') into the three boxes. */
export function dateOfBirthParts(dateOfBirth: string): DateOfBirthParts {
  const [day = '', month = '', year = ''] = dateOfBirth ? dateOfBirth.split('/') : []
  return { day, month, year }
}

/** The form filled from a saved person (GET /api/people/{id}). */
export function personFormFromPerson(person: PersonOutput): PersonFormState {
  const copy = (list: ReadonlyArray<Selection>) => list.map(({ categoryId, optionId }) => ({ categoryId, optionId }))
  return {
    name: person.name,
    relationshipId: person.relationshipId === null ? null : String(person.relationshipId),
    dateOfBirth: dateOfBirthParts(dateOfBirthFromDob(person.dob)),
    gender: person.gender,
    orientation: person.orientation,
    intelligenceSelections: copy(person.intelligenceSelections),
    lifestyleSelections: copy(person.lifestyleSelections),
    tasteSelections: copy(person.tasteSelections),
    personalitySelections: copy(person.personalitySelections),
    giftPreferenceSelections: person.giftPreferenceSelections.map(({ optionId }) => ({ optionId })),
    interests: person.interests.map((i) => ({ interestId: i.interest.id, is_primary: i.is_primary })),
    birthdayEvent: true,
  }
}

/**
 * The values sent to people.create / people.update (POST /api/people, PATCH /api/people/{id}):
 * `dob` is YYYY-MM-DD, zero-padded (spec account-area §5), or null when no box is filled.
 */
export function personInputFromForm(form: PersonFormState): PersonFormValues {
  const { day, month, year } = form.dateOfBirth
  const filled = day !== '' || month !== '' || year !== ''
  return {
    name: form.name,
    relationshipId: form.relationshipId === null ? 0 : Number(form.relationshipId),
    dob: filled ? (dobFromDateOfBirth(`${day}/${month}/${year}`) ?? '') : null,
    gender: form.gender,
    orientation: form.orientation,
    intelligenceSelections: form.intelligenceSelections,
    lifestyleSelections: form.lifestyleSelections,
    tasteSelections: form.tasteSelections,
    personalitySelections: form.personalitySelections,
    giftPreferenceSelections: form.giftPreferenceSelections,
    interests: form.interests,
    // Only meaningful with a date of birth; the server adds no second birthday (issue 26).
    birthdayEvent: filled && form.birthdayEvent,
  }
}

/** The fields the form reports errors on. */
export type PersonFormErrors = Partial<Record<'name' | 'relationshipId' | 'dateOfBirth', string>>

/**
 * The form's errors on submit (spec account-area §5), from the same zod schema the server uses:
 * "Name is required", "Relationship is required" and the date-of-birth messages.
 */
export function validatePersonForm(form: PersonFormState, today: IsoDate): PersonFormErrors {
  const errors: PersonFormErrors = {}
  const dobError = dateOfBirthSubmitError(form.dateOfBirth, today)
  if (dobError) errors.dateOfBirth = dobError
  const result = personInputSchema(() => today).safeParse(personInputFromForm(form))
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0]
      if (field === 'name' || field === 'relationshipId') errors[field] ??= issue.message
      else if (field === 'dob') errors.dateOfBirth ??= issue.message
    }
  }
  return errors
}

/**
 * Chooses `optionId` in its category (one option per category, spec account-area §5); choosing
 * the chosen option again clears the category.
 */
export function chooseOption(selections: readonly Selection[], categoryId: number, optionId: number): Selection[] {
  const current = selections.find((s) => s.categoryId === categoryId)
  const others = selections.filter((s) => s.categoryId !== categoryId)
  return current?.optionId === optionId ? others : [...others, { categoryId, optionId }]
}

/** Turns a gift preference on or off (several per group may be chosen). */
export function toggleGiftPreference(
  chosen: ReadonlyArray<{ optionId: number }>,
  optionId: number,
): Array<{ optionId: number }> {
  return chosen.some((c) => c.optionId === optionId)
    ? chosen.filter((c) => c.optionId !== optionId)
    : [...chosen, { optionId }]
}

export type InterestLevel = 'like' | 'love'

/** How an interest is marked, or null when it is not chosen. */
export function interestLevel(interests: readonly MarkedInterest[], interestId: number): InterestLevel | null {
  const found = interests.find((i) => i.interestId === interestId)
  if (!found) return null
  return found.is_primary ? 'love' : 'like'
}

/**
 * Marks an interest (spec account-area §4 "Interest marking"): a new one is added at `level`;
 * clicking the active level removes it; clicking the other level switches it.
 */
export function markInterest(
  interests: readonly MarkedInterest[],
  interestId: number,
  level: InterestLevel,
): MarkedInterest[] {
  const current = interestLevel(interests, interestId)
  if (current === level) return interests.filter((i) => i.interestId !== interestId)
  const is_primary = level === 'love'
  if (current === null) return [...interests, { interestId, is_primary }]
  return interests.map((i) => (i.interestId === interestId ? { interestId, is_primary } : i))
}

/** What the live completeness reads of the form (the same function the server uses, spec §9). */
export function completenessInputOf(form: PersonFormState, events: readonly unknown[]): CompletenessInput {
  return {
    name: form.name,
    relationshipId: form.relationshipId === null ? 0 : Number(form.relationshipId),
    gender: form.gender,
    orientation: form.orientation,
    intelligenceSelections: form.intelligenceSelections,
    lifestyleSelections: form.lifestyleSelections,
    tasteSelections: form.tasteSelections,
    personalitySelections: form.personalitySelections,
    giftPreferenceSelections: form.giftPreferenceSelections,
    interests: form.interests,
    events,
  }
}
