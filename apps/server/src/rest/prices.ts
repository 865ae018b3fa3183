import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { getPriceHistory, getWatchedPrices } from '@presently/api'
import { priceHistoryInput, priceHistoryOutput, watchedPricesInput, watchedPricesOutput } from '@presently/domain'
import type { Db } from '@presently/db'
import { registerSignedInScope, signedIn } from './signed-in.ts'
import { errorResponses, signedInOnly } from './schema.ts'

/**
 * Prices that move (issue 39): GET /api/price-history/{id} (a product's last 90 days of price and
 * stock changes, "lowest in 30 days"), POST /api/my-account/watched-prices {productIds} (the
 * caller's watched products: the price when watching started and now). New routes beside the
 * spec's: /api/products/{id} keeps its documented shape.
 */
export async function registerPriceRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const route = app.withTypeProvider<ZodTypeProvider>()
  route.get(
    '/api/price-history/:id',
    {
      schema: {
        tags: ['prices'],
        summary: "A product's price and stock changes of the last 90 days and its lowest price in 30 days",
        params: priceHistoryInput,
        response: { 200: priceHistoryOutput, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPriceHistory(db, request.params),
  )
  await registerSignedInScope(app, (scope) => {
    scope.post(
      '/api/my-account/watched-prices',
      {
        schema: {
          tags: ['prices'],
          summary: "The caller's watched products among productIds: the price when watching started and now",
          security: signedInOnly,
          body: watchedPricesInput,
          response: { 200: watchedPricesOutput, ...errorResponses(400, 401) },
        },
      },
      async (request) => getWatchedPrices(db, signedIn(request).id, request.body.productIds),
    )
  })
}
