import { PEOPLE_MESSAGES } from './people-messages.ts'

/**
 * The person/occasion selection messages of the buy flow (spec browsing-and-purchase §5 "Buy
 * requires ... a valid person/occasion selection", account-area §5 "Selection messages").
 */
export const SELECTION_MESSAGES = {
  both: PEOPLE_MESSAGES.selectBoth,
  occasion: PEOPLE_MESSAGES.occasionRequired,
  person: PEOPLE_MESSAGES.selectPerson,
} as const

/** True for a selected id: a whole number from 1 (0, NaN, null and undefined mean "none"). */
function isSelected(id: number | null | undefined): boolean {
  return typeof id === 'number' && Number.isInteger(id) && id > 0
}

/**
 * Checks the selection the buy flow needs: both a person and an occasion.
 * @returns null when both are chosen, else the spec's message: "Please select both a person and
 *   an occasion" (neither), "Please select an occasion" (no occasion) or "Please select who
 *   you're buying for" (no person). Source: spec browsing-and-purchase §4 "Buy flow", §5.
 */
export function selectionError(
  personId: number | null | undefined,
  occasionId: number | null | undefined,
): string | null {
  const person = isSelected(personId)
  const occasion = isSelected(occasionId)
  if (!person && !occasion) return SELECTION_MESSAGES.both
  if (!occasion) return SELECTION_MESSAGES.occasion
  if (!person) return SELECTION_MESSAGES.person
  return null
}
