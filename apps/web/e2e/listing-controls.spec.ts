import { expect, test } from '@playwright/test'

/** "£1,234.56" -> 1234.56 */
function pounds(text: string): number {
  return Number(text.replace(/[£,]/g, ''))
}

test.describe('listing controls', () => {
  test('sort order is kept in local storage and resets the page', async ({ page }) => {
    await page.goto('/category/hobbies?page=3')
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Page 3 of \d+$/)

    await page.getByLabel('Sort by').selectOption('price_asc')
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Page 1 of \d+$/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(page.getByTestId('product-price')).toHaveCount(12)
    const prices = (await page.getByTestId('product-price').allInnerTexts()).map(pounds)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(await page.evaluate(() => localStorage.getItem('sort-order'))).toBe('price_asc')

    await page.reload()
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc')
    await expect(page.getByTestId('product-price')).toHaveCount(prices.length)
    const afterReload = (await page.getByTestId('product-price').allInnerTexts()).map(pounds)
    expect(afterReload).toEqual(prices)
  })

  test('items per page changes the page size and resets the page', async ({ page }) => {
    await page.goto('/category/hobbies?page=2')
    await expect(page.getByTestId('product-card')).toHaveCount(12)
    await page.getByLabel('Per page').selectOption('24')
    await expect(page).toHaveURL(/limit=24/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(page.getByTestId('product-card')).toHaveCount(24)
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Page 1 of \d+$/)
  })

  test('changing page scrolls back up to the gift ideas', async ({ page }) => {
    await page.goto('/category/hobbies')
    const next = page.getByRole('button', { name: 'Next' })
    await next.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await next.click()
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Page 2 of \d+$/)
    // The section's top ends up just below the sticky header, not scrolled out of view.
    await expect
      .poll(async () => {
        const top = await page.evaluate(() => document.getElementById('gift-ideas')!.getBoundingClientRect().top)
        return top > 0 && top < 150
      })
      .toBe(true)
  })

  test('labels shorten on very narrow screens', async ({ page }) => {
    await page.setViewportSize({ width: 340, height: 700 })
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await page.setViewportSize({ width: 400, height: 700 })
    await expect(page.getByRole('link', { name: 'Login/Register' })).toBeVisible()
  })

  test('the logo goes home', async ({ page }) => {
    await page.goto('/category/hobbies?page=2')
    await page.getByRole('link', { name: 'Presently home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page).toHaveTitle('Presently – gift ideas for everyone you buy for')
  })
})
