import {
  and,
  asc,
  count,
  eq,
  eventPeople,
  events,
  inArray,
  optionCategories,
  people,
  personGiftPreferences,
  personInterests,
  personSelections,
} from '@presently/db'
import {
  completenessPercent,
  completenessSections,
  listTier,
  type CompletenessInput,
  TIER_LABELS,
  COMPLETENESS_SECTION_NAMES,
} from '@presently/domain'
import type { IncompletePersonItem } from '@presently/email'
import type { Executor } from '../auth/executor.ts'
import { loadPeople } from '../people/load-people.ts'

function appLink(appUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, appUrl)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  return url.toString()
}

/**
 * The people of `userId` below the Gold list tier (spec account-area §9: gold from 85), each
 * with the sections that are not full and a link to its edit page.
 */
export async function incompletePeopleOf(
  db: Executor,
  userId: number,
  appUrl: string,
): Promise<IncompletePersonItem[]> {
  const list = await loadPeople(db, userId)
  return list
    .filter((person) => person.tier !== 'gold')
    .map((person) => ({
      name: person.name,
      completeness: person.completeness,
      tierLabel: TIER_LABELS[person.tier],
      missingSections: completenessSections(person)
        .filter((section) => section.points < section.max)
        .map((section) => COMPLETENESS_SECTION_NAMES[section.key]),
      editUrl: appLink(appUrl, `/my-account/edit-person/${person.id}`),
    }))
}

/**
 * incompletePeopleOf for many users in five queries (a campaign batch): the same completeness
 * (spec account-area §9) computed from the people and the counts of their profile parts.
 * Users without people below Gold are absent from the map.
 */
export async function incompletePeopleByUser(
  db: Executor,
  userIds: number[],
  appUrl: string,
): Promise<Map<number, IncompletePersonItem[]>> {
  const result = new Map<number, IncompletePersonItem[]>()
  if (userIds.length === 0) return result
  const rows = await db
    .select({
      id: people.id,
      userId: people.userId,
      name: people.name,
      relationshipId: people.relationshipId,
      gender: people.gender,
      orientation: people.orientation,
    })
    .from(people)
    .where(inArray(people.userId, userIds))
    .orderBy(asc(people.name), asc(people.id))
  if (rows.length === 0) return result
  const ids = rows.map((r) => r.id)
  const [selections, gifts, interestCounts, eventCounts] = await Promise.all([
    db
      .select({
        personId: personSelections.personId,
        categoryId: personSelections.categoryId,
        kind: optionCategories.kind,
      })
      .from(personSelections)
      .innerJoin(optionCategories, eq(optionCategories.id, personSelections.categoryId))
      .where(inArray(personSelections.personId, ids)),
    db
      .select({ personId: personGiftPreferences.personId, n: count() })
      .from(personGiftPreferences)
      .where(inArray(personGiftPreferences.personId, ids))
      .groupBy(personGiftPreferences.personId),
    db
      .select({ personId: personInterests.personId, n: count() })
      .from(personInterests)
      .where(inArray(personInterests.personId, ids))
      .groupBy(personInterests.personId),
    db
      .select({ personId: eventPeople.personId, n: count() })
      .from(eventPeople)
      .innerJoin(events, eq(events.id, eventPeople.eventId))
      .innerJoin(people, and(eq(people.id, eventPeople.personId), eq(people.userId, events.userId)))
      .where(inArray(eventPeople.personId, ids))
      .groupBy(eventPeople.personId),
  ])
  const counts = (list: { personId: number; n: number }[]) => new Map(list.map((c) => [c.personId, c.n]))
  const giftsOf = counts(gifts)
  const interestsOf = counts(interestCounts)
  const eventsOf = counts(eventCounts)
  const selectionsOf = new Map<number, { categoryId: number; kind: string }[]>()
  for (const row of selections) selectionsOf.set(row.personId, [...(selectionsOf.get(row.personId) ?? []), row])
  const many = (n: number | undefined) => Array.from({ length: n ?? 0 }, () => null)
  for (const person of rows) {
    const own = selectionsOf.get(person.id) ?? []
    const pick = (kind: string) => own.filter((s) => s.kind === kind)
    const input: CompletenessInput = {
      name: person.name,
      relationshipId: person.relationshipId,
      gender: person.gender,
      orientation: person.orientation,
      intelligenceSelections: pick('intelligence'),
      lifestyleSelections: pick('lifestyle'),
      tasteSelections: pick('taste'),
      personalitySelections: pick('personality'),
      giftPreferenceSelections: many(giftsOf.get(person.id)),
      interests: many(interestsOf.get(person.id)),
      events: many(eventsOf.get(person.id)),
    }
    const completeness = completenessPercent(input)
    const tier = listTier(completeness)
    if (tier === 'gold') continue
    const item: IncompletePersonItem = {
      name: person.name,
      completeness,
      tierLabel: TIER_LABELS[tier],
      missingSections: completenessSections(input)
        .filter((section) => section.points < section.max)
        .map((section) => COMPLETENESS_SECTION_NAMES[section.key]),
      editUrl: appLink(appUrl, `/my-account/edit-person/${person.id}`),
    }
    result.set(person.userId, [...(result.get(person.userId) ?? []), item])
  }
  return result
}
