import { and, asc, eq, eventPeople, events, inArray, occasions, people, type Db } from '@presently/db'
import {
  completenessSections,
  daysUntil,
  formatEventDate,
  nextOccurrence,
  TIER_LABELS,
  type CompletenessSection,
} from '@presently/domain'
import type { IncompletePersonItem, UpcomingEventItem } from '@presently/email'
import type { Executor } from '../auth/executor.ts'
import { loadPeople } from '../people/load-people.ts'
import { recommendForPerson } from '../recommendations/recommend-for-person.ts'

const SECTION_LABELS: Record<CompletenessSection['key'], string> = {
  name: 'Name',
  relationship: 'Relationship',
  gender: 'Gender',
  orientation: 'Orientation',
  intelligence: 'Intelligence',
  lifestyle: 'Lifestyle',
  taste: 'Taste',
  personality: 'Personality',
  giftPreferences: 'Gift preferences',
  interests: 'Interests',
  events: 'Events',
}

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
        .map((section) => SECTION_LABELS[section.key]),
      editUrl: appLink(appUrl, `/my-account/edit-person/${person.id}`),
    }))
}
