import { and, eq, eventPeople, events, inArray, occasions, type Db } from '@presently/db'
import {
  AppError,
  PEOPLE_MESSAGES,
  type EventOutput,
  type EventRule,
  type PersonEventInput,
  type UpdateEventInput,
} from '@presently/domain'
import type { Executor } from '../auth/executor.ts'
import { loadEvents, loadEventsOfPeople } from '../people/load-people.ts'
import { lockUser, reserveEvents } from '../account/limits.ts'
import { cancelQueuedReminders, lockEvents } from '../reminders/cancel.ts'
import { assertOwnPerson } from '../likes/ownership.ts'

/** GET /api/events: every event of the user with its occasion and people, by month and day. */
export async function listEvents(db: Db, userId: number): Promise<EventOutput[]> {
  return loadEvents(db, userId)
}

/**
 * GET /api/events/person/{personId}: the person's events.
 * @throws AppError NOT_FOUND "Person not found" for another user's person.
 */
export async function listPersonEvents(db: Db, userId: number, personId: number): Promise<EventOutput[]> {
  await assertOwnPerson(db, userId, personId)
  return (await loadEventsOfPeople(db, userId, [personId])).get(personId) ?? []
}

/**
 * POST /api/events/person/{personId} {occasionId, date, name?}: adds a yearly event for the
 * person (spec account-area §7); the date's month and day recur every year.
 * @throws AppError NOT_FOUND for another user's person; BAD_REQUEST "Please select an occasion"
 *   for an unknown occasion; CONFLICT when the person has ACCOUNT_LIMITS.eventsPerPerson (50)
 *   events already (issue 25).
 */
export async function createEvent(
  db: Db,
  userId: number,
  personId: number,
  input: {
    occasionId: number
    date: string
    name?: string | null
    rule?: EventRule
    reminderLeadDays?: number[] | null
  },
): Promise<EventOutput> {
  const eventId = await db.transaction(async (tx) => {
    // The person locked until the event commits: a deletion in another tab answers 404, not 500.
    await assertOwnPerson(tx, userId, personId, true)
    await reserveEvents(tx, userId, personId)
    const [occasion] = await tx.select({ id: occasions.id }).from(occasions).where(eq(occasions.id, input.occasionId))
    if (!occasion) throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownOccasion)
    const [created] = await tx
      .insert(events)
      .values({
        userId,
        name: input.name ?? null,
        date: input.date,
        occasionId: input.occasionId,
        rule: input.rule ?? 'fixed',
        reminderLeadDays: input.reminderLeadDays ?? null,
      })
      .returning({ id: events.id })
    await tx.insert(eventPeople).values({ eventId: created!.id, personId })
    return created!.id
  })
  const [event] = await loadEvents(db, userId, [eventId])
  return event!
}

/**
 * Throws NOT_FOUND "Event not found" unless the event is `userId`'s and linked to `personId`.
 * `lock`: the event's row is locked FOR UPDATE (before cancelling its queued reminders, see
 * lockEvents) in the same statement, so an edit racing a deletion in another tab waits for it
 * and answers "Event not found" (checked first and locked after, the edit found nothing to
 * update and answered a 500).
 */
async function assertOwnEvent(
  db: Executor,
  userId: number,
  personId: number,
  eventId: number,
  lock = false,
): Promise<void> {
  const query = db
    .select({ id: events.id })
    .from(events)
    .innerJoin(eventPeople, and(eq(eventPeople.eventId, events.id), eq(eventPeople.personId, personId)))
    .where(and(eq(events.id, eventId), eq(events.userId, userId)))
  const [row] = lock ? await query.for('update', { of: events }) : await query
  if (!row) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.eventNotFound)
}

/**
 * PATCH /api/events/person/{personId}/event/{eventId} (issue 21, the Edit Event dialog): changes
 * the given fields. A reminder queued but not delivered yet is withdrawn when the event is set
 * to "No reminders" or its date or rule changes (the next run sends what is due for the new
 * settings).
 * @throws AppError NOT_FOUND "Event not found" unless the event is `userId`'s and the person's;
 *   BAD_REQUEST "Please select an occasion" for an unknown occasion.
 */
export async function updateEvent(
  db: Db,
  userId: number,
  personId: number,
  eventId: number,
  input: UpdateEventInput,
): Promise<EventOutput> {
  await db.transaction(async (tx) => {
    await assertOwnEvent(tx, userId, personId, eventId, true)
    if (input.occasionId !== undefined) {
      const [occasion] = await tx.select({ id: occasions.id }).from(occasions).where(eq(occasions.id, input.occasionId))
      if (!occasion) throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownOccasion)
    }
    const [before] = await tx
      .select({ date: events.date, rule: events.rule, reminderLeadDays: events.reminderLeadDays })
      .from(events)
      .where(eq(events.id, eventId))
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.date !== undefined ? { date: input.date } : {}),
      ...(input.occasionId !== undefined ? { occasionId: input.occasionId } : {}),
      ...(input.rule !== undefined ? { rule: input.rule } : {}),
      ...(input.reminderLeadDays !== undefined ? { reminderLeadDays: input.reminderLeadDays } : {}),
    }
    if (Object.keys(changes).length > 0) await tx.update(events).set(changes).where(eq(events.id, eventId))
    const withdrawn =
      (input.reminderLeadDays !== undefined && input.reminderLeadDays?.length === 0) ||
      (input.date !== undefined && input.date !== before?.date) ||
      (input.rule !== undefined && input.rule !== before?.rule)
    if (withdrawn) await cancelQueuedReminders(tx, { eventIds: [eventId] })
  })
  const [event] = await loadEvents(db, userId, [eventId])
  return event!
}

/**
 * DELETE /api/events/person/{personId}/event/{eventId}: removes the event from the person; the
 * event itself goes when no other person keeps it.
 * @throws AppError NOT_FOUND "Event not found" unless the event is `userId`'s and the person's.
 */
export async function deleteEvent(db: Db, userId: number, personId: number, eventId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(eventPeople)
      .where(
        and(
          eq(eventPeople.eventId, eventId),
          eq(eventPeople.personId, personId),
          // Only links of the user's own events.
          eq(
            eventPeople.eventId,
            tx
              .select({ id: events.id })
              .from(events)
              .where(and(eq(events.id, eventId), eq(events.userId, userId))),
          ),
        ),
      )
      .returning({ eventId: eventPeople.eventId })
    if (removed.length === 0) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.eventNotFound)
    const [left] = await tx
      .select({ personId: eventPeople.personId })
      .from(eventPeople)
      .where(eq(eventPeople.eventId, eventId))
    if (!left) {
      // A reminder of the event queued but not delivered yet goes with it (issue 21).
      await lockEvents(tx, [eventId])
      await cancelQueuedReminders(tx, { eventIds: [eventId] })
      await tx.delete(events).where(and(eq(events.id, eventId), eq(events.userId, userId)))
    }
  })
}

export type { PersonEventInput }

/**
 * POST /api/events/people {occasionId, date, personIds} (issue 43 §4, "Add Christmas for
 * everyone"): adds one yearly event of the occasion on `date` to each of the people, in one
 * transaction. A person who has an event of that occasion already is left as they are (listed
 * in `alreadyHad`), so pressing it twice adds nothing the second time.
 * @returns the events added, as GET /api/events shows them, and the people skipped.
 * @throws AppError NOT_FOUND "Person not found" when any id is not the user's (nothing is added);
 *   BAD_REQUEST "Please select an occasion" for an unknown occasion; CONFLICT when a person is at
 *   ACCOUNT_LIMITS.eventsPerPerson.
 */
export async function addEventForPeople(
  db: Db,
  userId: number,
  input: { occasionId: number; date: string; personIds: readonly number[] },
): Promise<{ added: EventOutput[]; alreadyHad: number[] }> {
  const personIds = [...new Set(input.personIds)].sort((a, b) => a - b)
  const { added, alreadyHad } = await db.transaction(async (tx) => {
    // In id order, so two calls over overlapping people lock them in the same order.
    for (const personId of personIds) await assertOwnPerson(tx, userId, personId, true)
    const [occasion] = await tx.select({ id: occasions.id }).from(occasions).where(eq(occasions.id, input.occasionId))
    if (!occasion) throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownOccasion)
    // The user's lock before reading who has the occasion: a second call at once waits here and
    // then sees the first one's events, so nobody gets two Christmases.
    await lockUser(tx, userId)
    const having = await tx
      .selectDistinct({ personId: eventPeople.personId })
      .from(eventPeople)
      .innerJoin(events, eq(events.id, eventPeople.eventId))
      .where(
        and(
          eq(events.userId, userId),
          eq(events.occasionId, input.occasionId),
          inArray(eventPeople.personId, personIds),
        ),
      )
    const had = new Set(having.map((r) => r.personId))
    const ids: number[] = []
    for (const personId of personIds) {
      if (had.has(personId)) continue
      await reserveEvents(tx, userId, personId)
      const [created] = await tx
        .insert(events)
        .values({ userId, name: null, date: input.date, occasionId: input.occasionId, rule: 'fixed' })
        .returning({ id: events.id })
      await tx.insert(eventPeople).values({ eventId: created!.id, personId })
      ids.push(created!.id)
    }
    return { added: ids, alreadyHad: personIds.filter((id) => had.has(id)) }
  })
  return { added: added.length ? await loadEvents(db, userId, added) : [], alreadyHad }
}
