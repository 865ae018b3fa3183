import { z } from 'zod'
import {
  associationOutput,
  copyAssociationInput,
  idField,
  LIKE_MESSAGES,
  likedProductOutput,
  likedProductsPageInput,
  likedProductsPageOutput,
  personOccasionLikesInput,
  productByIdInput,
  saveAssociationsInput,
  toggleLikeOutput,
} from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { cachedUserRead } from '../services/account-cache.ts'
import { listLikedProductIds, toggleLike } from '../services/likes/toggle-like.ts'
import { listLikedProducts, listLikedProductsPage, listPersonOccasionLikes } from '../services/likes/liked-products.ts'
import { copyAssociation, listAssociations, replaceAssociations } from '../services/likes/associations.ts'

/** Likes and their people/occasion associations (spec account-area §7): the caller's own only. */
export const likesRouter = router({
  /** POST /api/products/{id}/like[?type=aw]. */
  toggle: protectedProcedure
    .input(productByIdInput)
    .output(toggleLikeOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await toggleLike(ctx.db, ctx.user.id, input)
      return { success: true as const, ...result, message: result.liked ? LIKE_MESSAGES.liked : LIKE_MESSAGES.unliked }
    }),
  /** GET /api/get-liked-products. */
  list: protectedProcedure
    .output(z.array(likedProductOutput))
    .query(({ ctx }) => listLikedProducts(ctx.db, ctx.user.id)),
  /**
   * GET /api/get-liked-products/page: a page of the liked list (the web app's Liked Products
   * page, issue 24), so a page never carries the whole history.
   */
  page: protectedProcedure
    .input(likedProductsPageInput)
    .output(likedProductsPageOutput)
    .query(({ ctx, input }) =>
      cachedUserRead(ctx, { call: 'likes.page', input, catalog: true }, () =>
        listLikedProductsPage(ctx.db, ctx.user.id, input),
      ),
    ),
  /** Shop ids of the liked products (the like buttons of listings; no REST URL). */
  productIds: protectedProcedure
    .output(z.array(z.number().int()))
    .query(({ ctx }) => listLikedProductIds(ctx.db, ctx.user.id)),
  /** GET /api/get-liked-products/person/{personId}/occasion/{occasionLabel}. */
  forPersonOccasion: protectedProcedure
    .input(personOccasionLikesInput)
    .output(z.array(likedProductOutput))
    .query(({ ctx, input }) => listPersonOccasionLikes(ctx.db, ctx.user.id, input)),
  /** GET /api/product-like-associations/{productLikeId}. */
  associations: protectedProcedure
    .input(z.object({ productLikeId: idField }))
    .output(z.array(associationOutput))
    .query(({ ctx, input }) => listAssociations(ctx.db, ctx.user.id, input.productLikeId)),
  /** POST /api/product-like-associations/batch: replaces the like's list. */
  saveAssociations: protectedProcedure
    .input(saveAssociationsInput)
    .output(z.array(associationOutput))
    .mutation(({ ctx, input }) => replaceAssociations(ctx.db, ctx.user.id, input)),
  /** POST /api/product-like-associations: copies one association; a duplicate answers the existing one. */
  copyAssociation: protectedProcedure
    .input(copyAssociationInput)
    .output(z.object({ association: associationOutput, created: z.boolean() }))
    .mutation(({ ctx, input }) => copyAssociation(ctx.db, ctx.user.id, input)),
})
