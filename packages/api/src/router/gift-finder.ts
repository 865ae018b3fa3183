import { z } from 'zod'
import {
  finderInterestOutput,
  giftCollectionInput,
  giftCollectionOutput,
  giftCollectionSummary,
  giftFinderInput,
  giftFinderOutput,
} from '@presently/domain'
import { publicProcedure, router } from '../trpc.ts'
import {
  findGifts,
  giftCollection,
  listFinderInterests,
  listGiftCollections,
} from '../services/gift-finder/find-gifts.ts'

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
  /** GET /api/collections/{slug}: a collection's products (404 when fewer than 12 fit). */
  collection: publicProcedure
    .input(giftCollectionInput)
    .output(giftCollectionOutput)
    .query(({ ctx, input }) => giftCollection(ctx.db, input.slug)),
  /** GET /api/collections: the collections with enough products, for the landing page. */
  collections: publicProcedure.output(z.array(giftCollectionSummary)).query(({ ctx }) => listGiftCollections(ctx.db)),
  interests: publicProcedure.output(z.array(finderInterestOutput)).query(({ ctx }) => listFinderInterests(ctx.db)),
})
