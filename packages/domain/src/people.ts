import { z } from 'zod'
import { isValidIsoDate, type IsoDate } from './event-dates.ts'
import { EVENT_RULES } from './movable-dates.ts'
import { eventLeadDaysInput } from './reminders.ts'
import { idField, isoDateField, PG_INT4_MAX, safeText } from './input.ts'
import { PEOPLE_MESSAGES } from './people-messages.ts'
import type { ProfileTier } from './completeness.ts'

/** Gender of a profile (spec account-area §2 "Identity", §5): one of these or null. */
export const GENDERS = ['male', 'female', 'other'] as const
/** Orientation: the spec's four, plus pansexual and asexual which the form offers (§3). */
export const ORIENTATIONS = ['straight', 'gay', 'lesbian', 'bisexual', 'pansexual', 'asexual'] as const

export { PEOPLE_MESSAGES } from './people-messages.ts'

/** Free text of a profile field: trimmed, at most `max` characters, storable (input.ts). */
const profileText = (max: number) => safeText({ max })

/**
 * A calendar date "YYYY-MM-DD" that exists (no 31 April) and that PostgreSQL stores: years 0001
 * to 9999 (input.ts isoDateField, issue 25).
 */
export const isoDateInput = isoDateField(PEOPLE_MESSAGES.invalidDate)

/**
 * A date of birth sent as `dob` (spec account-area §3: "dob (text YYYY-MM-DD, sent to the
 * server)"): a real date from 1900 up to today (UK). Empty or null clears it.
 */
export function dobInput(today: () => IsoDate) {
  return z
    .union([z.literal(''), z.null(), isoDateInput])
    .optional()
    .transform((v) => (v ? v : v === undefined ? undefined : null))
    .superRefine((v, ctx) => {
      if (!v) return
      const year = Number(v.slice(0, 4))
      const current = Number(today().slice(0, 4))
      if (year < 1900 || year > current) {
        ctx.addIssue({ code: 'custom', message: PEOPLE_MESSAGES.yearRange.replace('{year}', String(current)) })
      } else if (v > today()) ctx.addIssue({ code: 'custom', message: PEOPLE_MESSAGES.futureDate })
    })
}

const selections = z
  .array(z.object({ categoryId: idField, optionId: idField }))
  .max(50)
  // prefault, not default: the OpenAPI document keeps `default: []` for an array of ids
  // (numberInput's transform hides a plain default from an input JSON Schema).
  .prefault([])
  .refine((list) => new Set(list.map((s) => s.categoryId)).size === list.length, PEOPLE_MESSAGES.oneOptionPerCategory)

/** An important date in the person form (spec account-area §3 "events"). */
export const personEventInput = z.object({
  name: profileText(100).optional().nullable(),
  date: z
    .string({ error: PEOPLE_MESSAGES.eventDateRequired })
    .min(1, PEOPLE_MESSAGES.eventDateRequired)
    .pipe(isoDateInput),
  occasionId: z
    .number({ error: PEOPLE_MESSAGES.occasionRequired })
    .int(PEOPLE_MESSAGES.occasionRequired)
    .min(1, PEOPLE_MESSAGES.occasionRequired)
    .max(PG_INT4_MAX, PEOPLE_MESSAGES.occasionRequired),
  /** Issue 21: "fixed" (default) or a movable UK occasion whose day of each year replaces `date`'s. */
  rule: z.enum(EVENT_RULES, { error: `rule must be one of ${EVENT_RULES.join(', ')}` }).default('fixed'),
  /** Issue 21: null (default) = the account's reminder settings, a list = own lead times, [] = none. */
  reminderLeadDays: eventLeadDaysInput.default(null),
})
export type PersonEventInput = z.input<typeof personEventInput>

/**
 * The person form's values as sent to POST /api/people and PATCH /api/people/{id}
 * (spec account-area §3 "Person (form values)", §5 validation). Selections replace the stored
 * ones; `events` are added on create only (an existing person's dates go through the events calls).
 */
export function personInputSchema(today: () => IsoDate) {
  return z.object({
    name: z
      .string({ error: PEOPLE_MESSAGES.nameRequired })
      .pipe(profileText(100))
      .pipe(z.string().min(1, PEOPLE_MESSAGES.nameRequired)),
    relationshipId: z
      .number({ error: PEOPLE_MESSAGES.relationshipRequired })
      .int(PEOPLE_MESSAGES.relationshipRequired)
      .min(1, PEOPLE_MESSAGES.relationshipRequired)
      .max(PG_INT4_MAX, PEOPLE_MESSAGES.relationshipRequired),
    dob: dobInput(today),
    gender: z.enum(GENDERS).nullable().optional(),
    orientation: z.enum(ORIENTATIONS).nullable().optional(),
    email: profileText(254).nullable().optional(),
    phone: profileText(40).nullable().optional(),
    address: profileText(500).nullable().optional(),
    notes: profileText(2000).nullable().optional(),
    intelligenceSelections: selections,
    lifestyleSelections: selections,
    tasteSelections: selections,
    personalitySelections: selections,
    giftPreferenceSelections: z
      .array(z.object({ optionId: idField }))
      .max(100)
      .prefault([])
      .transform((list) => [...new Map(list.map((s) => [s.optionId, s])).values()]),
    interests: z
      .array(z.object({ interestId: idField, is_primary: z.boolean().default(false) }))
      .max(200)
      .prefault([])
      // The last marking of an interest wins (Like then Love is Love).
      .transform((list) => [...new Map(list.map((i) => [i.interestId, i])).values()]),
    events: z.array(personEventInput).max(50).default([]),
    /**
     * Whether a date of birth also makes a yearly Birthday event (issue 26): on create it does
     * unless this is false (or `events` already holds a birthday); on update only when true and
     * the person has no birthday yet.
     */
    birthdayEvent: z.boolean({ error: 'birthdayEvent must be true or false' }).optional(),
  })
}
export type PersonInput = z.output<ReturnType<typeof personInputSchema>>
export type PersonFormValues = z.input<ReturnType<typeof personInputSchema>>

/**
 * POST /api/events/person/{personId} (spec account-area §7): {occasionId, date}, name optional;
 * issue 21 adds `rule` and `reminderLeadDays`.
 */
export const createEventInput = personEventInput

/** The most people one "Add Christmas for everyone" call takes (issue 43 §4). */
export const ADD_FOR_PEOPLE_MAX = 200

/**
 * POST /api/events/people {occasionId, date, personIds} (issue 43 §4: "Add Christmas for
 * everyone"): one occasion on one date for several of the user's people, in one call.
 */
export const addEventForPeopleInput = z.object({
  occasionId: personEventInput.shape.occasionId,
  date: personEventInput.shape.date,
  personIds: z
    .array(idField, { error: 'personIds must be a list of person ids' })
    .min(1, 'personIds must list at least one person')
    .max(ADD_FOR_PEOPLE_MAX, `personIds must list at most ${ADD_FOR_PEOPLE_MAX} people`),
})
export type AddEventForPeopleInput = z.infer<typeof addEventForPeopleInput>

/**
 * PATCH /api/events/person/{personId}/event/{eventId} (issue 21, the Edit Event dialog): any of
 * the create fields; those left out keep their value.
 */
export const updateEventInput = z.object({
  name: personEventInput.shape.name,
  date: personEventInput.shape.date.optional(),
  occasionId: personEventInput.shape.occasionId.optional(),
  rule: z.enum(EVENT_RULES, { error: `rule must be one of ${EVENT_RULES.join(', ')}` }).optional(),
  reminderLeadDays: eventLeadDaysInput.optional(),
})
export type UpdateEventInput = z.infer<typeof updateEventInput>

const occasionRef = z.object({ id: z.number().int(), label: z.string() })

/** An event as the API returns it (spec account-area §3 "Event", "In the list view..."). */
export const eventOutput = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  date: z.string(),
  occasionId: z.number().int(),
  occasion: occasionRef,
  people: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Issue 21: how the yearly date is found ("fixed" keeps the spec's behaviour). */
  rule: z.enum(EVENT_RULES),
  /** Issue 21: null = the account's reminder settings, a list = own lead times, [] = none. */
  reminderLeadDays: z.array(z.number().int()).nullable(),
  /** Issue 21: the next occurrence (UK date, today or later), the real day for movable rules. */
  nextOccurrence: z.string(),
})

/** What "Add Christmas for everyone" did (issue 43 §4): the events added, and the people who had the occasion already. */
export const addEventForPeopleOutput = z.object({
  added: z.array(eventOutput),
  alreadyHad: z.array(z.number().int()),
})
export type EventOutput = z.infer<typeof eventOutput>

export const relationshipOutput = z.object({ id: z.number().int(), name: z.string(), type: z.string() })
export type RelationshipOutput = z.infer<typeof relationshipOutput>

/** An occasion (spec browsing-and-purchase §3): `name` repeats the label for clients that read it. */
export const occasionOutput = z.object({
  id: z.number().int(),
  value: z.string(),
  label: z.string(),
  name: z.string(),
  category: z.string(),
  cat_weight: z.number(),
  occ_weight: z.number(),
})
export type OccasionOutput = z.infer<typeof occasionOutput>

export const interestOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  subcategory: z.string(),
})
export type InterestOutput = z.infer<typeof interestOutput>

/**
 * An interest of GET /api/interests: the spec's fields plus the words people type for it
 * (issue 26: "lego" finds LEGO, "running" finds Running and Jogging), for the form's search.
 */
export const interestListItem = interestOutput.extend({ aliases: z.array(z.string()) })
export type InterestListItem = z.infer<typeof interestListItem>

const optionOutput = z.object({ id: z.number().int(), label: z.string(), sortOrder: z.number().int() })

/** An intelligence/lifestyle/taste/personality category with its options (spec account-area §3). */
export const optionCategoryOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  options: z.array(optionOutput),
})
export type OptionCategoryOutput = z.infer<typeof optionCategoryOutput>

export const giftPreferenceGroupOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
  options: z.array(optionOutput),
})
export type GiftPreferenceGroupOutput = z.infer<typeof giftPreferenceGroupOutput>

const selectionOutput = z.object({ categoryId: z.number().int(), optionId: z.number().int() })
export const profileTierOutput = z.enum(['gold', 'silver', 'bronze'])

/** A person in the list (GET /api/people): enough for the cards and both filters. */
export const personSummaryOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  relationshipId: z.number().int().nullable(),
  relationship: relationshipOutput.nullable(),
  date_of_birth: z.string().nullable(),
  events: z.array(eventOutput),
  interestCount: z.number().int(),
  /** Whole percentage (spec account-area §9). */
  completeness: z.number().int(),
  tier: profileTierOutput,
})
export type PersonSummary = z.infer<typeof personSummaryOutput>

/** One person (GET /api/people/{id}; spec account-area §3 "Person as returned"). */
export const personOutput = personSummaryOutput.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  orientation: z.enum(ORIENTATIONS).nullable(),
  intelligenceSelections: z.array(selectionOutput),
  lifestyleSelections: z.array(selectionOutput),
  tasteSelections: z.array(selectionOutput),
  personalitySelections: z.array(selectionOutput),
  giftPreferenceSelections: z.array(z.object({ optionId: z.number().int() })),
  interests: z.array(z.object({ interest: interestOutput, is_primary: z.boolean() })),
})
export type PersonOutput = z.infer<typeof personOutput>

export type { ProfileTier }

/**
 * The date-of-birth boxes of the person form (spec account-area §5): digits only, day and month
 * two digits, year four. Checked on leaving a box; returns the message to show, or null when
 * the parts so far are fine (a complete valid date clears every error).
 */
export function dateOfBirthError(parts: { day: string; month: string; year: string }, today: IsoDate): string | null {
  const { day, month, year } = parts
  if (day !== '' && !(Number(day) >= 1 && Number(day) <= 31)) return PEOPLE_MESSAGES.dayRange
  if (month !== '' && !(Number(month) >= 1 && Number(month) <= 12)) return PEOPLE_MESSAGES.monthRange
  const currentYear = Number(today.slice(0, 4))
  if (year !== '' && (year.length < 4 || Number(year) < 1900 || Number(year) > currentYear)) {
    return PEOPLE_MESSAGES.yearRange.replace('{year}', String(currentYear))
  }
  if (day === '' || month === '' || year.length < 4) return null
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
  if (!isValidIsoDate(iso)) return PEOPLE_MESSAGES.invalidDate
  if (iso > today) return PEOPLE_MESSAGES.futureDate
  return null
}

/**
 * The date of birth on submitting the person form (spec account-area §5): no boxes filled is no
 * date of birth (null); otherwise the message of dateOfBirthError, or "Please enter a valid date"
 * when a box is still empty or the year is short of four digits; null when the date is good.
 */
export function dateOfBirthSubmitError(
  parts: { day: string; month: string; year: string },
  today: IsoDate,
): string | null {
  if (parts.day === '' && parts.month === '' && parts.year === '') return null
  const error = dateOfBirthError(parts, today)
  if (error) return error
  if (parts.day === '' || parts.month === '' || parts.year.length < 4) return PEOPLE_MESSAGES.invalidDate
  return null
}

/**
 * "DD/MM/YYYY" of the form to "YYYY-MM-DD" for the server, zero-padded (spec account-area §5
 * "On submit dateOfBirth DD/MM/YYYY becomes dob YYYY-MM-DD"); null when incomplete.
 */
export function dobFromDateOfBirth(dateOfBirth: string): IsoDate | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(dateOfBirth.trim())
  if (!match) return null
  return `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
}

/** "YYYY-MM-DD" from the server to the form's "DD/MM/YYYY"; '' for none. */
export function dateOfBirthFromDob(dob: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

/**
 * Focus rule of the date-of-birth boxes (spec account-area §5): move on once the day (01-31) or
 * month (01-12) is complete, or when a single digit is too large to start a valid value
 * (day 4-9, month 2-9). Two digits out of range ("32", "13", "00") are not complete: focus stays
 * so the value can be corrected, and leaving the box shows the range message.
 */
export function dobBoxComplete(box: 'day' | 'month', value: string): boolean {
  if (!/^\d{1,2}$/.test(value)) return false
  if (value.length === 2) {
    const n = Number(value)
    return n >= 1 && n <= (box === 'day' ? 31 : 12)
  }
  const digit = Number(value)
  if (value.length !== 1 || Number.isNaN(digit)) return false
  return box === 'day' ? digit > 3 : digit > 1
}

/** Age in whole years on `today` from a date of birth (both YYYY-MM-DD); null without one. */
export function ageOn(dob: IsoDate | null | undefined, today: IsoDate): number | null {
  if (!dob || !isValidIsoDate(dob)) return null
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
}

/** Tier labels as the list shows them. */
export const TIER_LABELS: Record<ProfileTier, string> = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' }
