import { z } from 'zod'
import { finderInterestOutput, giftFinderInput, giftFinderOutput } from '@presently/domain'
import { publicProcedure, router } from '../trpc.ts'
import { findGifts, listFinderInterests } from '../services/gift-finder/find-gifts.ts'

/**
 * The gift finder (issue 40): public, no account needed. Every call counts against the per-IP
 * gift-finder limit (GIFT_FINDER_RATE_LIMIT_PER_MINUTE), as GET /api/gift-finder does.
 */
export const giftFinderRouter = router({
  /** GET /api/gift-finder?who=&age=&occasion=&budget=&interests=&count=. */
  find: publicProcedure
    .input(giftFinderInput)
    .output(giftFinderOutput)
    .query(async ({ ctx, input }) => {
      await ctx.auth?.rateLimit('gift-finder')
      return findGifts(ctx.db, input)
    }),
  /** GET /api/gift-finder/interests: the interests the finder offers. */
  interests: publicProcedure.output(z.array(finderInterestOutput)).query(({ ctx }) => listFinderInterests(ctx.db)),
})
