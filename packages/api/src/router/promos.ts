import { z } from 'zod'
import {
  promoIdInput,
  promoNameInput,
  promoPageInput,
  promoOutput,
  promoProductOutput,
  promoProductsPageOutput,
} from '@presently/domain'
import { publicReadProcedure, router } from '../trpc.ts'
import { getPromoByName, listPromoProducts } from '../services/promos/promos.ts'

export const promosRouter = router({
  /** GET /api/promos/name/{name} (spec browsing-and-purchase §7). */
  byName: publicReadProcedure
    .input(promoNameInput)
    .output(promoOutput)
    .query(({ ctx, input }) => getPromoByName(ctx.db, input.name)),
  /** GET /api/promos/{id}/products: every product of the promo. */
  products: publicReadProcedure
    .input(promoIdInput)
    .output(z.array(promoProductOutput))
    .query(async ({ ctx, input }) => (await listPromoProducts(ctx.db, { promoId: input.promoId })).products),
  /** GET /api/promos/{id}/products/paginated?page&limit. */
  productsPage: publicReadProcedure
    .input(promoPageInput)
    .output(promoProductsPageOutput)
    .query(({ ctx, input }) => listPromoProducts(ctx.db, input)),
})
