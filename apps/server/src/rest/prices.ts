import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  getPriceAlertSettings,
  getPriceHistory,
  getWatchedPrices,
  PRICE_ALERTS_UNSUBSCRIBED,
  savePriceAlertSettings,
  subscribePush,
  unsubscribeFromPriceAlerts,
  unsubscribePush,
  type FeedsContext,
  type PushContext,
} from '@presently/api'
import {
  feedRunSummaryOutput,
  feedStatusOutput,
  priceAlertSettingsInput,
  priceAlertSettingsOutput,
  priceHistoryInput,
  priceHistoryOutput,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  watchedPricesInput,
  watchedPricesOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { registerSignedInScope, signedIn, staffOnly } from './signed-in.ts'
import { errorResponses, signedInOnly } from './schema.ts'
import { registerUnsubscribeRoutes } from './unsubscribe-routes.ts'

/**
 * Prices that move (issue 39), new routes beside the spec's (/api/products/{id} keeps its shape):
 * - GET /api/price-history/{id}: a product's last 90 days of price and stock changes;
 * - POST /api/my-account/watched-prices {productIds}: the caller's watched products, then and now;
 * - GET/PUT /api/my-account/price-alert-settings {enabled, minDropPercent};
 * - POST/DELETE /api/my-account/push-subscription: this device's web push opt-in and opt-out;
 * - POST /api/price-alerts/unsubscribe {token}, POST /api/price-alerts/unsubscribe/one-click?token=
 *   (RFC 8058; its GET opens the page): turn price alerts off alone;
 * - GET /api/admin/feeds, POST /api/admin/feeds/run {name}: staff's catalog feed refreshes.
 */
export async function registerPriceRoutes(
  app: FastifyInstance,
  db: Db,
  setup: { push: PushContext; feeds: FeedsContext },
): Promise<void> {
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
    scope.get(
      '/api/my-account/price-alert-settings',
      {
        schema: {
          tags: ['prices'],
          summary: 'Price alert settings {enabled, minDropPercent} (default on, 10%)',
          security: signedInOnly,
          response: { 200: priceAlertSettingsOutput, ...errorResponses(401) },
        },
      },
      async (request) => getPriceAlertSettings(db, signedIn(request).id),
    )
    scope.put(
      '/api/my-account/price-alert-settings',
      {
        schema: {
          tags: ['prices'],
          summary: 'Saves price alert settings: on or off, and the minimum drop (5-50%)',
          security: signedInOnly,
          body: priceAlertSettingsInput,
          response: { 200: priceAlertSettingsOutput, ...errorResponses(400, 401) },
        },
      },
      async (request) => savePriceAlertSettings(db, signedIn(request).id, request.body),
    )
    scope.post(
      '/api/my-account/push-subscription',
      {
        schema: {
          tags: ['prices'],
          summary: "This device's web push subscription for price alerts (PushSubscription.toJSON())",
          security: signedInOnly,
          body: pushSubscriptionInput,
          response: { 200: z.object({ subscribed: z.boolean() }), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        await subscribePush(db, signedIn(request).id, request.body, setup.push.extraOrigins)
        return { subscribed: true }
      },
    )
    scope.delete(
      '/api/my-account/push-subscription',
      {
        schema: {
          tags: ['prices'],
          summary: "Turns web push off for this device (the caller's own subscription of the endpoint)",
          security: signedInOnly,
          body: pushUnsubscribeInput,
          response: { 200: z.object({ subscribed: z.boolean() }), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        await unsubscribePush(db, signedIn(request).id, request.body.endpoint)
        return { subscribed: false }
      },
    )
    scope.get(
      '/api/admin/feeds',
      {
        onRequest: staffOnly,
        schema: {
          tags: ['prices'],
          summary: 'Staff: the catalog feeds (CATALOG_FEEDS) with their schedules and last runs',
          security: signedInOnly,
          response: { 200: z.array(feedStatusOutput), ...errorResponses(401, 403) },
        },
      },
      async () => setup.feeds.list(),
    )
    scope.post(
      '/api/admin/feeds/run',
      {
        onRequest: staffOnly,
        schema: {
          tags: ['prices'],
          summary: 'Staff: refreshes a catalog feed now, then runs the price alerts; the run summary',
          security: signedInOnly,
          body: z.object({ name: z.string().min(1).max(200) }),
          response: { 200: feedRunSummaryOutput, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => setup.feeds.runNow(request.body.name),
    )
  })

  await registerUnsubscribeRoutes(app, {
    path: '/api/price-alerts',
    tag: 'prices',
    only: 'price-alerts',
    noun: { one: 'price alert', many: 'price alerts' },
    unsubscribe: (token) => unsubscribeFromPriceAlerts(db, token),
    message: PRICE_ALERTS_UNSUBSCRIBED,
  })
}
