import { z } from 'zod'
import {
  dismissedProductOutput,
  dismissedProductsInput,
  dismissProductInput,
  productPicksInput,
  productPicksOutput,
  recommendationsInput,
  recommendationsOutput,
} from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { recommendForPerson } from '../services/recommendations/recommend-for-person.ts'
import { productPicksForPerson } from '../services/picks/product-picks-for-person.ts'
import { dismissProduct, listDismissedProducts, undoDismissal } from '../services/picks/dismissals.ts'

/** Gift-category recommendations (spec account-area §3, §7; issue 12) and product picks (issue 20). */
export const recommendationsRouter = router({
  /**
   * GET /api/recommendations/person/{personId}?occasion={label}&count={n}: categories for one of
   * the caller's people and an occasion. Another user's person answers NOT_FOUND, an unknown
   * occasion BAD_REQUEST naming it. debugInfo only for staff and admins who ask (debug: true).
   */
  forPerson: protectedProcedure
    .input(recommendationsInput)
    .output(recommendationsOutput)
    .query(({ ctx, input }) =>
      recommendForPerson(ctx.db, {
        userId: ctx.user.id,
        personId: input.personId,
        occasion: input.occasion,
        count: input.count,
        debug: input.debug && (ctx.user.isStaff || ctx.user.isAdmin),
        llm: ctx.recommender?.llm,
        versions: ctx.versions,
      }),
    ),
  /**
   * GET /api/recommendations/person/{personId}/products?occasion=&count=&maxPrice= (issue 20):
   * concrete products within budget, each with its reason. NOT_FOUND for another user's person,
   * BAD_REQUEST naming an unknown occasion.
   */
  productsForPerson: protectedProcedure
    .input(productPicksInput)
    .output(productPicksOutput)
    .query(({ ctx, input }) =>
      productPicksForPerson(ctx.db, {
        userId: ctx.user.id,
        personId: input.personId,
        occasion: input.occasion,
        count: input.count,
        ...(input.maxPrice !== undefined ? { maxPrice: input.maxPrice } : {}),
        llm: ctx.recommender?.llm,
        versions: ctx.versions,
      }),
    ),
  /** POST /api/people/{personId}/dismissed-products: "Not for {name}". */
  dismissProduct: protectedProcedure
    .input(dismissProductInput)
    .output(dismissedProductOutput)
    .mutation(({ ctx, input }) => dismissProduct(ctx.db, ctx.user.id, input)),
  /** DELETE /api/people/{personId}/dismissed-products/{productId}: undo. */
  undoDismissal: protectedProcedure
    .input(dismissProductInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await undoDismissal(ctx.db, ctx.user.id, input)
      return { success: true as const }
    }),
  /** GET /api/people/{personId}/dismissed-products. */
  dismissedProducts: protectedProcedure
    .input(dismissedProductsInput)
    .output(z.array(dismissedProductOutput))
    .query(({ ctx, input }) => listDismissedProducts(ctx.db, ctx.user.id, input.personId)),
})
