import { expect, test, type Page } from '@playwright/test'

const PRICE = /£\d{1,3}(,\d{3})*\.\d{2}/

/** Titles of the product cards on screen, once the grid has loaded. */
async function cardTitles(page: Page): Promise<string[]> {
  const grid = page.getByTestId('product-grid')
  await expect(grid).toBeVisible()
  const titles = grid.getByTestId('product-title')
  await expect(titles.first()).toBeVisible()
  return titles.allInnerTexts()
}

test.describe('catalog browsing', () => {
  test('the landing page is the home page for visitors', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('Presently – gift ideas for everyone you buy for')
    await expect(page.getByRole('button', { name: 'Join Now' })).toBeVisible()
    await expect(page.getByRole('button', { name: "Get Started – It's Free!" }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Login/Register' })).toHaveAttribute('href', '/auth')
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Presently`)
  })

  test('a category lists real products with prices and pages through them', async ({ page }) => {
    await page.goto('/')
    await page
      .getByRole('link', { name: /^Hobbies/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/category\/hobbies$/)
    await expect(page).toHaveTitle('Category – Presently')
    await expect(page.getByRole('heading', { level: 1, name: 'Hobbies' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home')

    const firstPage = await cardTitles(page)
    expect(firstPage.length).toBe(12)
    for (const title of firstPage) expect(title.trim()).not.toBe('')
    const prices = await page.getByTestId('product-grid').getByTestId('product-price').allInnerTexts()
    expect(prices).toHaveLength(firstPage.length)
    for (const price of prices) expect(price).toMatch(PRICE)

    const indicator = page.getByTestId('page-indicator')
    await expect(indicator).toHaveText(/^Page 1 of \d+$/)
    const totalPages = Number((await indicator.innerText()).split(' of ')[1])
    expect(totalPages).toBeGreaterThan(1)
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await page.getByRole('button', { name: 'Next' }).click()
    await expect(indicator).toHaveText(`Page 2 of ${totalPages}`)
    await expect(page).toHaveURL(/[?&]page=2\b/)
    const secondPage = await cardTitles(page)
    expect(secondPage.length).toBeGreaterThan(0)
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([])
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled()
  })

  test("a thin category (a home tile) offers the shop's popular gifts below its own", async ({ page }) => {
    await page.goto('/category/food-and-drink/food/chocolate')
    await expect(page.getByRole('heading', { level: 1, name: 'Chocolate' })).toBeVisible()
    const own = await cardTitles(page)
    expect(own.length).toBeGreaterThan(0)
    expect(own.length).toBeLessThan(12)
    const more = page.getByRole('region', { name: 'More popular gift ideas' })
    await expect(more).toBeVisible()
    const cards = more.getByTestId('product-card')
    await expect(cards.first()).toBeVisible()
    expect(await cards.count()).toBeGreaterThanOrEqual(4)
    // None of them is a chocolate product already listed above.
    const titles = await more.getByTestId('product-title').allInnerTexts()
    for (const title of titles) expect(own).not.toContain(title)
    // They are real products: each opens its page.
    await cards.first().click()
    await expect(page).toHaveURL(/\/product\//)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[0]!)

    // A well-filled category has no such section.
    await page.goto('/category/hobbies')
    await expect(page.getByTestId('product-grid')).toBeVisible()
    await expect(page.getByRole('region', { name: 'More popular gift ideas' })).toHaveCount(0)
  })

  test('page 2 of a category opens directly from its URL', async ({ page }) => {
    await page.goto('/category/hobbies?page=2')
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Page 2 of \d+$/)
    await cardTitles(page)
  })

  test('a product opens from its card', async ({ page }) => {
    await page.goto('/category/hobbies')
    const card = page.getByTestId('product-card').first()
    const title = (await card.getByTestId('product-title').innerText()).trim()
    await card.click()
    await expect(page).toHaveURL(/\/product\/\d+$/)
    await expect(page).toHaveTitle(`${title} – Presently`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByTestId('product-price')).toHaveText(PRICE)
    await expect(page.getByRole('heading', { name: 'Product Details' })).toBeVisible()
    // Visitors are sent to sign in first (spec browsing-and-purchase §4 "Buy flow").
    await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      /^\/auth\?returnTo=%2Fproduct%2F[^&]+&why=buy$/,
    )
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Hobbies' }),
    ).toBeVisible()
  })

  test('an unknown product shows "Product not found"', async ({ page }) => {
    await page.goto('/product/999999999999')
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible()
  })

  test('search finds Hornby products', async ({ page }) => {
    await page.goto('/search?q=hornby')
    await expect(page).toHaveTitle('Search – Presently')
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible()
    const titles = await cardTitles(page)
    expect(titles[0]).toMatch(/hornby/i)
    expect(titles.filter((title) => /hornby/i.test(title)).length).toBeGreaterThanOrEqual(Math.ceil(titles.length / 2))
  })

  test('a blank search asks for a search term', async ({ page }) => {
    await page.goto('/search?q=')
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible()
    await expect(page.getByText('Please enter a search term to find products.')).toBeVisible()
  })

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page/at-all')
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('Not Found – Presently')
  })

  test('the account area sends visitors home', async ({ page }) => {
    await page.goto('/my-account/my-people')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('button', { name: 'Join Now' })).toBeVisible()
  })
})
