import { expect, test } from '@playwright/test'

// Issue 24: the shop installs and opens like an app, checked on a phone-sized window.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

interface ManifestIcon {
  src: string
  sizes: string
  purpose?: string
}

test('the web app manifest parses in Chromium without errors and names icons, shortcuts and a share target', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: /presently/i }).first()).toBeVisible()
  const cdp = await page.context().newCDPSession(page)
  const { url, errors, data } = await cdp.send('Page.getAppManifest')
  expect(url).toMatch(/\/manifest\.webmanifest$/)
  expect(errors).toEqual([])
  const manifest = JSON.parse(data ?? '{}') as {
    name: string
    start_url: string
    display: string
    theme_color: string
    icons: ManifestIcon[]
    shortcuts: { name: string; url: string }[]
    share_target: { action: string; method: string; params: Record<string, string> }
  }
  expect(manifest.name).toMatch(/Presently/)
  expect(manifest.display).toBe('standalone')
  expect(manifest.theme_color).toBe('#c2410c')
  expect(manifest.start_url).toMatch(/^\//)
  const sizes = manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']))
  // Every icon the manifest names is served as a PNG.
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src)
    expect(res.status(), icon.src).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
  }
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['My People', '/my-account/my-people'],
    ['Events', '/my-account/events'],
  ])
  expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'GET' })
  await cdp.detach()
})

test('the service worker registers, never caches data, and a page load without network shows the offline page', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/')
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
  expect(scriptUrl).toMatch(/\/sw\.js$/)
  // The worker claims the open page once it is active.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('landing-phone.png'), fullPage: false })

  // Load a listing (tRPC reads) while the worker is in control; none of it may land in a cache.
  await page.goto('/category/hobbies')
  await expect(page.getByTestId('product-grid')).toBeVisible()
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })
  expect(cached).toContain('/offline.html')
  expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true)
  expect(cached.filter((url) => /^\/(api|trpc)(\/|$)/.test(url))).toEqual([])
  expect(cached).not.toContain('/index.html')

  await context.setOffline(true)
  await page.goto('/my-account/my-people')
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
  await expect(page.getByText(/liked products, people, events and orders/)).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('offline-phone.png'), fullPage: true })
  // Data calls are not answered from any cache: with the network cut they fail.
  const apiOffline = await page.evaluate(() =>
    fetch('/trpc/catalog.categories').then(
      () => 'answered',
      () => 'failed',
    ),
  )
  expect(apiOffline).toBe('failed')

  await context.setOffline(false)
  await page.getByRole('link', { name: 'Try again' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0)
})

test('a link shared to the installed app opens a search for its title', async ({ page }) => {
  await page.goto(
    `/share-target?title=${encodeURIComponent('Hornby train set')}&url=${encodeURIComponent('https://example.com/p/1')}`,
  )
  await expect(page).toHaveURL(/\/search\?q=Hornby(\+|%20)train(\+|%20)set$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible()
})
