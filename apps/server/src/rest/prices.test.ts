import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import webpush from 'web-push'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import {
  and,
  createDb,
  emailLog,
  eq,
  priceAlertDigests,
  priceAlerts,
  productLikes,
  products,
  pushMessages,
  pushSubscriptions,
  sql,
  type Db,
} from '@presently/db'
import { queuePriceAlerts, sendDuePush, webPushSender } from '@presently/api'
import { createMailer } from '@presently/email'
import {
  buildTestApp,
  signedInUser,
  silentLogger,
  TEST_APP_URL,
  withSession,
  type TestAccount,
} from '../testing/auth-helpers.ts'
import { startTestPushService, type TestPushService } from '../testing/push-service.ts'

let testDb: TestDatabase
let app: FastifyInstance
let ann: TestAccount
let ben: TestAccount
let lego: number
let kite: number
let pushService: TestPushService
let pushOrigin: string
const as = (user: TestAccount) => withSession(user.token)
const outbox = (db: Db) => createMailer({ db, logger: silentLogger, from: 'Presently <no-reply@example.com>' })
const deps = (db: Db) => ({ mailer: outbox(db), appUrl: TEST_APP_URL })
const alertMails = (userId: number) =>
  testDb.db
    .select()
    .from(emailLog)
    .where(and(eq(emailLog.userId, userId), eq(emailLog.kind, 'price-alerts')))

async function resetAlerts() {
  await testDb.db.delete(priceAlerts)
  await testDb.db.delete(priceAlertDigests)
  await testDb.db.delete(emailLog).where(eq(emailLog.kind, 'price-alerts'))
}

/** A product changed the way a feed refresh changes it (the trigger records the history). */
async function setProduct(id: number, values: { price?: number; inStock?: boolean | null }) {
  await testDb.db.update(products).set(values).where(eq(products.id, id))
}

beforeAll(async () => {
  pushService = await startTestPushService()
  pushOrigin = pushService.origin
  testDb = await createTestDatabase()
  const keys = webpush.generateVAPIDKeys()
  app = await buildTestApp(testDb.db, {
    AUTH_RATE_LIMIT_IP_MAX: 10_000,
    AUTH_RATE_LIMIT_EMAIL_MAX: 1000,
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    PUSH_EXTRA_ORIGINS: [pushOrigin],
  })
  ann = await signedInUser(app, testDb.db, 'ann-prices@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-prices@example.com')
  const made = await testDb.db
    .insert(products)
    .values([
      {
        awProductId: 90000001,
        source: 'test',
        sourceProductId: 'lego',
        title: 'Lego Fire Station',
        price: 40,
        inStock: true,
      },
      {
        awProductId: 90000002,
        source: 'test',
        sourceProductId: 'kite',
        title: 'Rainbow Kite',
        price: 20,
        inStock: false,
      },
    ])
    .returning({ id: products.id })
  lego = made[0]!.id
  kite = made[1]!.id
  for (const user of [ann, ben]) {
    for (const productId of [lego, kite])
      await testDb.db.insert(productLikes).values({ userId: user.userId, productId })
  }
})
afterAll(async () => {
  await app?.close()
  await testDb?.close()
  await pushService?.close()
})

describe('price alerts (issue 39)', () => {
  it('one email per user names every due alert: a drop of 10% and £1, and back in stock', async () => {
    // Ben turns alerts off; Ann keeps the defaults (on, 10%).
    const off = await app.inject({
      method: 'PUT',
      url: '/api/my-account/price-alert-settings',
      headers: as(ben),
      payload: { enabled: false, minDropPercent: 10 },
    })
    expect(off.statusCode, off.body).toBe(200)
    await setProduct(lego, { price: 28 })
    await setProduct(kite, { inStock: true })
    const stats = await queuePriceAlerts(testDb.db, deps(testDb.db))
    expect(stats).toMatchObject({ emailsSent: 1, alertsSent: 2, failures: [] })
    const [mail, ...more] = await alertMails(ann.userId)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe('2 of your saved gifts are cheaper or back in stock')
    expect(mail!.text).toContain('Lego Fire Station')
    expect(mail!.text).toContain('Now £28.00, was £40.00')
    expect(mail!.text).toContain('Rainbow Kite')
    expect(mail!.text).toContain('Back in stock at £20.00')
    expect(mail!.text).toMatch(/Buy Now/i)
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail!.headers['List-Unsubscribe']).toMatch(/\/api\/price-alerts\/unsubscribe\/one-click\?token=/)
    expect(await alertMails(ben.userId)).toHaveLength(0)
    // The same day again: nothing new is due, nothing sent.
    expect(await queuePriceAlerts(testDb.db, deps(testDb.db))).toMatchObject({ emailsSent: 0, alertsSent: 0 })
  })

  it('the next drop is measured from the alerted price: 10% and £1 below it', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000)
    await setProduct(lego, { price: 25.21 }) // 9.96% below £28: not yet
    expect(await queuePriceAlerts(testDb.db, deps(testDb.db), tomorrow)).toMatchObject({ emailsSent: 0 })
    await setProduct(lego, { price: 25.2 }) // exactly 10% and £2.80
    const stats = await queuePriceAlerts(testDb.db, deps(testDb.db), tomorrow)
    expect(stats).toMatchObject({ emailsSent: 1, alertsSent: 1 })
    const mails = await alertMails(ann.userId)
    expect(mails.map((m) => m.subject)).toContain('Price drop: Lego Fire Station is now £25.20 (was £28.00)')
  })

  it('two runs at once send once; a run that fails before its commit sends nothing and the next one sends', async () => {
    await resetAlerts()
    // Two instances: separate pools on the same database.
    const one = createDb(testDb.url, { max: 4 })
    const two = createDb(testDb.url, { max: 4 })
    try {
      const [a, b] = await Promise.all([queuePriceAlerts(one.db, deps(one.db)), queuePriceAlerts(two.db, deps(two.db))])
      expect(a.emailsSent + b.emailsSent).toBe(1)
      expect(await alertMails(ann.userId)).toHaveLength(1)
    } finally {
      await one.pool.end()
      await two.pool.end()
    }
    await resetAlerts()
    // A run killed midway: its transaction fails after the digest and alerts were inserted.
    await testDb.db.execute(sql`
      create or replace function fail_price_alert_mail() returns trigger language plpgsql as $$
      begin raise exception 'killed midway'; end $$`)
    await testDb.db.execute(sql`
      create trigger fail_price_alert_mail before insert on email_log
      for each row when (new.kind = 'price-alerts') execute function fail_price_alert_mail()`)
    try {
      const failed = await queuePriceAlerts(testDb.db, deps(testDb.db))
      expect(failed.emailsSent).toBe(0)
      expect(failed.failures).toHaveLength(1)
      expect(await testDb.db.$count(priceAlerts)).toBe(0)
      expect(await testDb.db.$count(priceAlertDigests)).toBe(0)
    } finally {
      await testDb.db.execute(sql`drop trigger fail_price_alert_mail on email_log`)
    }
    expect(await queuePriceAlerts(testDb.db, deps(testDb.db))).toMatchObject({ emailsSent: 1, alertsSent: 2 })
    expect(await queuePriceAlerts(testDb.db, deps(testDb.db))).toMatchObject({ emailsSent: 0 })
    expect(await alertMails(ann.userId)).toHaveLength(1)
  })

  it('one-click unsubscribe turns price alerts off alone', async () => {
    const [mail] = await alertMails(ann.userId)
    const oneClick = /<([^>]+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!
    const url = new URL(oneClick)
    const res = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    const settings = await app.inject({ method: 'GET', url: '/api/my-account/price-alert-settings', headers: as(ann) })
    expect(settings.json()).toEqual({ enabled: false, minDropPercent: 10 })
    // Back on for the tests below.
    await app.inject({
      method: 'PUT',
      url: '/api/my-account/price-alert-settings',
      headers: as(ann),
      payload: { enabled: true, minDropPercent: 10 },
    })
  })

  it('refuses a bad minimum drop with the field’s message, and each user reads their own settings', async () => {
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/my-account/price-alert-settings',
      headers: as(ann),
      payload: { enabled: true, minDropPercent: 4 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ message: string }>().message).toMatch(/minimum drop must be a whole percentage from 5 to 50/)
    const [a, b] = await Promise.all(
      [ann, ben].map((u) => app.inject({ method: 'GET', url: '/api/my-account/price-alert-settings', headers: as(u) })),
    )
    expect(a!.json()).toMatchObject({ enabled: true })
    expect(b!.json()).toMatchObject({ enabled: false })
    expect((await app.inject({ method: 'GET', url: '/api/my-account/price-alert-settings' })).statusCode).toBe(401)
  })
})

describe('price history and watched prices (issue 39)', () => {
  it('answers the chart, the lowest of 30 days and a real low', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/price-history/${lego}` })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<{
      pence: number
      lowest30Pence: number
      lowestIn30Days: boolean
      points: { pence: number }[]
    }>()
    expect(body.pence).toBe(2520)
    expect(body.points.map((p) => p.pence)).toEqual([4000, 2800, 2521, 2520])
    expect(body).toMatchObject({ lowest30Pence: 2520, lowestIn30Days: true, noLongerSold: false })
    expect((await app.inject({ method: 'GET', url: '/api/price-history/999999' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/price-history/abc' })).statusCode).toBe(400)
  })

  it('tells each user the drop since their own like, and nothing of products they do not watch', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/my-account/watched-prices',
      headers: as(ann),
      payload: { productIds: [lego, kite] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual([
      expect.objectContaining({ productId: lego, kind: 'like', thenPence: 4000, nowPence: 2520, dropPence: 1480 }),
      expect.objectContaining({ productId: kite, kind: 'like', thenPence: 2000, nowPence: 2000, dropPence: 0 }),
    ])
    const [other] = await testDb.db
      .insert(products)
      .values({ awProductId: 90000003, source: 'test', sourceProductId: 'x', title: 'Not liked', price: 5 })
      .returning({ id: products.id })
    const none = await app.inject({
      method: 'POST',
      url: '/api/my-account/watched-prices',
      headers: as(ben),
      payload: { productIds: [other!.id] },
    })
    expect(none.json()).toEqual([])
  })
})

describe('web push (issue 39)', () => {
  const subscription = (path: string) => {
    // A real browser key pair, so web-push can encrypt for it.
    const { publicKey } = webpush.generateVAPIDKeys()
    return { endpoint: `${pushOrigin}${path}`, keys: { p256dh: publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }
  }

  it('refuses an endpoint that is not a push service', async () => {
    for (const endpoint of ['http://10.0.0.1/push', 'https://127.0.0.1:5432/', 'https://example.com/push']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/my-account/push-subscription',
        headers: as(ann),
        payload: { endpoint, keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) } },
      })
      expect(res.statusCode, endpoint).toBe(400)
    }
  })

  it('queues one grouped message per device with the day’s email, delivers it, and drops a gone device', async () => {
    for (const path of ['/device-a', '/device-gone']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/my-account/push-subscription',
        headers: as(ann),
        payload: subscription(path),
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    pushService.gone.add('/device-gone')
    await setProduct(kite, { inStock: false })
    await setProduct(kite, { inStock: true })
    const dayAfter = new Date(Date.now() + 2 * 86_400_000)
    const stats = await queuePriceAlerts(testDb.db, deps(testDb.db), dayAfter)
    expect(stats).toMatchObject({ emailsSent: 1, alertsSent: 1, pushQueued: 2 })
    const keys = webpush.generateVAPIDKeys()
    const send = webPushSender(keys, 'mailto:test@example.com', { testCa: pushService.ca })
    const delivered = await sendDuePush(testDb.db, send)
    expect(delivered).toBe(1)
    const pushed = pushService.received
    expect(pushed.map((p) => p.path).sort()).toEqual(['/device-a', '/device-gone'])
    expect(
      pushed.every((p) => p.encoding === 'aes128gcm' && p.authorization?.startsWith('vapid ') && p.bytes > 0),
    ).toBe(true)
    const left = await testDb.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)
    expect(left.map((s) => s.endpoint)).toEqual([`${pushOrigin}/device-a`])
    expect(
      (await testDb.db.select({ status: pushMessages.status }).from(pushMessages)).map((m) => m.status).sort(),
    ).toEqual(['gone', 'sent'])
    // Nothing left to send: a second sender finds nothing.
    expect(await sendDuePush(testDb.db, send)).toBe(0)
  })
})
