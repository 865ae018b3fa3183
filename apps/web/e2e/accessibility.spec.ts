import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

// Serious and critical WCAG A/AA violations fail; lesser ones are reported by axe but tolerated.
for (const [name, path, ready] of [
  ['home', '/', 'Join Now'],
  ['category', '/category/hobbies', 'Next'],
  ['search', '/search?q=hornby', 'Search Results'],
  ['404', '/no-such-page', '404 Page Not Found'],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByText(ready).first()).toBeVisible()
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}

test('the product page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/category/hobbies')
  await page.getByTestId('product-card').first().click()
  await expect(page.getByRole('heading', { name: 'Product Details' })).toBeVisible()
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})
