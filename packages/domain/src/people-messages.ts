// No zod here: selection.ts (and through it the web app's entry chunk) imports these messages
// (docs/decisions/web-bundle.md).

/** Messages of the person form and the events calls (spec account-area §5, §8). */
export const PEOPLE_MESSAGES = {
  nameRequired: 'Name is required',
  relationshipRequired: 'Relationship is required',
  dayRange: 'Day must be between 01 and 31',
  monthRange: 'Month must be between 01 and 12',
  /** {year} is the current year. */
  yearRange: 'Year must be between 1900 and {year}',
  invalidDate: 'Please enter a valid date',
  futureDate: 'Date of birth cannot be in the future',
  eventDateRequired: 'Event date is required',
  occasionRequired: 'Please select an occasion',
  selectBoth: 'Please select both a person and an occasion',
  selectPerson: "Please select who you're buying for",
  oneOptionPerCategory: 'Choose one option per category',
  personNotFound: 'Person not found',
  eventNotFound: 'Event not found',
  unknownRelationship: 'Relationship is required',
  unknownOccasion: 'Please select an occasion',
  unknownOption: 'That option is not available any more. Please choose again.',
  unknownInterest: 'That interest is not available any more. Please choose again.',
  createFailed: 'Failed to create person',
  updateFailed: 'Failed to update person details',
  deleteFailed: 'Failed to delete person',
  fillAllFields: 'Please fill in all fields to add an event.',
  saveFirst: 'Save the person first to add important dates',
} as const
