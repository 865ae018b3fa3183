import { daysUntil, type CompletenessSection, type EventRule, type IsoDate } from '@presently/domain'

/**
 * A person's events soonest first: by the days to their next yearly occurrence from `today`
 * (UK date), ties by occasion label. The person page lists them in this order and the first is
 * the one selected by default (spec account-area §2 "the first event is selected by default").
 */
export function eventsBySoonest<E extends { date: IsoDate; rule?: EventRule; occasion: { label: string } }>(
  events: readonly E[],
  today: IsoDate,
): Array<E & { daysAway: number }> {
  return events
    .map((event) => ({ ...event, daysAway: daysUntil(event.date, today, event.rule ?? 'fixed') }))
    .sort((a, b) => a.daysAway - b.daysAway || a.occasion.label.localeCompare(b.occasion.label))
}

interface LabelledCategory {
  id: number
  name: string
  options: ReadonlyArray<{ id: number; label: string }>
}

/**
 * The chosen option of each category, in the categories' order, as "Category: Option" pairs
 * for the Profile Summary; selections of categories or options no longer offered are skipped.
 */
export function chosenOptions(
  categories: readonly LabelledCategory[],
  selections: ReadonlyArray<{ categoryId: number; optionId: number }>,
): Array<{ category: string; option: string }> {
  const chosen = new Map(selections.map((s) => [s.categoryId, s.optionId]))
  const result: Array<{ category: string; option: string }> = []
  for (const category of categories) {
    const optionId = chosen.get(category.id)
    const option = category.options.find((o) => o.id === optionId)
    if (option) result.push({ category: category.name, option: option.label })
  }
  return result
}

/** Labels of the chosen gift preferences, in the groups' and options' order. */
export function chosenPreferenceLabels(
  groups: ReadonlyArray<{ options: ReadonlyArray<{ id: number; label: string }> }>,
  chosen: ReadonlyArray<{ optionId: number }>,
): string[] {
  const ids = new Set(chosen.map((c) => c.optionId))
  return groups.flatMap((g) => g.options.filter((o) => ids.has(o.id)).map((o) => o.label))
}

/**
 * The completeness card's line on what is missing (spec account-area §9 points): sections with
 * nothing in them under "To add", sections with some of their points under "Add more" (two
 * interests of the six that count in full, one event of three), so a person with interests and
 * dates is not told to add interests and dates. `names` says each section as the card does.
 */
export function missingPartsText(
  sections: readonly CompletenessSection[],
  names: Readonly<Record<CompletenessSection['key'], string>>,
): string {
  const empty = sections.filter((s) => s.points === 0).map((s) => names[s.key])
  const partial = sections.filter((s) => s.points > 0 && s.points < s.max).map((s) => names[s.key])
  if (empty.length === 0 && partial.length === 0) return 'Every section is filled in.'
  return [
    empty.length ? `To add: ${empty.join(', ')}.` : null,
    partial.length ? `Add more: ${partial.join(', ')}.` : null,
  ]
    .filter((part) => part !== null)
    .join(' ')
}
