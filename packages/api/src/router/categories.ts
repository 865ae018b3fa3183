import { categoriesWithCountsOutput, categoryTreeOutput, promoIdInput, searchQueryInput } from '@presently/domain'
import { publicReadProcedure, router } from '../trpc.ts'
import { categoryTreeWithCounts } from '../services/categories/category-tree.ts'
import { promoCategoriesWithCounts, searchCategoriesWithCounts } from '../services/categories/search-categories.ts'

export const categoriesRouter = router({
  /** The shop's category tree (spec browsing-and-purchase §7 GET /api/category-overrides/tree). */
  tree: publicReadProcedure.output(categoryTreeOutput).query(async ({ ctx }) => ({
    categories: (await categoryTreeWithCounts(ctx.db)).tree,
  })),
  /** Categories of a search's results with counts (GET /api/search/categories-with-counts). */
  searchWithCounts: publicReadProcedure
    .input(searchQueryInput)
    .output(categoriesWithCountsOutput)
    .query(({ ctx, input }) => searchCategoriesWithCounts(ctx.db, input.q)),
  /** Categories of a promo's products with counts (GET /api/category-overrides/category-counts/promo/{id}). */
  promoWithCounts: publicReadProcedure
    .input(promoIdInput)
    .output(categoriesWithCountsOutput)
    .query(({ ctx, input }) => promoCategoriesWithCounts(ctx.db, input.promoId)),
})
