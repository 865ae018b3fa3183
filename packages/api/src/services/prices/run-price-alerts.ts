import {
  and,
  asc,
  eq,
  gt,
  isNotNull,
  priceAlertDigests,
  priceAlertSettings,
  priceAlerts,
  pushMessages,
  pushSubscriptions,
  sql,
  users,
  type Db,
} from '@presently/db'
import { DEFAULT_PRICE_ALERT_SETTINGS, isPriceDropDue, ukToday } from '@presently/domain'
import { renderPriceAlertsEmail, type Mailer, type PriceAlertItem } from '@presently/email'
import { createEmailToken } from '../auth/email-tokens.ts'
import { forEachInLanes } from '../mail/in-lanes.ts'
import { accountStillWants, queueAccountEmail, tokenLink } from '../mail/queue-email.ts'
import { priceAtSql, watchesSql } from './watches.ts'

/** What the alert run needs: the mailer, APP_URL and (optional) the push sender. */
export interface PriceAlertDeps {
  mailer: Mailer
  appUrl: string
  /** Delivers queued push messages after the run (push.ts sendDuePush); none: they wait. */
  deliverPush?: () => Promise<number>
}

/** What one run did. */
export interface PriceAlertRunStats {
  usersChecked: number
  /** Emails queued by this run (at most one per user and UK day). */
  emailsSent: number
  /** Alerts those emails carry. */
  alertsSent: number
  /** Push messages queued (one per subscribed device of a user mailed). */
  pushQueued: number
  /** Users with due alerts who already had today's email (theirs wait for tomorrow). */
  alreadySentToday: number
  failures: string[]
}

/** Users handled per round trip. */
const BATCH_SIZE = 500
/** Users mailed at once. */
const SEND_CONCURRENCY = 4

/** A due alert as the run decided it. */
interface DueAlert {
  productId: number
  kind: 'price' | 'back'
  historyId: number
  oldPence: number
  newPence: number
  title: string
  awProductId: number
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 })
const money = (pence: number) => gbp.format(pence / 100)

/**
 * The due alerts of a batch of users (issue 39 "Alerts"), in one query: every watched product
 * (likes, items of the user's own wish lists, claims: watchesSql) that is sold and enabled and
 * changed since its baseline, with the baseline (the user's latest alert of it, else the price
 * when watching first started), the current price and stock, the stock at the baseline and
 * whether it was out at some point since. The rules are the domain's (isPriceDropDue, and
 * isBackInStockDue's reading of the same facts).
 */
async function dueAlerts(db: Db, userIds: number[], minDropOf: Map<number, number>): Promise<Map<number, DueAlert[]>> {
  const ids = sql.param(userIds)
  const result = await db.execute<{
    user_id: number
    product_id: number
    history_id: string
    base_pence: number
    now_pence: number
    in_stock: boolean | null
    base_stock_found: boolean | null
    base_stock: boolean | null
    out_since: boolean
    title: string
    aw_product_id: string
  }>(sql`
    with w as (${watchesSql((column) => sql`${column} = any(${ids}::int[])`)}),
    ws as (select user_id, product_id, min(since) as since from w group by user_id, product_id),
    b as (
      select ws.user_id, ws.product_id, ws.since, a.new_pence as alerted_pence, a.created_at as alerted_at
        from ws
        left join lateral (
          select pa.new_pence, pa.created_at from price_alerts pa
           where pa.user_id = ws.user_id and pa.product_id = ws.product_id
           order by pa.created_at desc, pa.id desc limit 1
        ) a on true
    )
    select b.user_id, b.product_id, last.id as history_id,
           coalesce(b.alerted_pence, ${priceAtSql(sql`p.id`, sql`b.since`, sql`p.price`)}) as base_pence,
           round(p.price * 100)::integer as now_pence, p.in_stock,
           coalesce(s1.found, s2.found) as base_stock_found, case when s1.found then s1.in_stock else s2.in_stock end as base_stock,
           exists (select 1 from price_history h where h.product_id = p.id
                    and h.observed_at > coalesce(b.alerted_at, b.since) and h.in_stock = false) as out_since,
           p.title, p.aw_product_id
      from b
      join products p on p.id = b.product_id
      -- Something changed since the baseline (else nothing can be due); its latest change.
      join lateral (
        select h.id from price_history h
         where h.product_id = p.id and h.observed_at > coalesce(b.alerted_at, b.since)
         order by h.observed_at desc, h.id desc limit 1
      ) last on true
      left join lateral (
        select true as found, h.in_stock from price_history h
         where h.product_id = p.id and h.observed_at <= coalesce(b.alerted_at, b.since)
         order by h.observed_at desc, h.id desc limit 1
      ) s1 on true
      left join lateral (
        select true as found, h.in_stock from price_history h
         where h.product_id = p.id order by h.observed_at, h.id limit 1
      ) s2 on true
     where not p.disabled and p.withdrawn_at is null
     order by b.user_id, p.title, p.id`)
  const due = new Map<number, DueAlert[]>()
  for (const row of result.rows) {
    const userId = Number(row.user_id)
    const minDrop = minDropOf.get(userId) ?? DEFAULT_PRICE_ALERT_SETTINGS.minDropPercent
    const inStockNow = row.in_stock !== false
    const back = inStockNow && (row.base_stock === false || row.out_since)
    const cheaper = inStockNow && isPriceDropDue(Number(row.base_pence), Number(row.now_pence), minDrop)
    if (!back && !cheaper) continue
    const list = due.get(userId) ?? []
    list.push({
      productId: Number(row.product_id),
      kind: back ? 'back' : 'price',
      historyId: Number(row.history_id),
      oldPence: Number(row.base_pence),
      newPence: Number(row.now_pence),
      title: row.title,
      awProductId: Number(row.aw_product_id),
    })
    due.set(userId, list)
  }
  return due
}

/**
 * The price alert run (issue 39, docs/decisions/price-alerts.md): for every confirmed, subscribed
 * user whose price alerts are on, every watched product whose price fell by their minimum drop
 * (default 10%) and at least £1 below the baseline, or that came back in stock, goes into one
 * email (and one push message per subscribed device) for the UK day: at most one a day.
 *
 * Exactly once: in one transaction per user, the (user, UK day) key of price_alert_digests is
 * inserted ON CONFLICT DO NOTHING, then the alerts (unique per user, product and price_history row)
 * and the email_log row (queued, with a stored Message-ID) and push_messages rows. A second run or
 * instance waits on the first's uncommitted key and then finds it taken; a run killed before its
 * commit leaves nothing (the next run sends it); after the commit the mailer's retry loop and the
 * push sender deliver what is queued, once.
 *
 * @param now the run's instant; its UK day keys the digest.
 * @throws only when the database is unusable; one user's failure is counted in `failures`.
 */
export async function runPriceAlerts(db: Db, deps: PriceAlertDeps, now = new Date()): Promise<PriceAlertRunStats> {
  const stats = await queuePriceAlerts(db, deps, now)
  if (deps.mailer.mode === 'smtp') while ((await deps.mailer.retryDue()) > 0);
  if (deps.deliverPush) await deps.deliverPush()
  return stats
}

/** The recording half of runPriceAlerts: keys, alerts, email_log and push rows; no delivery. */
export async function queuePriceAlerts(db: Db, deps: PriceAlertDeps, now = new Date()): Promise<PriceAlertRunStats> {
  const day = ukToday(now)
  const appUrl = deps.appUrl.replace(/\/$/, '')
  const host = new URL(appUrl).hostname || 'presently.local'
  const stats: PriceAlertRunStats = {
    usersChecked: 0,
    emailsSent: 0,
    alertsSent: 0,
    pushQueued: 0,
    alreadySentToday: 0,
    failures: [],
  }
  let afterId = 0
  for (;;) {
    const batch = await db
      .select({
        id: users.id,
        email: users.email,
        displayName: users.displayName,
        enabled: priceAlertSettings.enabled,
        minDropPercent: priceAlertSettings.minDropPercent,
      })
      .from(users)
      .leftJoin(priceAlertSettings, eq(priceAlertSettings.userId, users.id))
      .where(and(gt(users.id, afterId), isNotNull(users.emailConfirmedAt), eq(users.unsubscribed, false)))
      .orderBy(asc(users.id))
      .limit(BATCH_SIZE)
    if (batch.length === 0) break
    afterId = batch[batch.length - 1]!.id
    stats.usersChecked += batch.length
    const active = batch.filter((u) => u.enabled !== false)
    if (active.length === 0) continue
    const minDropOf = new Map(
      active.map((u) => [u.id, u.minDropPercent ?? DEFAULT_PRICE_ALERT_SETTINGS.minDropPercent]),
    )
    const due = await dueAlerts(
      db,
      active.map((u) => u.id),
      minDropOf,
    )
    if (due.size === 0) continue
    const sendTo = async (user: (typeof active)[number]) => {
      const alerts = due.get(user.id)
      if (!alerts?.length) return
      try {
        const result = await db.transaction(async (tx) => {
          // Alerts turned off or a global unsubscribe since the run read them leave the user out.
          if (!(await accountStillWants(tx, user.id, priceAlertSettings))) return null
          const [digest] = await tx
            .insert(priceAlertDigests)
            .values({ userId: user.id, day })
            .onConflictDoNothing()
            .returning({ day: priceAlertDigests.day })
          if (!digest) return 'today' as const
          const claimed = await tx
            .insert(priceAlerts)
            .values(
              alerts.map((a) => ({
                userId: user.id,
                productId: a.productId,
                kind: a.kind,
                historyId: a.historyId,
                oldPence: a.oldPence,
                newPence: a.newPence,
                day,
              })),
            )
            .onConflictDoNothing()
            .returning({ productId: priceAlerts.productId })
          const claimedIds = new Set(claimed.map((c) => c.productId))
          const sent = alerts.filter((a) => claimedIds.has(a.productId))
          if (sent.length === 0) {
            // Every change was alerted already: no email today after all.
            await tx
              .delete(priceAlertDigests)
              .where(and(eq(priceAlertDigests.userId, user.id), eq(priceAlertDigests.day, day)))
            return null
          }
          const token = await createEmailToken(tx, user.id, 'unsubscribe', now)
          const items: PriceAlertItem[] = sent.map((a) => {
            // The page's id as the web's productUrlId makes it (an affiliate id of 5+ digits, else ours).
            const pageId = a.awProductId >= 10_000 ? a.awProductId : a.productId
            const productUrl = new URL(`/product/${pageId}`, appUrl).toString()
            return {
              title: a.title,
              kind: a.kind,
              oldPrice: money(a.oldPence),
              newPrice: money(a.newPence),
              productUrl,
              // Buy Now on the product page: the click-through (person, occasion, order) starts there.
              buyUrl: productUrl,
            }
          })
          const mail = await renderPriceAlertsEmail({
            appUrl,
            unsubscribeUrl: tokenLink(appUrl, '/unsubscribe', token),
            alertsUnsubscribeUrl: tokenLink(appUrl, '/unsubscribe', token, { only: 'price-alerts' }),
            settingsUrl: new URL('/my-account', appUrl).toString(),
            displayName: user.displayName,
            alerts: items,
          })
          const emailLogId = await queueAccountEmail(tx, deps.mailer, {
            userId: user.id,
            toAddress: user.email,
            kind: 'price-alerts',
            mail,
            // One-click unsubscribe from price alerts alone (RFC 8058).
            oneClickUrl: tokenLink(appUrl, '/api/price-alerts/unsubscribe/one-click', token),
            host,
          })
          await tx
            .update(priceAlertDigests)
            .set({ emailLogId })
            .where(and(eq(priceAlertDigests.userId, user.id), eq(priceAlertDigests.day, day)))
          // The same grouping for the user's devices: one notification naming every alert.
          const devices = await tx
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, user.id))
          if (devices.length > 0) {
            const first = items[0]!
            const payload = {
              title: items.length === 1 ? (first.kind === 'back' ? 'Back in stock' : 'Price drop') : 'Price alerts',
              body:
                items.length === 1
                  ? first.kind === 'back'
                    ? `${first.title} is back in stock at ${first.newPrice}`
                    : `${first.title} is now ${first.newPrice} (was ${first.oldPrice})`
                  : `${items.length} saved gifts are cheaper or back in stock: ${items.map((i) => i.title).join(', ')}`.slice(
                      0,
                      240,
                    ),
              url: items.length === 1 ? new URL(first.productUrl).pathname : '/my-account/liked-products',
            }
            await tx
              .insert(pushMessages)
              .values(
                devices.map((d) => ({ subscriptionId: d.id, userId: user.id, payload, nextAttemptAt: new Date() })),
              )
          }
          return { alerts: sent.length, push: devices.length }
        })
        if (result === 'today') stats.alreadySentToday += 1
        else if (result) {
          stats.emailsSent += 1
          stats.alertsSent += result.alerts
          stats.pushQueued += result.push
        }
      } catch (err) {
        stats.failures.push(`user ${user.id}: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
    await forEachInLanes(active, SEND_CONCURRENCY, sendTo)
  }
  return stats
}
