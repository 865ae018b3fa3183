import { variantGroupOutput, variantKeyInput, variantStatusOutput } from '@presently/domain'
import { publicReadProcedure, router } from '../trpc.ts'
import { getVariantGroup, getVariantStatus } from '../services/variants/variants.ts'

export const variantsRouter = router({
  /** GET /api/variants/product/{id}/status[?awProductId=true] (spec browsing-and-purchase §7). */
  status: publicReadProcedure
    .input(variantKeyInput)
    .output(variantStatusOutput)
    .query(({ ctx, input }) => getVariantStatus(ctx.db, input)),
  /** GET /api/variants/product/{id}/group[?awProductId=true]. */
  group: publicReadProcedure
    .input(variantKeyInput)
    .output(variantGroupOutput)
    .query(({ ctx, input }) => getVariantGroup(ctx.db, input)),
})
