import { z } from 'zod'
import {
  budgetsInput,
  budgetsOutput,
  giftInputSchema,
  giftOutput,
  idField,
  orderOutcomeInput,
  orderOutput,
  planInput,
  planOutput,
  ukToday,
} from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { createGift, deleteGift, listGifts, updateGift } from '../services/gifts/gift-history.ts'
import { setOrderOutcome } from '../services/gifts/order-outcome.ts'
import { getBudgets, saveBudgets } from '../services/gifts/budgets.ts'
import { getPlan } from '../services/gifts/plan.ts'
import { cachedUserRead } from '../services/account-cache.ts'

/** A present by hand; "a year ahead" is counted from the UK date at parse time. */
export const giftInput = giftInputSchema(() => ukToday())

/**
 * Gift history, budgets and the occasion plan (issue 22): the caller's own only; another user's
 * person, gift or order answers NOT_FOUND.
 */
export const giftsRouter = router({
  /** GET /api/people/{id}/gifts. */
  list: protectedProcedure
    .input(z.object({ personId: idField }))
    .output(z.array(giftOutput))
    .query(({ ctx, input }) =>
      cachedUserRead(ctx, { call: 'gifts.list', input: input.personId, catalog: true }, () =>
        listGifts(ctx.db, ctx.user.id, input.personId),
      ),
    ),
  /** POST /api/people/{id}/gifts. */
  create: protectedProcedure
    .input(giftInput.extend({ personId: idField }))
    .output(giftOutput)
    .mutation(({ ctx, input: { personId, ...values } }) => createGift(ctx.db, ctx.user.id, personId, values)),
  /** PUT /api/gifts/{id}. */
  update: protectedProcedure
    .input(giftInput.extend({ id: idField }))
    .output(giftOutput)
    .mutation(({ ctx, input: { id, ...values } }) => updateGift(ctx.db, ctx.user.id, id, values)),
  /** DELETE /api/gifts/{id}. */
  delete: protectedProcedure
    .input(z.object({ id: idField }))
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await deleteGift(ctx.db, ctx.user.id, input.id)
      return { id: input.id }
    }),
  /** PUT /api/orders/{id}/outcome. */
  setOrderOutcome: protectedProcedure
    .input(orderOutcomeInput.extend({ orderId: idField }))
    .output(orderOutput)
    .mutation(({ ctx, input: { orderId, ...values } }) => setOrderOutcome(ctx.db, ctx.user.id, orderId, values)),
  /** GET /api/people/{id}/budgets. */
  budgets: protectedProcedure
    .input(z.object({ personId: idField }))
    .output(budgetsOutput)
    .query(({ ctx, input }) =>
      cachedUserRead(ctx, { call: 'gifts.budgets', input: input.personId, today: true }, () =>
        getBudgets(ctx.db, ctx.user.id, input.personId),
      ),
    ),
  /** PUT /api/people/{id}/budgets. */
  saveBudgets: protectedProcedure
    .input(budgetsInput.extend({ personId: idField }))
    .output(budgetsOutput)
    .mutation(({ ctx, input: { personId, ...values } }) => saveBudgets(ctx.db, ctx.user.id, personId, values)),
  /** GET /api/plan/{occasion}/{year}. */
  plan: protectedProcedure
    .input(planInput)
    .output(planOutput)
    .query(({ ctx, input }) =>
      cachedUserRead(
        ctx,
        { call: 'gifts.plan', input: [input.occasion.toLowerCase(), input.year], catalog: true },
        () => getPlan(ctx.db, ctx.user.id, input.occasion, input.year),
      ),
    ),
})
