import { priceHistoryInput, priceHistoryOutput, watchedPricesInput, watchedPricesOutput } from '@presently/domain'
import { protectedProcedure, publicProcedure, router } from '../trpc.ts'
import { getPriceHistory } from '../services/prices/price-history.ts'
import { getWatchedPrices } from '../services/prices/watched-prices.ts'

/** Prices that move (issue 39): a product's price history, the caller's watched prices, alert settings. */
export const pricesRouter = router({
  /** GET /api/price-history/{id}: the product page's chart and "Lowest price in 30 days". */
  history: publicProcedure
    .input(priceHistoryInput)
    .output(priceHistoryOutput)
    .query(({ ctx, input }) => getPriceHistory(ctx.db, input)),
  /** The caller's watched products among `productIds`: the price when watching started and now. */
  sinceWatched: protectedProcedure
    .input(watchedPricesInput)
    .output(watchedPricesOutput)
    .query(({ ctx, input }) => getWatchedPrices(ctx.db, ctx.user.id, input.productIds)),
})
