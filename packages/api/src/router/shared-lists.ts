import { z } from 'zod'
import {
  claimInput,
  idField,
  linkPersonInput,
  pledgeInput,
  shareTokenField,
  sharedItemAnswer,
  sharedListOutput,
  WISH_LIST_MESSAGES,
} from '@presently/domain'
import { protectedProcedure, publicProcedure, router, type Context } from '../trpc.ts'
import {
  claimItem,
  getSharedList,
  linkSharedList,
  pledgeToItem,
  unclaimItem,
} from '../services/wish-lists/shared-list.ts'

const token = z.object({ token: shareTokenField })
const itemRef = z.object({ token: shareTokenField, itemId: idField })

/** Counts one shared-list call against the caller's IP (absent in tests without the server). */
async function limit(ctx: Context): Promise<void> {
  await ctx.auth?.rateLimit('shared-list')
}

/**
 * A shared wish list by its token (issue 23): readable by anyone with the link; claiming,
 * pledging and linking need an account. Every call counts against the per-IP shared-list limit.
 * (The server's request log drops the query strings of these paths: the token is never logged.)
 */
export const sharedListsRouter = router({
  /** GET /api/shared-lists/{token}. */
  byToken: publicProcedure
    .input(token)
    .output(sharedListOutput)
    .query(async ({ ctx, input }) => {
      await limit(ctx)
      return getSharedList(ctx.db, ctx.user?.id ?? null, input.token)
    }),
  /** POST /api/shared-lists/{token}/items/{itemId}/claim {quantity?}. */
  claim: protectedProcedure
    .input(itemRef)
    .input(claimInput)
    .output(sharedItemAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const item = await claimItem(ctx.db, ctx.user.id, input.token, input.itemId, input.quantity)
      return { success: true as const, message: WISH_LIST_MESSAGES.claimed, item }
    }),
  /** DELETE /api/shared-lists/{token}/items/{itemId}/claim. */
  unclaim: protectedProcedure
    .input(itemRef)
    .output(sharedItemAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const item = await unclaimItem(ctx.db, ctx.user.id, input.token, input.itemId)
      return { success: true as const, message: WISH_LIST_MESSAGES.unclaimed, item }
    }),
  /** POST /api/shared-lists/{token}/items/{itemId}/pledges {amount}. */
  pledge: protectedProcedure
    .input(itemRef)
    .input(pledgeInput)
    .output(sharedItemAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const item = await pledgeToItem(ctx.db, ctx.user.id, input.token, input.itemId, input.amount)
      return { success: true as const, message: WISH_LIST_MESSAGES.pledged, item }
    }),
  /** POST /api/shared-lists/{token}/link {personId}. */
  link: protectedProcedure
    .input(token)
    .input(linkPersonInput)
    .output(z.object({ person: z.object({ id: z.number().int(), name: z.string() }).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      return linkSharedList(ctx.db, ctx.user.id, input.token, input.personId)
    }),
})
