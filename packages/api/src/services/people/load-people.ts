import {
  and,
  asc,
  eq,
  eventPeople,
  events,
  anyOf,
  sql,
  interests,
  occasions,
  optionCategories,
  people,
  personGiftPreferences,
  personInterests,
  personSelections,
  relationships,
  type AnyColumn,
  type Db,
} from '@presently/db'
import {
  completenessPercent,
  listTier,
  nextOccurrence,
  ukToday,
  type EventOutput,
  type EventRule,
  type PersonOutput,
  type PersonSummary,
} from '@presently/domain'
import type { Executor } from '../auth/executor.ts'

/**
 * Loads whole people of one user (spec account-area §3 "Person as returned") in six queries
 * whatever their number: the people, then each part of their profiles for all of them at once.
 * Only `userId`'s people are read: `personIds` of another user simply find nothing.
 *
 * @param personIds limit to these people (undefined: all of the user's people).
 * @returns people ordered by name, each with completeness (whole %) and list tier.
 */
export async function loadPeople(db: Executor, userId: number, personIds?: number[]): Promise<PersonOutput[]> {
  if (personIds && personIds.length === 0) return []
  const rows = await db
    .select({ person: people, relationship: relationships })
    .from(people)
    .leftJoin(relationships, eq(relationships.id, people.relationshipId))
    .where(and(eq(people.userId, userId), personIds ? anyOf(people.id, personIds) : undefined))
    .orderBy(asc(people.name), asc(people.id))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.person.id)

  const [selections, giftPreferences, interestRows, eventsByPerson] = await Promise.all([
    db
      .select({
        personId: personSelections.personId,
        categoryId: personSelections.categoryId,
        optionId: personSelections.optionId,
        kind: optionCategories.kind,
      })
      .from(personSelections)
      .innerJoin(optionCategories, eq(optionCategories.id, personSelections.categoryId))
      .where(anyOf(personSelections.personId, ids))
      .orderBy(asc(optionCategories.sortOrder), asc(optionCategories.id)),
    db
      .select({ personId: personGiftPreferences.personId, optionId: personGiftPreferences.optionId })
      .from(personGiftPreferences)
      .where(anyOf(personGiftPreferences.personId, ids))
      .orderBy(asc(personGiftPreferences.optionId)),
    db
      .select({
        personId: personInterests.personId,
        isPrimary: personInterests.isPrimary,
        interest: {
          id: interests.id,
          name: interests.name,
          category: interests.category,
          subcategory: interests.subcategory,
        },
      })
      .from(personInterests)
      .innerJoin(interests, eq(interests.id, personInterests.interestId))
      .where(anyOf(personInterests.personId, ids))
      .orderBy(asc(interests.category), asc(interests.subcategory), asc(interests.name)),
    loadEventsOfPeople(db, userId, personIds),
  ])

  const byPerson = <T extends { personId: number }>(list: T[]) => {
    const map = new Map<number, T[]>()
    for (const item of list) {
      const own = map.get(item.personId)
      if (own) own.push(item)
      else map.set(item.personId, [item])
    }
    return map
  }
  const selectionsOf = byPerson(selections)
  const giftsOf = byPerson(giftPreferences)
  const interestsOf = byPerson(interestRows)

  return rows.map(({ person, relationship }) => {
    const own = selectionsOf.get(person.id) ?? []
    const pick = (kind: string) =>
      own.filter((s) => s.kind === kind).map((s) => ({ categoryId: s.categoryId, optionId: s.optionId }))
    const profile = {
      intelligenceSelections: pick('intelligence'),
      lifestyleSelections: pick('lifestyle'),
      tasteSelections: pick('taste'),
      personalitySelections: pick('personality'),
      giftPreferenceSelections: (giftsOf.get(person.id) ?? []).map((g) => ({ optionId: g.optionId })),
      interests: (interestsOf.get(person.id) ?? []).map((i) => ({ interest: i.interest, is_primary: i.isPrimary })),
      events: eventsByPerson.get(person.id) ?? [],
    }
    const completeness = completenessPercent({
      name: person.name,
      relationshipId: person.relationshipId,
      gender: person.gender,
      orientation: person.orientation,
      ...profile,
    })
    return {
      id: person.id,
      name: person.name,
      relationshipId: person.relationshipId,
      relationship: relationship ? { id: relationship.id, name: relationship.name, type: relationship.type } : null,
      date_of_birth: person.dateOfBirth,
      dob: person.dateOfBirth,
      gender: person.gender,
      orientation: person.orientation,
      email: person.email,
      phone: person.phone,
      address: person.address,
      notes: person.notes,
      ...profile,
      interestCount: profile.interests.length,
      completeness,
      tier: listTier(completeness),
    }
  })
}

/**
 * The list view of people (GET /api/people, spec account-area §3): summaries in loadPeople's
 * order with the same completeness, tier and interest count, read from what completeness counts
 * (the distinct option categories of each group, gift preference and interest ids) instead of
 * whole profiles: one row per person, not one per selection and interest.
 */
export async function listPeople(db: Db, userId: number): Promise<PersonSummary[]> {
  const [rows, eventsByPerson] = await Promise.all([
    db
      .select({
        person: {
          id: people.id,
          name: people.name,
          relationshipId: people.relationshipId,
          dateOfBirth: people.dateOfBirth,
          gender: people.gender,
          orientation: people.orientation,
        },
        relationship: { id: relationships.id, name: relationships.name, type: relationships.type },
        groups: categoriesByKind(),
        giftPreferences: idsOfPerson(personGiftPreferences.optionId, personGiftPreferences.personId),
        interests: idsOfPerson(personInterests.interestId, personInterests.personId),
      })
      .from(people)
      .leftJoin(relationships, eq(relationships.id, people.relationshipId))
      .where(eq(people.userId, userId))
      .orderBy(asc(people.name), asc(people.id)),
    loadEventsOfPeople(db, userId),
  ])
  const asSelections = (categoryIds: number[]) => categoryIds.map((categoryId) => ({ categoryId }))
  return rows.map(({ person, relationship, groups, ...facts }) => {
    const personEvents = eventsByPerson.get(person.id) ?? []
    const completeness = completenessPercent({
      name: person.name,
      relationshipId: person.relationshipId,
      gender: person.gender,
      orientation: person.orientation,
      intelligenceSelections: asSelections(groups.intelligence),
      lifestyleSelections: asSelections(groups.lifestyle),
      tasteSelections: asSelections(groups.taste),
      personalitySelections: asSelections(groups.personality),
      giftPreferenceSelections: facts.giftPreferences,
      interests: facts.interests,
      events: personEvents,
    })
    return {
      id: person.id,
      name: person.name,
      relationshipId: person.relationshipId,
      relationship,
      date_of_birth: person.dateOfBirth,
      events: personEvents,
      interestCount: facts.interests.length,
      completeness,
      tier: listTier(completeness),
    }
  })
}

/** The values of `column` in the person's rows of its table (`personId` its owner), as a correlated array. */
function idsOfPerson(column: AnyColumn, personId: AnyColumn) {
  return sql<number[]>`array(select ${column} from ${personId.table} where ${personId} = ${people.id})`
}

/**
 * The distinct option categories a person chose in each group, from one correlated read of their
 * selections (issue 24: four reads, one per group, were most of the list's time in PostgreSQL).
 */
function categoriesByKind() {
  const kind = (name: string) =>
    sql.raw(`'${name}', coalesce(array_agg(distinct s.category_id) filter (where c.kind = '${name}'), '{}')`)
  return sql<Record<'intelligence' | 'lifestyle' | 'taste' | 'personality', number[]>>`(select json_build_object(
      ${kind('intelligence')}, ${kind('lifestyle')}, ${kind('taste')}, ${kind('personality')})
    from ${personSelections} s join ${optionCategories} c on c.id = s.category_id
    where s.person_id = ${people.id})`
}

/**
 * Events of `userId` linked to any of `personIds` (undefined: to any of the user's people), each
 * with its occasion and every person it is for, grouped by person and sorted by month and day.
 */
export async function loadEventsOfPeople(
  db: Executor,
  userId: number,
  personIds?: number[],
): Promise<Map<number, EventOutput[]>> {
  const wanted = personIds ? new Set(personIds) : undefined
  const result = new Map<number, EventOutput[]>()
  // loadEvents sorts by month and day, so every person's list comes out in that order.
  for (const event of await loadEvents(db, userId, personIds ? { personIds } : undefined)) {
    for (const person of event.people) {
      if (wanted && !wanted.has(person.id)) continue
      const list = result.get(person.id)
      if (list) list.push(event)
      else result.set(person.id, [event])
    }
  }
  return result
}

/** Month and day order of yearly events (the year of the stored date does not matter). */
export function byMonthDay(a: { date: string; id: number }, b: { date: string; id: number }): number {
  // Plain code-unit order of "MM-DD" (digits): localeCompare's ICU collation cost more than the rest of the list.
  const x = a.date.slice(5)
  const y = b.date.slice(5)
  return x < y ? -1 : x > y ? 1 : a.id - b.id
}

/**
 * Events of `userId` with their occasion and people, in month and day order (spec account-area
 * §3 "In the list view, events carry people (id and name)"): all of them, those of `eventIds`, or
 * those linked to any of `personIds` (each still with all of its people).
 */
export async function loadEvents(
  db: Executor,
  userId: number,
  only?: number[] | { personIds: number[] },
): Promise<EventOutput[]> {
  const eventIds = Array.isArray(only) ? only : undefined
  const personIds = only && !Array.isArray(only) ? only.personIds : undefined
  if (eventIds?.length === 0 || personIds?.length === 0) return []
  const linkedTo = personIds
    ? sql`exists (select 1 from ${eventPeople} ep where ep.event_id = ${events.id} and ${anyOf(sql`ep.person_id`, personIds)})`
    : undefined
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      date: events.date,
      rule: events.rule,
      reminderLeadDays: events.reminderLeadDays,
      occasionId: events.occasionId,
      occasionLabel: occasions.label,
      personId: people.id,
      personName: people.name,
    })
    .from(events)
    .innerJoin(occasions, eq(occasions.id, events.occasionId))
    .leftJoin(eventPeople, eq(eventPeople.eventId, events.id))
    .leftJoin(people, eq(people.id, eventPeople.personId))
    .where(and(eq(events.userId, userId), eventIds ? anyOf(events.id, eventIds) : undefined, linkedTo))
    .orderBy(asc(events.id), asc(people.name))
  const byId = new Map<number, EventOutput>()
  const today = ukToday()
  for (const row of rows) {
    let event = byId.get(row.id)
    if (!event) {
      const rule = row.rule as EventRule
      event = {
        id: row.id,
        name: row.name,
        date: row.date,
        occasionId: row.occasionId,
        occasion: { id: row.occasionId, label: row.occasionLabel },
        people: [],
        rule,
        reminderLeadDays: row.reminderLeadDays,
        nextOccurrence: nextOccurrence(row.date, today, rule),
      }
      byId.set(row.id, event)
    }
    if (row.personId !== null && row.personName !== null) event.people.push({ id: row.personId, name: row.personName })
  }
  return [...byId.values()].sort(byMonthDay)
}
