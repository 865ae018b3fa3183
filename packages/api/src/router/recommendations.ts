import { recommendationsInput, recommendationsOutput } from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { recommendForPerson } from '../services/recommendations/recommend-for-person.ts'

/** Gift-category recommendations (spec account-area §3, §7; issue 12). */
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
      }),
    ),
})
