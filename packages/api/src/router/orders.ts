import { z } from 'zod'
import {
  clickThroughInput,
  clickThroughOutput,
  idField,
  myOrdersInput,
  myOrdersOutput,
  ORDER_MESSAGES,
  orderOutput,
} from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { cachedUserRead } from '../services/account-cache.ts'
import { recordClickThrough } from '../services/orders/record-click-through.ts'
import { getOrder, listOrders } from '../services/orders/orders.ts'

/** Click-throughs and the orders they make (spec browsing-and-purchase §4, account-area §7): the caller's own only. */
export const ordersRouter = router({
  /** POST /api/clickthrough: recorded for the session's user (an input userId is not part of the schema). */
  clickThrough: protectedProcedure
    .input(clickThroughInput)
    .output(clickThroughOutput)
    .mutation(async ({ ctx, input }) => {
      // The schema's refinement guarantees both ids (selectionError).
      const { id, product } = await recordClickThrough(ctx.db, ctx.user.id, {
        productId: input.productId,
        personId: input.personId!,
        occasionId: input.occasionId!,
      })
      return { success: true as const, id, message: ORDER_MESSAGES.recorded, product }
    }),
  /** GET /api/my-orders?page&itemsPerPage. */
  list: protectedProcedure
    .input(myOrdersInput)
    .output(myOrdersOutput)
    .query(({ ctx, input }) =>
      cachedUserRead(ctx, { call: 'orders.list', input, catalog: true }, () => listOrders(ctx.db, ctx.user.id, input)),
    ),
  /** GET /api/orders/{id}: another user's order answers NOT_FOUND. */
  byId: protectedProcedure
    .input(z.object({ id: idField }))
    .output(orderOutput)
    .query(({ ctx, input }) => getOrder(ctx.db, ctx.user.id, input.id)),
})
