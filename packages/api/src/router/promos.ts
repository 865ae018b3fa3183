import { z } from 'zod'
import {
  MAX_PAGE_SIZE,
  promoIdInput,
  promoOutput,
  promoProductOutput,
  promoProductsPageOutput,
} from '@presently/domain'
import { publicProcedure, router } from '../trpc.ts'
import { getPromoByName, listPromoProducts } from '../services/promos/promos.ts'

export const promosRouter = router({
  /** GET /api/promos/name/{name} (spec browsing-and-purchase §7). */
  byName: publicProcedure
    .input(z.object({ name: z.string().trim().min(1, 'No promo name provided').max(100) }))
    .output(promoOutput)
    .query(({ ctx, input }) => getPromoByName(ctx.db, input.name)),
  /** GET /api/promos/{id}/products: every product of the promo. */
  products: publicProcedure
    .input(promoIdInput)
    .output(z.array(promoProductOutput))
    .query(async ({ ctx, input }) => (await listPromoProducts(ctx.db, { promoId: input.promoId })).products),
  /** GET /api/promos/{id}/products/paginated?page&limit. */
  productsPage: publicProcedure
    .input(
      promoIdInput.extend({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(12),
      }),
    )
    .output(promoProductsPageOutput)
    .query(({ ctx, input }) => listPromoProducts(ctx.db, input)),
})
