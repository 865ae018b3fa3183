import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { newShopper } from './support/shopper'

/*
 * Issue 38, "Done means": a newcomer pastes a fixture shop's product link into a wish list, sees
 * its title, picture and £ price, edits the price, saves it and shares the list; a link to a
 * private address is refused with a plain message and the form still works by hand. Then the
 * installed app's share target and the bookmarklet, which open "Add to a wish list" with the
 * preview. The fixture shop runs on 127.0.0.1 (e2e/global-setup.ts); the server reaches it only
 * through OUTSIDE_FETCH_TEST_ORIGINS.
 */

const shop = process.env.PRESENTLY_E2E_FIXTURE_SHOP!

/** Pastes `text` into the focused field as a person would (a real paste event with clipboard data). */
async function paste(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label }).focus()
  await page.evaluate((value) => {
    const data = new DataTransfer()
    data.setData('text/plain', value)
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, text)
}

/** axe at 1280 and 390 px, with screenshots kept with the results for people to look at. */
async function checkBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoSeriousViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('paste a shop link into a wish list: title, picture and £ price; edit the price, save, share', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  await newShopper(page, 'link-preview')
  await page.goto('/my-account/lists')
  await page.getByRole('textbox', { name: 'List name' }).fill('Birthday')
  await page.getByRole('button', { name: 'Create list' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Birthday' })).toBeVisible()

  await paste(page, 'Link', `${shop}/products/hemsby-oak-bookcase`)
  const card = page.getByLabel('What the link shows')
  await expect(card.getByText('Hemsby Oak Bookcase')).toBeVisible({ timeout: 15_000 })
  await expect(card.getByText('£1,299.99')).toBeVisible()
  await expect(card.getByText('from Hartley & Co')).toBeVisible()
  const picture = card.locator('img')
  await expect(picture).toHaveAttribute('src', /^\/api\/link-previews\/images\/[0-9a-f]{32}$/)
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480)
  await expect(page.getByRole('textbox', { name: 'What is it?' })).toHaveValue('Hemsby Oak Bookcase')
  const price = page.getByRole('textbox', { name: 'Price (£)' })
  await expect(price).toHaveValue(/^1,?299\.99$/)
  await checkBothWidths(page, testInfo, 'list-preview')

  // Every field is the user's to change before saving.
  await price.fill('1250')
  await page.getByRole('button', { name: 'Add item' }).click()
  const item = page.getByRole('article', { name: 'Hemsby Oak Bookcase' })
  await expect(item.getByText('£1,250.00')).toBeVisible()
  await expect(item.locator('img')).toHaveAttribute('src', /^\/api\/link-previews\/images\//)

  // A private address: a plain message, and the form still works by hand.
  await paste(page, 'Link', 'http://169.254.169.254/latest/meta-data/')
  await expect(page.getByText('This link points to a private or local address')).toBeVisible()
  await page.getByRole('textbox', { name: 'What is it?' }).fill('Reading lamp')
  await page.getByRole('textbox', { name: 'Price (£)' }).fill('30')
  await page.getByRole('button', { name: 'Add item' }).click()
  await expect(page.getByRole('article', { name: 'Reading lamp' }).getByText('£30.00')).toBeVisible()

  // A bot wall: said plainly.
  await paste(page, 'Link', `${shop}/dp/B0BOTWALL1`)
  await expect(page.getByText('This shop did not let us read the page')).toBeVisible()

  await page.getByRole('button', { name: 'Share this list' }).click()
  const shared = await page.getByRole('textbox', { name: 'Link to share' }).inputValue()
  await page.goto(shared)
  const visitorItem = page.getByRole('article', { name: 'Hemsby Oak Bookcase' })
  await expect(visitorItem.getByText('£1,250.00')).toBeVisible()
  // The picture is the shop's own copy, never the other site's.
  await expect(visitorItem.locator('img')).toHaveAttribute('src', /^\/api\/link-previews\/images\//)
  await checkBothWidths(page, testInfo, 'shared-list')
})

test('a link to a product the shop sells offers that product instead', async ({ page }) => {
  test.setTimeout(120_000)
  await newShopper(page, 'link-catalog')
  // A product of the shipped catalog whose merchant link is amazon.co.uk/dp/{ASIN}.
  const listing = (await (await page.request.get('/api/products?limit=100')).json()) as {
    products: Array<{ title: string; affiliateUrl: string | null }>
  }
  const product = listing.products.find((p) => /amazon\.co\.uk\/dp\/[A-Z0-9]{10}$/.test(p.affiliateUrl ?? ''))
  const found = product ? { title: product.title, url: product.affiliateUrl! } : null
  test.skip(!found, 'no catalog product with an ASIN link in the first page')
  await page.goto('/my-account/lists')
  await page.getByRole('textbox', { name: 'List name' }).fill('Toys')
  await page.getByRole('button', { name: 'Create list' }).click()
  await paste(page, 'Link', found!.url.replace('/dp/', '/Some-Title/dp/') + '/ref=sr_1_1')
  const card = page.getByLabel('What the link shows')
  await expect(card.getByText('In our shop', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(card.getByRole('button', { name: 'Buy Now' })).toBeVisible()
  await card.getByRole('button', { name: 'Add this product instead' }).click()
  await expect(page.getByRole('article', { name: found!.title })).toBeVisible()
})

test('sharing a link to the installed app opens "Add to a wish list" with the preview', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await newShopper(page, 'link-share')
  const url = `${shop}/products/space-shuttle`
  await page.goto(`/share-target?title=${encodeURIComponent('Look at this')}&url=${encodeURIComponent(url)}`)
  await expect(page).toHaveURL(/\/my-account\/lists\/add\?/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add to a wish list' })).toBeVisible()
  const card = page.getByLabel('What the link shows')
  await expect(card.getByText('Space Shuttle Building Set')).toBeVisible({ timeout: 15_000 })
  await expect(card.getByText('£49.99')).toBeVisible()
  // The page's own title replaces the share's guess (the user typed nothing).
  await expect(page.getByRole('textbox', { name: 'What is it?' })).toHaveValue('Space Shuttle Building Set')
  await checkBothWidths(page, testInfo, 'add-from-share')
  await expect(page.getByRole('textbox', { name: 'Name of your first wish list' })).toHaveValue('My wish list')
  await page.getByRole('button', { name: 'Add to the list' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My wish list' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Space Shuttle Building Set' }).getByText('£49.99')).toBeVisible()

  // Plain shared text still searches the catalog.
  await page.goto('/share-target?text=wooden%20train')
  await expect(page).toHaveURL(/\/search\?q=wooden/)
})

test('the bookmarklet on the lists page opens "Add to a wish list" from any shop page', async ({ page }) => {
  test.setTimeout(120_000)
  await newShopper(page, 'link-bookmarklet')
  await page.goto('/my-account/lists')
  const bookmarklet = page.getByRole('link', { name: 'Add to Presently' })
  await expect(bookmarklet).toHaveAttribute('href', /^javascript:/)
  const code = (await bookmarklet.getAttribute('href'))!.slice('javascript:'.length)
  // On a shop's product page, as a click on the bookmark runs it.
  await page.goto(`${shop}/products/stoneware-teapot`)
  await page.evaluate(code)
  await expect(page).toHaveURL(/\/my-account\/lists\/add\?url=/)
  await expect(page.getByLabel('What the link shows').getByText('£24.50')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('textbox', { name: 'What is it?' })).toHaveValue('Stoneware Teapot, Sage')
})
