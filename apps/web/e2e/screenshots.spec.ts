import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'

/*
 * Screenshots of the catalog pages at desktop and phone widths, for a person to look at
 * (apps/web/test-results/screenshots, not committed). They assert only that each page is ready.
 */

const outDir = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url))

const pages: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'category',
    open: async (page) => {
      await page.goto('/category/hobbies/model-trains-and-railway-sets')
      await expect(page.getByTestId('product-card').first()).toBeVisible()
    },
  },
  {
    name: 'search',
    open: async (page) => {
      await page.goto('/search?q=hornbi&minPrice=10&maxPrice=80')
      await expect(page.getByTestId('product-card').first()).toBeVisible()
      await expect(page.getByTestId('result-count')).toHaveText(/^Showing/)
    },
  },
  {
    name: 'promo',
    open: async (page) => {
      await page.goto('/promo/christmas')
      await expect(page.getByTestId('product-card').first()).toBeVisible()
    },
  },
  {
    name: 'product',
    open: async (page) => {
      await page.goto('/search?q=monchhichi%20classic%20boy')
      await page.getByTestId('product-card').first().click()
      await expect(page.getByLabel('Available Options:')).toBeVisible()
    },
  },
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/')
      await expect(page.getByTestId('occasion-tile').first()).toBeVisible()
    },
  },
]

for (const width of [1280, 375]) {
  for (const { name, open } of pages) {
    test(`screenshot of the ${name} page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await open(page)
      // Images settle (placeholders swap in on error).
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${outDir}${name}-${width}.png`, fullPage: true })
    })
  }
}

test('screenshot of the filters drawer at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/category/hobbies')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await page.getByRole('button', { name: 'Filters' }).click()
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${outDir}filters-drawer-375.png` })
})
