import { z } from 'zod'
import {
  awProductIdInput,
  LIKE_MESSAGES,
  productByIdInput,
  productListOutput,
  productOutput,
  promoListInput,
  toggleDisabledOutput,
} from '@presently/domain'
import { publicProcedure, publicReadProcedure, router, staffProcedure, syncSchema } from '../trpc.ts'
import { listProducts } from '../services/products/list-products.ts'
import { getProduct } from '../services/products/get-product.ts'
import { getMaxPrice } from '../services/products/get-max-price.ts'
import { getFormattedDescription } from '../services/products/get-formatted-description.ts'
import { getAffiliateUrl } from '../services/products/get-affiliate-url.ts'
import { toggleProductDisabled } from '../services/products/toggle-disabled.ts'

export const productsRouter = router({
  /** GET /api/products and /api/products/by-category; promoId limits to a promo (spec browsing-and-purchase §7). */
  list: publicReadProcedure
    .input(syncSchema(promoListInput))
    .output(syncSchema(productListOutput))
    .query(({ ctx, input }) => listProducts(ctx.db, input)),
  /** GET /api/products/{id}[?type=aw]; staff also get disabled products (to enable them again). */
  byId: publicReadProcedure
    .input(syncSchema(productByIdInput))
    .output(syncSchema(productOutput))
    .query(({ ctx, input }) =>
      getProduct(ctx.db, input, { includeDisabled: !!ctx.user && (ctx.user.isStaff || ctx.user.isAdmin) }),
    ),
  /** GET /api/products/max-price. */
  maxPrice: publicReadProcedure.output(z.object({ maxPrice: z.number() })).query(({ ctx }) => getMaxPrice(ctx.db)),
  /** GET /api/products/{awProductId}/descriptions/formatted. */
  formattedDescription: publicReadProcedure
    .input(awProductIdInput)
    .output(z.object({ description: z.string().nullable() }))
    .query(({ ctx, input }) => getFormattedDescription(ctx.db, input.awProductId)),
  /** GET /api/redirect/{id}[?type=aw]: the stored affiliate URL only. */
  affiliateUrl: publicProcedure
    .input(productByIdInput)
    .output(z.object({ affiliateUrl: z.string() }))
    .query(({ ctx, input }) => getAffiliateUrl(ctx.db, input)),
  /** POST /api/products/{id}/toggle-disabled[?type=aw]: staff or admin only (FORBIDDEN otherwise). */
  toggleDisabled: staffProcedure
    .input(productByIdInput)
    .output(toggleDisabledOutput)
    .mutation(async ({ ctx, input }) => {
      const { disabled } = await toggleProductDisabled(ctx.db, ctx.user.id, input)
      return {
        success: true as const,
        disabled,
        message: disabled ? LIKE_MESSAGES.productDisabled : LIKE_MESSAGES.productEnabled,
      }
    }),
})
