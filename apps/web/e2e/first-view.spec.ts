import { expect, test } from '@playwright/test'
import { registerConfirmedUser } from './support/auth-helpers'

/**
 * The first view (issue 24, LCP; docs/decisions/first-view-html.md): the server sends a visitor's
 * landing, listing and product pages rendered, so they paint before the app's JavaScript runs,
 * and the app then shows the same page in their place.
 */
test.describe('first view', () => {
  test('a listing is in the HTML with its products, and the app shows the same ones', async ({ browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const plain = await noScript.newPage()
    await plain.goto('/category/hobbies')
    await expect(plain).toHaveTitle('Category – Presently')
    // Not yet live: the markup waits, inert and hidden from assistive technology, for the app.
    const served = plain.locator('#root > div[inert][aria-hidden="true"]')
    await expect(served.locator('h1')).toHaveText('Hobbies')
    const servedTitles = await served.getByTestId('product-title').allInnerTexts()
    expect(servedTitles).toHaveLength(12)
    await noScript.close()

    const page = await browser.newPage()
    await page.goto('/category/hobbies')
    await expect(page.getByRole('heading', { level: 1, name: 'Hobbies' })).toBeVisible()
    await expect(page.locator('#root > div[inert]')).toHaveCount(0)
    await expect(page.getByTestId('product-grid').getByTestId('product-title')).toHaveText(servedTitles)
    await page.close()
  })

  test('the landing and a product page paint from the HTML', async ({ browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const page = await noScript.newPage()
    await page.goto('/')
    await expect(page).toHaveTitle('Presently – gift ideas for everyone you buy for')
    await expect(page.locator('#root h1')).toHaveText('Never be stuck for the perfect gift again')
    await page.goto('/category/hobbies')
    const firstCard = page.getByTestId('product-title').first()
    const title = await firstCard.innerText()
    const href = await page.locator('#root a[href^="/product/"]').first().getAttribute('href')
    await page.goto(href!)
    await expect(page).toHaveTitle(`${title.trim()} – Presently`)
    await expect(page.locator('#root h1')).toHaveText(title)
    await noScript.close()
  })

  test('a signed-in user gets the plain app shell (their pages depend on their data)', async ({ page }) => {
    const visitor = await page.request.get('/category/hobbies')
    expect(await visitor.text()).toContain('id="first-view-state"')
    const { email, password } = await registerConfirmedUser(page.request, 'first-view')
    const login = await page.request.post('/api/auth/login', { data: { email, password } })
    expect(login.ok(), await login.text()).toBe(true)
    const signedIn = await page.request.get('/category/hobbies')
    expect(signedIn.ok()).toBe(true)
    expect(await signedIn.text()).not.toContain('id="first-view-state"')
  })
})
