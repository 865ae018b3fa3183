import { z } from 'zod'
import { personInputSchema, personOutput, personSummaryOutput, idField, ukToday } from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { listPeople } from '../services/people/load-people.ts'
import { cachedUserRead } from '../services/account-cache.ts'
import { createPerson, deletePerson, getPerson, updatePerson } from '../services/people/save-person.ts'

/** The person form's values; "today" (for the date of birth) is the UK date at parse time. */
export const personInput = personInputSchema(() => ukToday())

/** The user's people (spec account-area §7 /api/people): every call sees only the caller's own. */
export const peopleRouter = router({
  /** GET /api/people. */
  list: protectedProcedure
    .output(z.array(personSummaryOutput))
    .query(({ ctx }) =>
      cachedUserRead(ctx, { call: 'people.list', today: true }, () => listPeople(ctx.db, ctx.user.id)),
    ),
  /** GET /api/people/{id}: another user's id answers NOT_FOUND. */
  byId: protectedProcedure
    .input(z.object({ id: idField }))
    .output(personOutput)
    .query(({ ctx, input }) =>
      cachedUserRead(ctx, { call: 'people.byId', input, today: true }, () => getPerson(ctx.db, ctx.user.id, input.id)),
    ),
  /** POST /api/people. */
  create: protectedProcedure
    .input(personInput)
    .output(personOutput)
    .mutation(({ ctx, input }) => createPerson(ctx.db, ctx.user.id, input)),
  /** PATCH /api/people/{id}. */
  update: protectedProcedure
    .input(personInput.extend({ id: idField }))
    .output(personOutput)
    .mutation(({ ctx, input: { id, ...values } }) => updatePerson(ctx.db, ctx.user.id, id, values)),
  /** DELETE /api/people/{id}. */
  delete: protectedProcedure
    .input(z.object({ id: idField }))
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await deletePerson(ctx.db, ctx.user.id, input.id)
      return { id: input.id }
    }),
})
