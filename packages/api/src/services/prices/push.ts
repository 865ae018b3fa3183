import { readFile, writeFile, mkdir } from 'node:fs/promises'
import https from 'node:https'
import path from 'node:path'
import webpush from 'web-push'
import { and, eq, lte, pushMessages, pushSubscriptions, sql, type Db } from '@presently/db'
import { AppError, PRICE_ALERT_MESSAGES } from '@presently/domain'

/**
 * Web push for the installed app's price alerts (issue 39, docs/decisions/price-alerts.md): VAPID
 * keys, per-device subscriptions, and the sender that delivers the push_messages the alert run
 * queued.
 */

/** A VAPID key pair (base64url, as web-push makes and PushManager.subscribe takes). */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/**
 * The server's VAPID keys (issue 39): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set,
 * else the pair in `<dataDir>/vapid-keys.json`, generated there once (mode 0600) on first use, so
 * subscriptions made against it stay valid across restarts.
 *
 * @throws Error when only one of the two keys is given.
 */
export async function resolveVapidKeys(options: {
  publicKey?: string
  privateKey?: string
  dataDir: string
}): Promise<VapidKeys> {
  if (options.publicKey && options.privateKey) return { publicKey: options.publicKey, privateKey: options.privateKey }
  if (options.publicKey || options.privateKey)
    throw new Error('set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither')
  const file = path.join(options.dataDir, 'vapid-keys.json')
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>
    if (stored.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey }
  } catch {
    // Not there yet: made below.
  }
  const keys = webpush.generateVAPIDKeys()
  await mkdir(options.dataDir, { recursive: true })
  // "wx": two processes starting at once must not each write their own pair.
  try {
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' })
    return keys
  } catch {
    const stored = JSON.parse(await readFile(file, 'utf8')) as VapidKeys
    return stored
  }
}

/** Push services a subscription may point at (browsers' own), by host suffix, over https. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const

/**
 * Whether the server may POST to `endpoint` (issue 39): an https URL of a known push service
 * (PUSH_SERVICE_HOSTS), or one of `extraOrigins` (PUSH_EXTRA_ORIGINS: a local test push service).
 * Anything else would let a user make the server send requests to an address of their choosing.
 */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (extraOrigins.includes(url.origin)) return true
  if (url.protocol !== 'https:' || url.port !== '') return false
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
}

/**
 * Saves this device's subscription for the signed-in user (issue 39 per-device opt-in). An
 * endpoint is one browser profile's: if another account had it (someone else signed in on the
 * device before), it moves to this one.
 *
 * @throws AppError BAD_REQUEST "endpoint must be the URL of a push service" for any other address.
 */
export async function subscribePush(
  db: Db,
  userId: number,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  extraOrigins: readonly string[] = [],
): Promise<void> {
  if (!isAllowedPushEndpoint(input.endpoint, extraOrigins)) {
    throw new AppError('BAD_REQUEST', PRICE_ALERT_MESSAGES.endpoint)
  }
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth },
    })
}

/** Turns push off for this device: the caller's own subscription of `endpoint` only. */
export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
}

/** Whether `endpoint` is subscribed for the caller. */
export async function isPushSubscribed(db: Db, userId: number, endpoint: string | undefined): Promise<boolean> {
  if (!endpoint) return false
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
  return row !== undefined
}

/** What a push service answered one message. */
export type PushOutcome = 'sent' | 'gone' | { error: string }

/** Sends one message to one subscription (web-push with the server's VAPID keys, or a test double). */
export type PushSend = (
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
) => Promise<PushOutcome>

/**
 * A PushSend over web-push (RFC 8291 encryption, VAPID): 404 and 410 from the push service mean
 * the subscription is gone; other failures are retried. 10 s time-out, 24 h TTL.
 */
export function webPushSender(keys: VapidKeys, subject: string, options: { testCa?: string | Buffer } = {}): PushSend {
  // Tests and e2e: a local https push service's own certificate (PUSH_TEST_CA_FILE), trusted alone.
  const agent = options.testCa ? new https.Agent({ ca: options.testCa, keepAlive: false }) : undefined
  return async (subscription, payload) => {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 86_400,
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        },
      )
      return 'sent'
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode
      if (status === 404 || status === 410) return 'gone'
      return { error: status ? `push service answered ${status}` : (err as Error).message }
    }
  }
}

/** Attempts before a push message is given up. */
const MAX_PUSH_ATTEMPTS = 5
/** Messages claimed per round. */
const PUSH_BATCH = 50

/**
 * Delivers the push messages that are due (issue 39): claims up to PUSH_BATCH queued rows at a time
 * (FOR UPDATE SKIP LOCKED, a one-minute lease and an attempt counted, committed before sending, so
 * two senders never take the same row and a crashed one's rows are taken again after the lease),
 * sends each, then marks it sent; a subscription the push service reports gone (404/410) is deleted
 * and its messages marked gone; a failure is retried with backoff up to MAX_PUSH_ATTEMPTS.
 *
 * @returns how many were delivered.
 */
export async function sendDuePush(db: Db, send: PushSend, now = () => new Date()): Promise<number> {
  let delivered = 0
  for (;;) {
    const claimed = await db.execute<{
      id: number
      attempts: number
      subscription_id: number | null
      payload: unknown
      endpoint: string | null
      p256dh: string | null
      auth: string | null
    }>(sql`
      with due as (
        select m.id from push_messages m join push_subscriptions s on s.id = m.subscription_id
         where m.status = 'queued' and m.next_attempt_at <= ${now()}
         order by m.id limit ${PUSH_BATCH}
         for update of m skip locked
      )
      update push_messages m
         set attempts = m.attempts + 1, next_attempt_at = ${new Date(now().getTime() + 60_000)}
        from due, push_subscriptions s
       where m.id = due.id and s.id = m.subscription_id
      returning m.id, m.attempts, m.subscription_id, m.payload, s.endpoint, s.p256dh, s.auth`)
    // Messages whose subscription is gone (deleted meanwhile): nothing to send them to.
    await db
      .update(pushMessages)
      .set({ status: 'gone', nextAttemptAt: null })
      .where(and(eq(pushMessages.status, 'queued'), sql`${pushMessages.subscriptionId} is null`))
    if (claimed.rows.length === 0) return delivered
    for (const row of claimed.rows) {
      if (!row.endpoint || !row.p256dh || !row.auth) continue
      const outcome = await send(
        { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
        JSON.stringify(row.payload),
      )
      if (outcome === 'sent') {
        delivered++
        await db
          .update(pushMessages)
          .set({ status: 'sent', sentAt: now(), nextAttemptAt: null })
          .where(eq(pushMessages.id, row.id))
      } else if (outcome === 'gone') {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id!))
        await db.update(pushMessages).set({ status: 'gone', nextAttemptAt: null }).where(eq(pushMessages.id, row.id))
      } else {
        const last = Number(row.attempts) >= MAX_PUSH_ATTEMPTS
        await db
          .update(pushMessages)
          .set({
            status: last ? 'failed' : 'queued',
            lastError: outcome.error.slice(0, 500),
            nextAttemptAt: last ? null : new Date(now().getTime() + 60_000 * 2 ** Number(row.attempts)),
          })
          .where(eq(pushMessages.id, row.id))
      }
    }
  }
}

/** Queued push messages of a user (tests). */
export async function queuedPushCount(db: Db, userId: number): Promise<number> {
  return db.$count(
    pushMessages,
    and(
      eq(pushMessages.userId, userId),
      eq(pushMessages.status, 'queued'),
      lte(pushMessages.attempts, MAX_PUSH_ATTEMPTS),
    ),
  )
}
