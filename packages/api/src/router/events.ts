import { z } from 'zod'
import {
  addEventForPeopleInput,
  addEventForPeopleOutput,
  createEventInput,
  eventOutput,
  idField,
  updateEventInput,
} from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { cachedUserRead } from '../services/account-cache.ts'
import {
  addEventForPeople,
  createEvent,
  deleteEvent,
  listEvents,
  listPersonEvents,
  updateEvent,
} from '../services/events/events.ts'
import { hasCalendarLink, removeCalendarLink, resetCalendarLink } from '../services/events/calendar-feed.ts'

/** Yearly events of the user's people (spec account-area §7 /api/events*). */
export const eventsRouter = router({
  /** GET /api/events. */
  list: protectedProcedure
    .output(z.array(eventOutput))
    .query(({ ctx }) =>
      cachedUserRead(ctx, { call: 'events.list', today: true }, () => listEvents(ctx.db, ctx.user.id)),
    ),
  /** GET /api/events/person/{personId}. */
  forPerson: protectedProcedure
    .input(z.object({ personId: idField }))
    .output(z.array(eventOutput))
    .query(({ ctx, input }) => listPersonEvents(ctx.db, ctx.user.id, input.personId)),
  /** POST /api/events/person/{personId} {occasionId, date, name?}. */
  create: protectedProcedure
    .input(createEventInput.extend({ personId: idField }))
    .output(eventOutput)
    .mutation(({ ctx, input: { personId, ...event } }) => createEvent(ctx.db, ctx.user.id, personId, event)),
  /** POST /api/events/people {occasionId, date, personIds} (issue 43: "Add Christmas for everyone"). */
  addForPeople: protectedProcedure
    .input(addEventForPeopleInput)
    .output(addEventForPeopleOutput)
    .mutation(({ ctx, input }) => addEventForPeople(ctx.db, ctx.user.id, input)),
  /** PATCH /api/events/person/{personId}/event/{eventId} (issue 21: the Edit Event dialog). */
  update: protectedProcedure
    .input(updateEventInput.extend({ personId: idField, eventId: idField }))
    .output(eventOutput)
    .mutation(({ ctx, input: { personId, eventId, ...changes } }) =>
      updateEvent(ctx.db, ctx.user.id, personId, eventId, changes),
    ),
  /** DELETE /api/events/person/{personId}/event/{eventId}. */
  delete: protectedProcedure
    .input(z.object({ personId: idField, eventId: idField }))
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await deleteEvent(ctx.db, ctx.user.id, input.personId, input.eventId)
      return { id: input.eventId }
    }),
  /** Whether the user has a private calendar feed link (its URL is shown only when made). */
  calendarLink: protectedProcedure
    .output(z.object({ hasLink: z.boolean() }))
    .query(async ({ ctx }) => ({ hasLink: await hasCalendarLink(ctx.db, ctx.user.id) })),
  /** Makes a new private calendar feed link; the old one stops working (docs/decisions/calendar-feed.md). */
  resetCalendarLink: protectedProcedure.output(z.object({ url: z.string() })).mutation(async ({ ctx }) => {
    const { path } = await resetCalendarLink(ctx.db, ctx.user.id)
    return { url: new URL(path, ctx.auth?.appUrl ?? 'http://localhost').toString() }
  }),
  /** Turns the calendar feed off. */
  removeCalendarLink: protectedProcedure.output(z.object({ hasLink: z.boolean() })).mutation(async ({ ctx }) => {
    await removeCalendarLink(ctx.db, ctx.user.id)
    return { hasLink: false }
  }),
})
