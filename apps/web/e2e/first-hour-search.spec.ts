import { expect, test, type Page } from '@playwright/test'
import { newShopper } from './support/shopper'

// Issue 26 items 5, 6 and 9 against the shipped catalog, signed in.

async function openSection(page: Page, title: string) {
  const name = new RegExp(`^${title} ?,`)
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('button', { name }).click()
  await expect(page.getByRole('button', { name, expanded: true })).toBeVisible()
}

test.describe('the first hour: search, interests, tiles (issue 26)', () => {
  test.beforeEach(async ({ page }) => {
    await newShopper(page, 'first-hour-search')
  })

  test('"lgeo" offers "Did you mean lego?", which opens the LEGO results', async ({ page }) => {
    await page.goto('/search?q=lgeo')
    const suggestion = page.getByTestId('search-suggestion')
    await expect(suggestion).toHaveText('Did you mean lego?')
    await expect(page.getByTestId('product-card').first()).toContainText(/lego/i)
    await suggestion.getByRole('link', { name: 'lego' }).click()
    await expect(page).toHaveURL(/\/search\?.*q=lego/)
    await expect(page.getByText('for “lego”')).toBeVisible()
    await expect(page.getByTestId('search-suggestion')).toHaveCount(0)
    await page.goto('/search?q=dinosuar')
    await expect(page.getByTestId('search-suggestion')).toHaveText('Did you mean dinosaur?')
  })

  test('"jigsw" lists jigsaw puzzles first, "baking set" no castle first', async ({ page }) => {
    await page.goto('/search?q=jigsw')
    await expect(page.getByTestId('product-card').first()).toContainText(/jigsaw/i)
    await expect(page.getByTestId('product-card').first()).not.toContainText(/mask/i)
    await page.goto('/search?q=baking%20set')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByTestId('product-card').first()).not.toContainText(/castle/i)
  })

  test('gift questions answer with gifts in budget and say what they show', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('gift for grandad under £20')}`)
    await expect(page.getByTestId('gift-question-line')).toHaveText('Showing gifts for a grandad, under £20')
    const grid = page.getByTestId('product-grid')
    await expect(grid.getByTestId('product-card').first()).toBeVisible()
    const prices = await grid.getByTestId('product-price').allInnerTexts()
    expect(prices.length).toBeGreaterThan(0)
    for (const price of prices) expect(Number(price.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(20)
    await page.screenshot({ path: 'test-results/first-hour-gift-question.png', fullPage: false })

    await page.goto(`/search?q=${encodeURIComponent('christmas present for a 9 year old')}`)
    await expect(page.getByTestId('gift-question-line')).toHaveText('Showing christmas gifts for a 9 year old')
    await expect(grid.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByTestId('search-suggestion')).toHaveCount(0)
    for (const title of await grid.getByTestId('product-card').allInnerTexts()) {
      expect(title).not.toMatch(/\b(baby|toddler)\b/i)
    }
    // A plain search shows no such line.
    await page.goto('/search?q=lego')
    await expect(grid.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByTestId('gift-question-line')).toHaveCount(0)
  })

  test('the interest picker finds "lego" and "bak" across categories; the two selects stay', async ({ page }) => {
    await page.goto('/my-account/add-person')
    await openSection(page, 'Interests')
    const panel = page.locator('#person-section-interests')
    const search = panel.getByRole('textbox', { name: 'Search interests' })
    await search.fill('lego')
    const results = panel.getByTestId('interest-search-results')
    await expect(results.getByRole('group', { name: 'LEGO' })).toBeVisible()
    await expect(results).toContainText('Popular Gift Interests › Building & Models')
    await results.getByRole('group', { name: 'LEGO' }).getByRole('button', { name: 'Love' }).click()
    await search.fill('bak')
    await expect(results.getByRole('group', { name: 'Baking', exact: true })).toBeVisible()
    await expect(results.getByRole('group', { name: 'Desserts and Baking' })).toBeVisible()
    await results.getByRole('group', { name: 'Baking', exact: true }).getByRole('button', { name: 'Like' }).click()
    // An alias: "running" finds Running and Jogging under Healthy Living.
    await search.fill('running')
    await expect(results.getByRole('group', { name: 'Running and Jogging' })).toBeVisible()
    const chosen = page.getByTestId('chosen-interests')
    await expect(chosen.getByRole('group')).toHaveCount(2)
    await expect(chosen.getByRole('group', { name: 'LEGO' }).getByRole('button', { name: 'Love' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.getByRole('combobox', { name: 'Interest category' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Subcategory' })).toBeDisabled()
    await page.screenshot({ path: 'test-results/first-hour-interest-search.png', fullPage: false })
  })

  test('home tiles show only listings of 12 or more fitting products, with their counts', async ({ page }) => {
    await page.goto('/')
    const tiles = page.getByTestId('category-tile')
    await expect(tiles.first()).toBeVisible()
    await expect(page.getByText('Chocolate Lover')).toHaveCount(0)
    await expect(page.getByText('For the Home Decorator')).toHaveCount(0)
    await expect(page.getByText('For the Beauty Conscious')).toHaveCount(0)
    await expect(page.getByText(/Adventu/)).toHaveCount(0)
    const counts = await tiles.getByTestId('tile-count').allTextContents()
    expect(counts.length).toBe(await tiles.count())
    for (const count of counts) expect(Number(count.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(12)
    // The count is what the tile's listing shows.
    const tech = tiles.filter({ hasText: 'For the Tech Lover' })
    const techCount = (await tech.getByTestId('tile-count').textContent())!.replace(/[^\d]/g, '')
    await tech.click()
    await expect(page.getByTestId('result-count')).toHaveText(`${techCount} gift ideas`)
    await page.goto('/')
    await expect(tiles.first()).toBeVisible()
    await page.screenshot({ path: 'test-results/first-hour-tiles.png', fullPage: true })
  })
})
