import { z } from 'zod'
import { createEventInput, eventOutput, rowId } from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { createEvent, deleteEvent, listEvents, listPersonEvents } from '../services/events/events.ts'

/** Yearly events of the user's people (spec account-area §7 /api/events*). */
export const eventsRouter = router({
  /** GET /api/events. */
  list: protectedProcedure.output(z.array(eventOutput)).query(({ ctx }) => listEvents(ctx.db, ctx.user.id)),
  /** GET /api/events/person/{personId}. */
  forPerson: protectedProcedure
    .input(z.object({ personId: rowId }))
    .output(z.array(eventOutput))
    .query(({ ctx, input }) => listPersonEvents(ctx.db, ctx.user.id, input.personId)),
  /** POST /api/events/person/{personId} {occasionId, date, name?}. */
  create: protectedProcedure
    .input(createEventInput.extend({ personId: rowId }))
    .output(eventOutput)
    .mutation(({ ctx, input: { personId, ...event } }) => createEvent(ctx.db, ctx.user.id, personId, event)),
  /** DELETE /api/events/person/{personId}/event/{eventId}. */
  delete: protectedProcedure
    .input(z.object({ personId: rowId, eventId: rowId }))
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await deleteEvent(ctx.db, ctx.user.id, input.personId, input.eventId)
      return { id: input.eventId }
    }),
})
