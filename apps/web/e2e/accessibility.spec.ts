import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/** Serious and critical WCAG A/AA violations fail; lesser ones are reported by axe but tolerated. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

for (const [name, path, ready] of [
  ['home', '/', 'Join Now'],
  ['category', '/category/hobbies', 'Next'],
  ['subcategory', '/category/hobbies/model-trains-and-railway-sets', 'Next'],
  ['search', '/search?q=hornby', 'Search Results'],
  ['filtered search', '/search?q=hornby&category_name=Hobbies&minPrice=10&maxPrice=80', 'Showing'],
  ['blank search', '/search?q=', 'Please enter a search term to find products.'],
  ['promo', '/promo/christmas', 'Next'],
  ['unknown promo', '/promo/nonexistent', 'Promotion Not Found'],
  ['unknown category', '/category/no-such-category', 'Category Not Found'],
  ['404', '/no-such-page', '404 Page Not Found'],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByText(ready).first()).toBeVisible()
    await expectNoSeriousViolations(page)
  })
}

test('the product page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/category/hobbies')
  await page.getByTestId('product-card').first().click()
  await expect(page.getByRole('heading', { name: 'Product Details' })).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('a product page with variants has no serious accessibility violations', async ({ page }) => {
  await page.goto('/search?q=monchhichi%20classic%20boy')
  await page.getByTestId('product-card').first().click()
  await expect(page.getByLabel('Available Options:')).toBeVisible()
  await expectNoSeriousViolations(page)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the category page and its filters drawer have no serious accessibility violations', async ({ page }) => {
    await page.goto('/category/hobbies')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'Filters' }).click()
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
    await expectNoSeriousViolations(page)
  })
})
