import { z } from 'zod'
import { productByIdInput, productListInput, productListOutput, productOutput } from '@presently/domain'
import { publicProcedure, router, syncSchema } from '../trpc.ts'
import { listProducts } from '../services/products/list-products.ts'
import { getProduct } from '../services/products/get-product.ts'
import { getMaxPrice } from '../services/products/get-max-price.ts'
import { getFormattedDescription } from '../services/products/get-formatted-description.ts'
import { getAffiliateUrl } from '../services/products/get-affiliate-url.ts'

const awProductIdInput = z.object({ awProductId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

export const productsRouter = router({
  /** GET /api/products and /api/products/by-category; promoId limits to a promo (spec browsing-and-purchase §7). */
  list: publicProcedure
    .input(syncSchema(productListInput.and(z.object({ promoId: z.coerce.number().int().positive().optional() }))))
    .output(syncSchema(productListOutput))
    .query(({ ctx, input }) => listProducts(ctx.db, input)),
  /** GET /api/products/{id}[?type=aw]. */
  byId: publicProcedure
    .input(syncSchema(productByIdInput))
    .output(syncSchema(productOutput))
    .query(({ ctx, input }) => getProduct(ctx.db, input)),
  /** GET /api/products/max-price. */
  maxPrice: publicProcedure.output(z.object({ maxPrice: z.number() })).query(({ ctx }) => getMaxPrice(ctx.db)),
  /** GET /api/products/{awProductId}/descriptions/formatted. */
  formattedDescription: publicProcedure
    .input(awProductIdInput)
    .output(z.object({ description: z.string().nullable() }))
    .query(({ ctx, input }) => getFormattedDescription(ctx.db, input.awProductId)),
  /** GET /api/redirect/{id}[?type=aw]: the stored affiliate URL only. */
  affiliateUrl: publicProcedure
    .input(productByIdInput)
    .output(z.object({ affiliateUrl: z.string() }))
    .query(({ ctx, input }) => getAffiliateUrl(ctx.db, input)),
})
