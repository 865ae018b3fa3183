import {
  and,
  eq,
  eventPeople,
  events,
  giftPreferenceOptions,
  inArray,
  interests,
  notInArray,
  occasions,
  optionCategories,
  options,
  people,
  personGiftPreferences,
  personInterests,
  personSelections,
  relationships,
  sql,
  type Db,
} from '@presently/db'
import { AppError, PEOPLE_MESSAGES, type PersonInput, type PersonOutput } from '@presently/domain'
import type { Executor, Tx } from '../auth/executor.ts'
import { loadPeople } from './load-people.ts'
import { reservePerson } from '../account/limits.ts'
import { cancelQueuedReminders, lockEvents } from '../reminders/cancel.ts'

const KINDS = [
  ['intelligence', 'intelligenceSelections'],
  ['lifestyle', 'lifestyleSelections'],
  ['taste', 'tasteSelections'],
  ['personality', 'personalitySelections'],
] as const

/**
 * Checks that every id the form refers to exists and fits: the relationship, each selection's
 * option under its category and that category under its section, gift preference options,
 * interests and occasions.
 * @throws AppError BAD_REQUEST with the form's message for the first reference that does not.
 */
async function checkReferences(db: Executor, input: PersonInput): Promise<void> {
  const [relationship] = await db
    .select({ id: relationships.id })
    .from(relationships)
    .where(eq(relationships.id, input.relationshipId))
  if (!relationship) throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownRelationship)

  const chosen = KINDS.flatMap(([kind, field]) => input[field].map((s) => ({ ...s, kind })))
  if (chosen.length > 0) {
    const found = await db
      .select({ optionId: options.id, categoryId: options.categoryId, kind: optionCategories.kind })
      .from(options)
      .innerJoin(optionCategories, eq(optionCategories.id, options.categoryId))
      .where(
        inArray(
          options.id,
          chosen.map((s) => s.optionId),
        ),
      )
    const known = new Map(found.map((f) => [f.optionId, f]))
    for (const s of chosen) {
      const option = known.get(s.optionId)
      if (!option || option.categoryId !== s.categoryId || option.kind !== s.kind) {
        throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownOption)
      }
    }
  }
  // Ids that must all exist: gift preference options, interests, occasions of new events.
  const checks = [
    [giftPreferenceOptions, input.giftPreferenceSelections.map((g) => g.optionId), PEOPLE_MESSAGES.unknownOption],
    [interests, input.interests.map((i) => i.interestId), PEOPLE_MESSAGES.unknownInterest],
    [occasions, input.events.map((e) => e.occasionId), PEOPLE_MESSAGES.unknownOccasion],
  ] as const
  for (const [table, ids, message] of checks) {
    const wanted = [...new Set(ids)]
    if (wanted.length === 0) continue
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(sql`${table.id} in ${wanted}`)
    if ((row?.n ?? 0) !== wanted.length) throw new AppError('BAD_REQUEST', message)
  }
}

/** Replaces the person's selections, gift preferences and interests with the form's. */
async function writeProfile(tx: Tx, personId: number, input: PersonInput): Promise<void> {
  await tx.delete(personSelections).where(eq(personSelections.personId, personId))
  await tx.delete(personGiftPreferences).where(eq(personGiftPreferences.personId, personId))
  await tx.delete(personInterests).where(eq(personInterests.personId, personId))
  const selections = KINDS.flatMap(([, field]) =>
    input[field].map((s) => ({ personId, categoryId: s.categoryId, optionId: s.optionId })),
  )
  if (selections.length) await tx.insert(personSelections).values(selections)
  if (input.giftPreferenceSelections.length) {
    await tx
      .insert(personGiftPreferences)
      .values(input.giftPreferenceSelections.map((g) => ({ personId, optionId: g.optionId })))
  }
  if (input.interests.length) {
    await tx
      .insert(personInterests)
      .values(input.interests.map((i) => ({ personId, interestId: i.interestId, isPrimary: i.is_primary })))
  }
}

/** The id of the Birthday occasion (reference value "birthday"), or undefined if the reference data lacks it. */
async function birthdayOccasionId(db: Executor): Promise<number | undefined> {
  const [row] = await db.select({ id: occasions.id }).from(occasions).where(eq(occasions.value, 'birthday'))
  return row?.id
}

/**
 * Adds a yearly Birthday event on the date of birth to `personId` (issue 26: "a date of birth is
 * a birthday") unless the person already has a birthday event. Returns whether it added one.
 */
async function addBirthdayEvent(tx: Tx, userId: number, personId: number, dob: string): Promise<boolean> {
  const occasionId = await birthdayOccasionId(tx)
  if (occasionId === undefined) return false
  const [existing] = await tx
    .select({ id: events.id })
    .from(events)
    .innerJoin(eventPeople, eq(eventPeople.eventId, events.id))
    .where(and(eq(eventPeople.personId, personId), eq(events.occasionId, occasionId)))
    .limit(1)
  if (existing) return false
  const [created] = await tx
    .insert(events)
    .values({ userId, name: null, date: dob, occasionId })
    .returning({ id: events.id })
  await tx.insert(eventPeople).values({ eventId: created!.id, personId })
  return true
}

const personColumns = (input: PersonInput) => ({
  name: input.name,
  relationshipId: input.relationshipId,
  ...(input.dob !== undefined ? { dateOfBirth: input.dob } : {}),
  ...(input.gender !== undefined ? { gender: input.gender } : {}),
  ...(input.orientation !== undefined ? { orientation: input.orientation } : {}),
  ...(input.email !== undefined ? { email: input.email || null } : {}),
  ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
  ...(input.address !== undefined ? { address: input.address || null } : {}),
  ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
})

/**
 * POST /api/people: creates a person of `userId` from the form values, with its important dates
 * (spec account-area §3, §7), in one transaction. A date of birth adds a yearly Birthday event
 * unless `birthdayEvent` is false or `events` already holds a birthday (issue 26).
 * @returns the person as GET /api/people/{id} answers it.
 * @throws AppError BAD_REQUEST for an unknown relationship, option, interest or occasion;
 *   CONFLICT when the user keeps ACCOUNT_LIMITS.people (500) people already (issue 25). The
 *   events given are at most 50 (the input schema), ACCOUNT_LIMITS.eventsPerPerson.
 */
export async function createPerson(db: Db, userId: number, input: PersonInput): Promise<PersonOutput> {
  await checkReferences(db, input)
  const personId = await db.transaction(async (tx) => {
    await reservePerson(tx, userId)
    const [row] = await tx
      .insert(people)
      .values({ userId, ...personColumns(input) })
      .returning({ id: people.id })
    const id = row!.id
    await writeProfile(tx, id, input)
    for (const event of input.events) {
      const [created] = await tx
        .insert(events)
        .values({
          userId,
          name: event.name ?? null,
          date: event.date,
          occasionId: event.occasionId,
          rule: event.rule,
          reminderLeadDays: event.reminderLeadDays,
        })
        .returning({ id: events.id })
      await tx.insert(eventPeople).values({ eventId: created!.id, personId: id })
    }
    if (input.dob && input.birthdayEvent !== false) await addBirthdayEvent(tx, userId, id, input.dob)
    return id
  })
  return getPerson(db, userId, personId)
}

/**
 * PATCH /api/people/{id}: replaces the person's profile with the form values (events are kept;
 * they change through the events calls). With `birthdayEvent: true` and a date of birth, a
 * person without a birthday event gains one on that date (issue 26; the Edit form's checkbox).
 * @throws AppError NOT_FOUND "Person not found" unless the person is `userId`'s own.
 */
export async function updatePerson(
  db: Db,
  userId: number,
  personId: number,
  input: PersonInput,
): Promise<PersonOutput> {
  await checkReferences(db, { ...input, events: [] })
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(people)
      .set({ ...personColumns(input), updatedAt: new Date() })
      .where(and(eq(people.id, personId), eq(people.userId, userId)))
      .returning({ id: people.id })
    if (!row) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
    await writeProfile(tx, personId, input)
    if (input.dob && input.birthdayEvent === true) await addBirthdayEvent(tx, userId, personId, input.dob)
  })
  return getPerson(db, userId, personId)
}

/**
 * DELETE /api/people/{id}: removes the person with their events and personal data (spec
 * account-area §2 "Delete dialog"); events shared with another person stay for that person.
 * Reminder emails of the person's events still queued are withdrawn (cancelQueuedReminders).
 * Orders keep their record with the person gone (click_throughs.person_id is set null).
 * @throws AppError NOT_FOUND "Person not found" unless the person is `userId`'s own.
 */
export async function deletePerson(db: Db, userId: number, personId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.id, personId), eq(people.userId, userId)))
      .for('update')
    if (!owned) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
    // A reminder about the person queued but not delivered yet is withdrawn (issue 21), as
    // deleting one of their events does; for an event shared with someone else it goes again on
    // the next run without this person's name. The events are locked first, so a reminder run
    // cannot queue a new one for them in between.
    const linked = await tx
      .select({ eventId: eventPeople.eventId })
      .from(eventPeople)
      .where(eq(eventPeople.personId, personId))
    const eventIds = linked.map((l) => l.eventId)
    await lockEvents(tx, eventIds)
    await cancelQueuedReminders(tx, { eventIds })
    const ownEvents = tx
      .select({ eventId: eventPeople.eventId })
      .from(eventPeople)
      .where(eq(eventPeople.personId, personId))
    const shared = tx
      .select({ eventId: eventPeople.eventId })
      .from(eventPeople)
      .where(sql`${eventPeople.personId} <> ${personId}`)
    await tx
      .delete(events)
      .where(and(eq(events.userId, userId), inArray(events.id, ownEvents), notInArray(events.id, shared)))
    await tx.delete(people).where(eq(people.id, personId))
  })
}

/**
 * GET /api/people/{id}: one person of `userId` (spec account-area §3 "Person as returned").
 * @throws AppError NOT_FOUND "Person not found" for a missing person or another user's.
 */
export async function getPerson(db: Executor, userId: number, personId: number): Promise<PersonOutput> {
  const [person] = await loadPeople(db, userId, [personId])
  if (!person) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.personNotFound)
  return person
}
