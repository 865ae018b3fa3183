import {
  and,
  asc,
  count,
  eq,
  eventPeople,
  events,
  inArray,
  occasions,
  optionCategories,
  people,
  personGiftPreferences,
  personInterests,
  personSelections,
  type Db,
} from '@presently/db'
import {
  completenessPercent,
  completenessSections,
  daysUntil,
  listTier,
  type CompletenessInput,
  formatEventDate,
  nextOccurrence,
  TIER_LABELS,
  COMPLETENESS_SECTION_NAMES,
} from '@presently/domain'
import type { IncompletePersonItem, UpcomingEventItem } from '@presently/email'
import type { Executor } from '../auth/executor.ts'
import { loadPeople } from '../people/load-people.ts'
import { recommendForPerson } from '../recommendations/recommend-for-person.ts'

function appLink(appUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, appUrl)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  return url.toString()
}

/**
 * The upcoming events of each of `userIds`: every (event, person) pair whose next yearly
 * occurrence is `today` or within `windowDays - 1` days after it, soonest first, each with a
 * "Find Gift" link to /?person={id}&occasion={id} (issue 13). Users without any are absent.
 *
 * @param today YYYY-MM-DD in UK time.
 */
export async function upcomingEventsByUser(
  db: Executor,
  userIds: number[],
  today: string,
  windowDays: number,
  appUrl: string,
): Promise<Map<number, UpcomingEventItem[]>> {
  const result = new Map<number, UpcomingEventItem[]>()
  if (userIds.length === 0) return result
  const rows = await db
    .select({
      userId: events.userId,
      date: events.date,
      occasionId: events.occasionId,
      occasionLabel: occasions.label,
      personId: people.id,
      personName: people.name,
    })
    .from(events)
    .innerJoin(occasions, eq(occasions.id, events.occasionId))
    .innerJoin(eventPeople, eq(eventPeople.eventId, events.id))
    .innerJoin(people, and(eq(people.id, eventPeople.personId), eq(people.userId, events.userId)))
    .where(inArray(events.userId, userIds))
    .orderBy(asc(events.id), asc(people.id))
  const withDays = rows
    .map((row) => ({ ...row, next: nextOccurrence(row.date, today), daysAway: daysUntil(row.date, today) }))
    .filter((row) => row.daysAway >= 0 && row.daysAway < windowDays)
    .sort((a, b) => a.daysAway - b.daysAway || a.personName.localeCompare(b.personName, 'en-GB'))
  for (const row of withDays) {
    const item: UpcomingEventItem = {
      personName: row.personName,
      occasionLabel: row.occasionLabel,
      dateLabel: formatEventDate(row.next),
      daysAway: row.daysAway,
      findGiftUrl: appLink(appUrl, '/', { person: String(row.personId), occasion: String(row.occasionId) }),
    }
    result.set(row.userId, [...(result.get(row.userId) ?? []), item])
  }
  return result
}

/**
 * Adds each event's top 3 recommended gift categories (the built-in engine, no LLM: one query
 * and well under a millisecond each). An event the engine cannot answer for (no catalog yet)
 * simply goes without.
 */
export async function withTopCategories(
  db: Db,
  userId: number,
  items: UpcomingEventItem[],
  appUrl: string,
  today: string,
): Promise<UpcomingEventItem[]> {
  return Promise.all(
    items.map(async (item) => {
      const url = new URL(item.findGiftUrl)
      try {
        const answer = await recommendForPerson(db, {
          userId,
          personId: Number(url.searchParams.get('person')),
          occasion: item.occasionLabel,
          count: 3,
          debug: false,
          today,
        })
        return {
          ...item,
          topCategories: answer.recommendations.map((r) => ({ name: r.category, url: appLink(appUrl, r.categoryUrl) })),
        }
      } catch {
        return item
      }
    }),
  )
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
