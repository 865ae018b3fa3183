import { z } from 'zod'
import {
  giftPreferenceGroupOutput,
  interestListItem,
  occasionOutput,
  optionCategoryOutput,
  relationshipOutput,
} from '@presently/domain'
import { publicProcedure, router } from '../trpc.ts'
import {
  listGiftPreferenceGroups,
  listInterests,
  listOccasions,
  listOptionCategories,
  listRelationships,
} from '../services/reference/reference-data.ts'

/**
 * The profile reference data (spec account-area §3, §7): public, the same for everyone, and read
 * by the header's occasion picker as well as the person form.
 */
export const referenceRouter = router({
  /** GET /api/relationships. */
  relationships: publicProcedure.output(z.array(relationshipOutput)).query(({ ctx }) => listRelationships(ctx.db)),
  /** GET /api/occasions. */
  occasions: publicProcedure.output(z.array(occasionOutput)).query(({ ctx }) => listOccasions(ctx.db)),
  /** GET /api/interests. */
  interests: publicProcedure.output(z.array(interestListItem)).query(({ ctx }) => listInterests(ctx.db)),
  /** GET /api/intelligence. */
  intelligence: publicProcedure
    .output(z.array(optionCategoryOutput))
    .query(({ ctx }) => listOptionCategories(ctx.db, 'intelligence')),
  /** GET /api/lifestyle. */
  lifestyle: publicProcedure
    .output(z.array(optionCategoryOutput))
    .query(({ ctx }) => listOptionCategories(ctx.db, 'lifestyle')),
  /** GET /api/taste. */
  taste: publicProcedure
    .output(z.array(optionCategoryOutput))
    .query(({ ctx }) => listOptionCategories(ctx.db, 'taste')),
  /** GET /api/personality. */
  personality: publicProcedure
    .output(z.array(optionCategoryOutput))
    .query(({ ctx }) => listOptionCategories(ctx.db, 'personality')),
  /** GET /api/gift-preferences. */
  giftPreferences: publicProcedure
    .output(z.array(giftPreferenceGroupOutput))
    .query(({ ctx }) => listGiftPreferenceGroups(ctx.db)),
})
