import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startTestPushService, type TestPushService } from '../../server/src/testing/push-service'
import { E2E_ADMIN } from './support/accounts'
import { signIn } from './support/auth-helpers'
import { expectNoSeriousViolations } from './support/axe'
import { waitForMail } from './support/mailbox'
import { apiJson } from './support/shopper'
import { registerConfirmedUser } from './support/auth-helpers'
import { PRICE_FEED, priceFeedCsv } from './support/price-feed'

/*
 * Prices that move (issue 39), as "done" reads: a newcomer likes two products and turns on
 * notifications on this device; staff refresh a feed on the Tools page in which one is cheaper
 * and the other back in stock; the newcomer gets one email naming both (and one push message);
 * the product page shows the drop on its chart and "Lowest price in 30 days".
 */

// The service worker runs (push subscriptions live in it); this spec's moves are in sequence.
test.use({ serviceWorkers: 'allow' })
test.describe.configure({ mode: 'serial' })

const feedDir = process.env.PRESENTLY_E2E_FEED_DIR!
const pushOrigin = process.env.PRESENTLY_E2E_PUSH_ORIGIN!
let pushService: TestPushService

test.beforeAll(async () => {
  pushService = await startTestPushService({
    port: Number(new URL(pushOrigin).port),
    keyFile: path.join(feedDir, 'key.pem'),
    certFile: path.join(feedDir, 'cert.pem'),
  })
})
test.afterAll(async () => {
  await pushService?.close()
})

/**
 * Chromium's own push service (Google's) is out of reach from the test machine, so this device's
 * PushManager hands out a subscription to the local test push service, with a real P-256 key pair
 * and auth secret made by the browser: everything after subscribe() is the app's real code.
 */
async function useLocalPushService(page: Page, endpoint: string) {
  await page.addInitScript((endpointUrl) => {
    const b64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    let current: PushSubscription | null = null
    const make = async (): Promise<PushSubscription> => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
      const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey))
      const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer)
      const subscription = {
        endpoint: endpointUrl,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: endpointUrl, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          current = null
          return Promise.resolve(true)
        },
      }
      return subscription
    }
    PushManager.prototype.subscribe = async function () {
      current ??= await make()
      return current
    }
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(current)
    }
  }, endpoint)
}

async function productByTitle(page: Page, title: string): Promise<{ id: number; awProductId: number }> {
  const listing = await apiJson<{ products: { id: number; awProductId: number; title: string }[] }>(
    await page.request.get(`/api/products?search=${encodeURIComponent(title)}`),
  )
  const product = listing.products.find((p) => p.title === title)
  expect(product, title).toBeDefined()
  return product!
}

test('a refresh that makes a liked product cheaper and another back in stock sends one email and one push', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await page.context().grantPermissions(['notifications'])
  const endpoint = `${pushOrigin}/e2e-device-${Date.now()}`
  await useLocalPushService(page, endpoint)
  const { email, password } = await registerConfirmedUser(page.request, 'price-alerts')
  await signIn(page, email, password)

  // Notifications on this device, under Account Settings.
  await page.goto('/my-account/profile')
  const section = page.getByRole('region', { name: 'Price alerts' })
  await expect(section.getByRole('switch', { name: 'Email me price alerts' })).toBeChecked()
  await expect(section.getByLabel(/Tell me when the price falls by at least/)).toHaveValue('10%')
  await page.evaluate(() => navigator.serviceWorker.ready)
  const toggle = section.getByRole('switch', { name: /Also notify me on this device/ })
  await expect(toggle).toBeEnabled()
  await toggle.click()
  await expect(toggle).toBeChecked()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/price-alert-settings.png', fullPage: true })

  // The newcomer likes both products.
  const lego = await productByTitle(page, PRICE_FEED.lego)
  const kite = await productByTitle(page, PRICE_FEED.kite)
  for (const product of [lego, kite]) {
    await apiJson(await page.request.post(`/api/products/${product.awProductId}/like?type=aw`))
  }

  // The merchant's feed changes: Lego £40 -> £28, the kite back in stock.
  writeFileSync(path.join(feedDir, 'gift-shop.csv'), priceFeedCsv('28.00', true))

  // Staff run the refresh on the Tools page.
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signIn(staff, E2E_ADMIN.email, E2E_ADMIN.password)
  await staff.goto('/admin/tools')
  await staff.getByRole('tab', { name: 'Catalog Feeds' }).click()
  const card = staff.getByRole('region', { name: PRICE_FEED.name })
  await expect(card).toBeVisible()
  await expect(card).toContainText('06:00')
  await card.getByRole('button', { name: 'Run now' }).click()
  const result = card.getByTestId('feed-run-result')
  await expect(result).toContainText('2 changed', { timeout: 60_000 })
  await expect(result).toContainText('Price alerts: 2 in 1 email')
  await expect(card.getByTestId('feed-last-run')).toContainText('completed')
  await expectNoSeriousViolations(staff)
  await staff.screenshot({ path: 'test-results/catalog-feeds.png', fullPage: true })
  await staffContext.close()

  // One email naming both, with the old and new price and Buy Now.
  const mail = await waitForMail(email, /cheaper or back in stock/)
  expect(mail.text).toContain(PRICE_FEED.lego)
  expect(mail.text).toContain('Now £28.00, was £40.00')
  expect(mail.text).toContain(PRICE_FEED.kite)
  expect(mail.text).toContain('Back in stock at £20.00')
  // And one notification to this device, through the local push service, encrypted (RFC 8291).
  await expect.poll(() => pushService.received.filter((r) => endpoint.endsWith(r.path)).length).toBe(1)
  const pushed = pushService.received.find((r) => endpoint.endsWith(r.path))!
  expect(pushed.encoding).toBe('aes128gcm')
  expect(pushed.authorization).toMatch(/^vapid t=/)

  // The product page shows the drop on its chart.
  await page.goto(`/product/${lego.awProductId}`)
  await expect(page.getByTestId('product-price')).toHaveText('£28.00')
  await expect(page.getByTestId('lowest-30-days')).toHaveText('Lowest price in 30 days')
  await expect(page.getByTestId('lowest-30-summary')).toHaveText('Lowest in 30 days: £28.00')
  await expect(page.getByTestId('price-chart')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/price-history-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/price-history-390.png', fullPage: true })

  // The liked products page says how much less than when it was liked.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/my-account/liked-products')
  await expect(page.getByText('£12 less than when you liked it')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/liked-price-drop.png', fullPage: true })
})
