import { z } from 'zod'
import { idField, numberInput, safeText } from './input.ts'

/**
 * Prices that move (issue 39, docs/decisions/price-alerts.md): the price history of a product,
 * "lowest in 30 days", the price a user saw when they started watching a product, and when a
 * price drop or a return to stock is worth an alert. Money is in pence (integers) throughout.
 */

/** Days of history the product page's chart shows (issue 39). */
export const PRICE_CHART_DAYS = 90
/** The window of "Lowest price in 30 days" (issue 39). */
export const LOWEST_PRICE_DAYS = 30
/** An alert's default minimum drop, in percent of the price watched (issue 39: 10%). */
export const DEFAULT_MIN_DROP_PERCENT = 10
/** The smallest drop ever alerted, in pence, whatever the percentage (issue 39: £1). */
export const MIN_DROP_PENCE = 100
/** The range of the minimum drop a user may choose, in percent. */
export const MIN_DROP_PERCENT_MIN = 5
export const MIN_DROP_PERCENT_MAX = 50

const DAY_MS = 86_400_000

/** One recorded price or stock change: from `observedAt` on, the price was `pence`. */
export interface PricePoint {
  /** ISO instant. */
  observedAt: string
  pence: number
  /** What the feed said of stock: true, false (none, or no longer sold), null (nothing). */
  inStock: boolean | null
}

/**
 * The price in effect at instant `at` (issue 39): the latest change at or before it; before the
 * first change, the price that change replaced (the history's first row is the price the product
 * had before its first change, so the earliest row); with no history, `currentPence`.
 *
 * @param history changes in time order (oldest first).
 */
export function priceAt(history: readonly PricePoint[], at: Date, currentPence: number): number {
  return pointAt(history, at)?.pence ?? currentPence
}

/** The stock in effect at `at`, as priceAt; `current` with no history. */
export function stockAt(history: readonly PricePoint[], at: Date, current: boolean | null): boolean | null {
  const point = pointAt(history, at)
  return point ? point.inStock : current
}

function pointAt(history: readonly PricePoint[], at: Date): PricePoint | undefined {
  const time = at.getTime()
  let found: PricePoint | undefined
  for (const point of history) {
    if (Date.parse(point.observedAt) <= time) found = point
    else break
  }
  return found ?? history[0]
}

/**
 * The lowest price in effect at any moment of the last `days` days up to `now` (issue 39): the
 * price at the window's start, every change inside it, and the current price.
 */
export function lowestInDays(
  history: readonly PricePoint[],
  currentPence: number,
  now: Date,
  days = LOWEST_PRICE_DAYS,
): { lowestPence: number; highestPence: number } {
  const since = new Date(now.getTime() - days * DAY_MS)
  let lowest = Math.min(currentPence, priceAt(history, since, currentPence))
  let highest = Math.max(currentPence, priceAt(history, since, currentPence))
  for (const point of history) {
    const time = Date.parse(point.observedAt)
    if (time <= since.getTime() || time > now.getTime()) continue
    lowest = Math.min(lowest, point.pence)
    highest = Math.max(highest, point.pence)
  }
  return { lowestPence: lowest, highestPence: highest }
}

/**
 * Whether the page may say "Lowest price in 30 days" (issue 39): the current price is the lowest
 * in effect during the last 30 days AND some price in that window was higher, so the mark points
 * at a real fall (a price that never moved is not called a low).
 */
export function isLowestInDays(
  history: readonly PricePoint[],
  currentPence: number,
  now: Date,
  days = LOWEST_PRICE_DAYS,
): boolean {
  const { lowestPence, highestPence } = lowestInDays(history, currentPence, now, days)
  return currentPence <= lowestPence && highestPence > currentPence
}

/**
 * Whether a fall from `baselinePence` (the price when watching started or when last alerted) to
 * `currentPence` is worth an alert (issue 39): at least `minDropPercent` percent (default 10) AND
 * at least MIN_DROP_PENCE (£1). Integer arithmetic, so exactly 10% counts: 1000 -> 900 is due,
 * 1000 -> 901 is not; 990 -> 891 (99p, 10%) is not.
 */
export function isPriceDropDue(
  baselinePence: number,
  currentPence: number,
  minDropPercent = DEFAULT_MIN_DROP_PERCENT,
): boolean {
  const drop = baselinePence - currentPence
  return drop >= MIN_DROP_PENCE && drop * 100 >= baselinePence * minDropPercent
}

/**
 * Whether a watched product is "back in stock" (issue 39): it is not out of stock now (true, or
 * a feed that says nothing), and it was out at the baseline instant or went out at some moment
 * since. Back and out again before the run: not due (it is out now). Out, back, alerted, out and
 * back again: due again (it went out after the alert).
 *
 * @param history changes in time order; `since` the baseline instant (watch start or last alert).
 */
export function isBackInStockDue(history: readonly PricePoint[], since: Date, currentInStock: boolean | null): boolean {
  if (currentInStock === false) return false
  if (history.length === 0) return false
  if (stockAt(history, since, currentInStock) === false) return true
  const time = since.getTime()
  return history.some((point) => Date.parse(point.observedAt) > time && point.inStock === false)
}

/** "£12" for whole pounds, else "£12.50" (the drop line's amounts). */
export function formatPenceShort(pence: number): string {
  const pounds = pence / 100
  return Number.isInteger(pounds) ? `£${pounds.toLocaleString('en-GB')}` : `£${pounds.toFixed(2)}`
}

// --- Boundary schemas -------------------------------------------------------------------------

/** GET /api/price-history/{id} and prices.history: one product's shop id. */
export const priceHistoryInput = z.object({ id: idField })

export const pricePointOutput = z.object({
  observedAt: z.string(),
  pence: z.number().int(),
  inStock: z.boolean().nullable(),
})

/** A product's price history as the product page shows it (issue 39). */
export const priceHistoryOutput = z.object({
  productId: z.number().int(),
  /** The current price in pence. */
  pence: z.number().int(),
  inStock: z.boolean().nullable(),
  /** The feed no longer carries it (issue 39 "no longer sold"). */
  noLongerSold: z.boolean(),
  /** The feed's recommended or "was" price in pence, when above the price. */
  recommendedPence: z.number().int().nullable(),
  /** Changes of the last PRICE_CHART_DAYS days, oldest first, led by the price in effect at the window's start. */
  points: z.array(pricePointOutput),
  /** ISO instant of the window's start (now - 90 days). */
  since: z.string(),
  lowest30Pence: z.number().int(),
  /** The current price is the lowest of the last 30 days, after a higher one (isLowestInDays). */
  lowestIn30Days: z.boolean(),
})
export type PriceHistory = z.infer<typeof priceHistoryOutput>

/** prices.sinceWatched: up to 200 product ids the caller shows (liked products, list items, picks). */
export const watchedPricesInput = z.object({
  productIds: z.array(idField).max(200, 'at most 200 products'),
})

/** How a product came to be watched: a like, an item of the user's own wish list, a claim. */
export const WATCH_KINDS = ['like', 'list', 'claim'] as const
export type WatchKind = (typeof WATCH_KINDS)[number]

/** One watched product's price then and now (issue 39 "£12 less than when you liked it"). */
export const watchedPriceOutput = z.object({
  productId: z.number().int(),
  kind: z.enum(WATCH_KINDS),
  /** ISO instant the watch started (the like, the item's addition, the claim). */
  since: z.string(),
  thenPence: z.number().int(),
  nowPence: z.number().int(),
  /** thenPence - nowPence when positive, else 0. */
  dropPence: z.number().int(),
})
export const watchedPricesOutput = z.array(watchedPriceOutput)
export type WatchedPrice = z.infer<typeof watchedPriceOutput>

/** "£12 less than when you liked it" / "...added it" / "...claimed it" (issue 39). */
export function droppedSinceLabel(watch: Pick<WatchedPrice, 'kind' | 'dropPence'>): string | null {
  if (watch.dropPence <= 0) return null
  const verb = watch.kind === 'like' ? 'liked' : watch.kind === 'list' ? 'added' : 'claimed'
  return `${formatPenceShort(watch.dropPence)} less than when you ${verb} it`
}

/** The boundary's messages (issue 39). */
export const PRICE_ALERT_MESSAGES = {
  enabledRequired: 'enabled must be true or false',
  minDropRange: `minimum drop must be a whole percentage from ${MIN_DROP_PERCENT_MIN} to ${MIN_DROP_PERCENT_MAX}`,
  endpoint: 'endpoint must be the URL of a push service',
  keys: 'keys must hold p256dh and auth',
} as const

/** GET/PUT /api/my-account/price-alert-settings: on or off, and the minimum drop in percent. */
export const priceAlertSettingsInput = z.object({
  enabled: z.boolean({ error: PRICE_ALERT_MESSAGES.enabledRequired }),
  minDropPercent: numberInput(
    z
      .number({ error: PRICE_ALERT_MESSAGES.minDropRange })
      .int(PRICE_ALERT_MESSAGES.minDropRange)
      .min(MIN_DROP_PERCENT_MIN, PRICE_ALERT_MESSAGES.minDropRange)
      .max(MIN_DROP_PERCENT_MAX, PRICE_ALERT_MESSAGES.minDropRange),
  ),
})
export const priceAlertSettingsOutput = z.object({
  enabled: z.boolean(),
  minDropPercent: z.number().int(),
})
export type PriceAlertSettings = z.infer<typeof priceAlertSettingsOutput>
export const DEFAULT_PRICE_ALERT_SETTINGS: PriceAlertSettings = {
  enabled: true,
  minDropPercent: DEFAULT_MIN_DROP_PERCENT,
}

/** A browser's push subscription (PushSubscription.toJSON()), as the installed app sends it. */
export const pushSubscriptionInput = z.object({
  // Which push services are allowed is the server's rule (known services' hosts over https).
  endpoint: safeText({ max: 2000 }).refine((value) => {
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol)
    } catch {
      return false
    }
  }, PRICE_ALERT_MESSAGES.endpoint),
  keys: z.object(
    { p256dh: safeText({ max: 200 }), auth: safeText({ max: 100 }) },
    { error: PRICE_ALERT_MESSAGES.keys },
  ),
})
export const pushUnsubscribeInput = z.object({ endpoint: safeText({ max: 2000 }) })
/** Whether this device is subscribed: its endpoint, if it has one (a NUL or lone surrogate is a 400). */
export const pushStatusInput = z.object({ endpoint: safeText({ max: 2000 }).optional() })
export const pushStatusOutput = z.object({
  /** The server's VAPID public key (base64url), for PushManager.subscribe. */
  publicKey: z.string(),
  /** Whether this endpoint is subscribed for the caller. */
  subscribed: z.boolean(),
})
