import { z } from 'zod'
import {
  addWishListItemInput,
  createWishListInput,
  idField,
  myClaimOutput,
  ownerItemOutput,
  plannedGiftOutput,
  shareOutput,
  shareWishListInput,
  updateWishListInput,
  updateWishListItemInput,
  WISH_LIST_MESSAGES,
  wishListOutput,
  wishListSummaryOutput,
} from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import {
  createWishList,
  deleteWishList,
  getWishList,
  listWishLists,
  revokeWishListShare,
  shareWishList,
  updateWishList,
} from '../services/wish-lists/owner-lists.ts'
import { addWishListItem, deleteWishListItem, updateWishListItem } from '../services/wish-lists/owner-items.ts'
import { listMyClaims, plannedGiftsForPerson } from '../services/wish-lists/claims.ts'

const listId = z.object({ id: idField })
const itemRef = z.object({ listId: idField, itemId: idField })
const done = z.object({ success: z.literal(true), message: z.string() })

/**
 * The owner's wish lists (issue 23): the caller's own only (another user's id answers
 * NOT_FOUND), and nothing a visitor did (claims, pledges, links) in any answer.
 */
export const wishListsRouter = router({
  /** GET /api/lists. */
  list: protectedProcedure
    .output(z.array(wishListSummaryOutput))
    .query(({ ctx }) => listWishLists(ctx.db, ctx.user.id)),
  /** GET /api/lists/{id}. */
  byId: protectedProcedure
    .input(listId)
    .output(wishListOutput)
    .query(({ ctx, input }) => getWishList(ctx.db, ctx.user.id, input.id)),
  /** POST /api/lists. */
  create: protectedProcedure
    .input(createWishListInput)
    .output(wishListOutput)
    .mutation(({ ctx, input }) => createWishList(ctx.db, ctx.user.id, input)),
  /** PATCH /api/lists/{id}. */
  update: protectedProcedure
    .input(listId)
    .input(updateWishListInput)
    .output(wishListOutput)
    .mutation(({ ctx, input }) => updateWishList(ctx.db, ctx.user.id, input.id, input)),
  /** DELETE /api/lists/{id}. */
  delete: protectedProcedure
    .input(listId)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await deleteWishList(ctx.db, ctx.user.id, input.id)
      return { success: true as const, message: WISH_LIST_MESSAGES.deleted }
    }),
  /** POST /api/lists/{id}/items. */
  addItem: protectedProcedure
    .input(z.object({ listId: idField }))
    .input(addWishListItemInput)
    .output(ownerItemOutput)
    .mutation(({ ctx, input }) => addWishListItem(ctx.db, ctx.user.id, input.listId, input)),
  /** PATCH /api/lists/{id}/items/{itemId}. */
  updateItem: protectedProcedure
    .input(itemRef)
    .input(updateWishListItemInput)
    .output(ownerItemOutput)
    .mutation(({ ctx, input }) => updateWishListItem(ctx.db, ctx.user.id, input.listId, input.itemId, input)),
  /** DELETE /api/lists/{id}/items/{itemId}. */
  deleteItem: protectedProcedure
    .input(itemRef)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await deleteWishListItem(ctx.db, ctx.user.id, input.listId, input.itemId)
      return { success: true as const, message: WISH_LIST_MESSAGES.itemDeleted }
    }),
  /** POST /api/lists/{id}/share {renew?}: the absolute link. */
  share: protectedProcedure
    .input(listId)
    .input(shareWishListInput)
    .output(shareOutput)
    .mutation(async ({ ctx, input }) => {
      const { path } = await shareWishList(ctx.db, ctx.user.id, input.id, { renew: input.renew })
      return { url: `${ctx.auth?.appUrl ?? ''}${path}` }
    }),
  /** DELETE /api/lists/{id}/share. */
  revokeShare: protectedProcedure
    .input(listId)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await revokeWishListShare(ctx.db, ctx.user.id, input.id)
      return { success: true as const, message: WISH_LIST_MESSAGES.shareRevoked }
    }),
  /** GET /api/my-account/claims. */
  myClaims: protectedProcedure.output(z.array(myClaimOutput)).query(({ ctx }) => listMyClaims(ctx.db, ctx.user.id)),
  /** The gifts planned for one of the caller's people from their claims (the person page; no REST URL). */
  plannedGifts: protectedProcedure
    .input(z.object({ personId: idField }))
    .output(z.array(plannedGiftOutput))
    .query(({ ctx, input }) => plannedGiftsForPerson(ctx.db, { userId: ctx.user.id, personId: input.personId })),
})
