import { z } from 'zod'
import {
  AppError,
  priceAlertSettingsInput,
  priceAlertSettingsOutput,
  priceHistoryInput,
  priceHistoryOutput,
  pushStatusInput,
  pushStatusOutput,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  watchedPricesInput,
  watchedPricesOutput,
} from '@presently/domain'
import { protectedProcedure, publicProcedure, router } from '../trpc.ts'
import { getPriceHistory } from '../services/prices/price-history.ts'
import { getWatchedPrices } from '../services/prices/watched-prices.ts'
import {
  getPriceAlertSettings,
  PRICE_ALERTS_UNSUBSCRIBED,
  savePriceAlertSettings,
  unsubscribeFromPriceAlerts,
} from '../services/prices/alert-settings.ts'
import { isPushSubscribed, subscribePush, unsubscribePush } from '../services/prices/push.ts'

/** Web push is off on a server without VAPID keys (tests' callers). */
const PUSH_OFF = 'Notifications are not available on this server'

/** Prices that move (issue 39): price history, watched prices, alert settings and web push. */
export const pricesRouter = router({
  /** GET /api/price-history/{id}: the product page's chart and "Lowest price in 30 days". */
  history: publicProcedure
    .input(priceHistoryInput)
    .output(priceHistoryOutput)
    .query(({ ctx, input }) => getPriceHistory(ctx.db, input)),
  /** POST /api/my-account/watched-prices: the caller's watched products, the price then and now. */
  sinceWatched: protectedProcedure
    .input(watchedPricesInput)
    .output(watchedPricesOutput)
    .query(({ ctx, input }) => getWatchedPrices(ctx.db, ctx.user.id, input.productIds)),
  /** GET /api/my-account/price-alert-settings. */
  alertSettings: protectedProcedure
    .output(priceAlertSettingsOutput)
    .query(({ ctx }) => getPriceAlertSettings(ctx.db, ctx.user.id)),
  /** PUT /api/my-account/price-alert-settings {enabled, minDropPercent}. */
  saveAlertSettings: protectedProcedure
    .input(priceAlertSettingsInput)
    .output(priceAlertSettingsOutput)
    .mutation(({ ctx, input }) => savePriceAlertSettings(ctx.db, ctx.user.id, input)),
  /** POST /api/price-alerts/unsubscribe {token}: turns price alerts off (the alert email's link). */
  unsubscribe: publicProcedure
    .input(z.object({ token: z.string().max(200) }))
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await unsubscribeFromPriceAlerts(ctx.db, input.token)
      return { message: PRICE_ALERTS_UNSUBSCRIBED }
    }),
  /** The VAPID public key and whether this device (its endpoint) is subscribed. */
  pushStatus: protectedProcedure
    .input(pushStatusInput)
    .output(pushStatusOutput)
    .query(async ({ ctx, input }) => {
      if (!ctx.push) throw new AppError('NOT_FOUND', PUSH_OFF)
      return { publicKey: ctx.push.publicKey, subscribed: await isPushSubscribed(ctx.db, ctx.user.id, input.endpoint) }
    }),
  /** This device's opt-in: its PushSubscription. */
  subscribePush: protectedProcedure
    .input(pushSubscriptionInput)
    .output(z.object({ subscribed: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.push) throw new AppError('NOT_FOUND', PUSH_OFF)
      await subscribePush(ctx.db, ctx.user.id, input, ctx.push.extraOrigins)
      return { subscribed: true }
    }),
  /** This device's opt-out. */
  unsubscribePush: protectedProcedure
    .input(pushUnsubscribeInput)
    .output(z.object({ subscribed: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await unsubscribePush(ctx.db, ctx.user.id, input.endpoint)
      return { subscribed: false }
    }),
})
