import { expectNoSeriousViolations } from './support/axe'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { E2E_ADMIN } from './support/accounts'
import { signIn } from './support/auth-helpers'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * Likes, the buy flow and orders (issue 11) against the real server and catalog. Each test signs
 * up its own shopper, so tests running in parallel never see each other's likes or orders.
 */

/** Serious and critical WCAG A/AA violations fail (as in accessibility.spec.ts). */
interface Product {
  id: number
  title: string
  awProductId: number
  affiliateUrl: string | null
}

async function products(request: APIRequestContext, query: string): Promise<Product[]> {
  return (await apiJson<{ products: Product[] }>(await request.get(`/api/products?${query}`))).products
}

/** The Liked Products card of a product. */
function likedCard(page: Page, title: string): Locator {
  return page.getByTestId('liked-product-card').filter({ has: page.getByText(title, { exact: true }) })
}

test.describe('likes', () => {
  test('a product liked from a listing shows on Liked Products, and unliking removes it', async ({ page }) => {
    await newShopper(page, 'likes-listing')
    await page.goto('/category/hobbies')
    const card = page.getByTestId('product-card').nth(1)
    const title = (await card.getByTestId('product-title').innerText()).trim()
    const heart = page.getByRole('button', { name: `Like ${title}`, exact: true })
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    // Locked for 500 ms after a click (spec account-area §4).
    await expect(heart).toHaveAttribute('aria-disabled', 'true')
    await expect(heart).not.toHaveAttribute('aria-disabled', 'true')
    // The heart sits beside the card's link: clicking it stayed on the listing.
    await expect(page).toHaveURL(/\/category\/hobbies$/)

    await page.getByRole('link', { name: 'View Liked Products' }).click()
    await expect(page).toHaveURL(/\/my-account\/liked-products$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Liked Products' })).toBeVisible()
    await expect(page.getByText("Products you've liked and saved for future reference")).toBeVisible()
    const liked = likedCard(page, title)
    await expect(liked).toBeVisible()
    // The 64x64 liked-list picture (the shipped catalog has no images: the category
    // illustration, named by the product's title).
    const picture = liked.getByRole('img', { name: title })
    await expect(picture).toBeVisible()
    // A square in the 64 px thumbnail (inside its 1 px border).
    const box = (await picture.boundingBox())!
    expect(box.width).toBe(box.height)
    expect(box.width).toBeGreaterThanOrEqual(60)
    expect(box.width).toBeLessThanOrEqual(64)
    await expectNoSeriousViolations(page)

    await liked.getByRole('button', { name: `Like ${title}` }).click()
    await expect(liked).toHaveCount(0)
    await expect(page.getByText("You haven't liked any products yet.")).toBeVisible()
    await page.reload()
    await expect(page.getByText("You haven't liked any products yet.")).toBeVisible()
  })

  test('Liked Products loads 48 likes at first and the rest with "Show more" (issue 24)', async ({ page }) => {
    await newShopper(page, 'likes-paged')
    const request = page.request
    const list = await products(request, 'limit=48&page=1&category_name=Hobbies')
    const more = await products(request, 'limit=12&page=5&category_name=Hobbies')
    const liked = [...list, ...more.slice(0, 5)]
    expect(liked.length).toBe(53)
    for (const product of liked) await apiJson(await request.post(`/api/products/${product.id}/like`))
    const pages: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('likes.page')) pages.push(req.url())
    })
    await page.goto('/my-account/liked-products')
    const cards = page.getByTestId('liked-product-card')
    await expect(cards).toHaveCount(48)
    // Newest first: the last product liked leads.
    await expect(cards.first()).toContainText(liked.at(-1)!.title)
    await page.getByRole('button', { name: 'Show more (5 more)' }).click()
    await expect(cards).toHaveCount(53)
    await expect(cards.last()).toContainText(liked[0]!.title)
    await expect(page.getByRole('button', { name: /Show more/ })).toHaveCount(0)
    // Two calls of 48: the page never asked for the whole list.
    expect(pages).toHaveLength(2)
  })

  test('event chips are dragged onto other cards by mouse and by keyboard', async ({ page }) => {
    await newShopper(page, 'likes-drag')
    const request = page.request
    const mum = await addPerson(request, 'Mum')
    const birthday = (await occasion(request, 'birthday')).id
    const [first, second] = await products(request, 'limit=2&category_name=Games&sort=name_asc')
    // Liked second, then first: the list is newest first, so `first` is the top-left card.
    await request.post(`/api/products/${second!.id}/like`)
    const like = await apiJson<{ productLikeId: number }>(await request.post(`/api/products/${first!.id}/like`))
    await request.post('/api/product-like-associations/batch', {
      data: {
        productLikeId: like.productLikeId,
        associations: [{ personId: mum, occasionId: birthday }, { personId: mum }],
      },
    })

    await page.goto('/my-account/liked-products')
    const source = likedCard(page, first!.title)
    const target = likedCard(page, second!.title)
    await expect(source.getByTestId('association-chip')).toHaveCount(2)
    await expect(target.getByTestId('association-chip')).toHaveCount(0)
    await expect(target.getByText('For nobody yet')).toBeVisible()
    await expectNoSeriousViolations(page)

    // Mouse: "Mum · Birthday" onto the other card.
    const chip = source.getByRole('button', { name: 'Mum · Birthday', exact: true })
    const from = (await chip.boundingBox())!
    const to = (await target.boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 5 })
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 })
    await expect(target.getByText('Drop here to create event association')).toBeVisible()
    await page.mouse.up()
    await expect(target.getByRole('button', { name: 'Mum · Birthday', exact: true })).toBeVisible()
    await expect(target.getByText('Drop here to create event association')).toHaveCount(0)
    // The copy is stored: it is there after a reload.
    await page.reload()
    await expect(
      likedCard(page, second!.title).getByRole('button', { name: 'Mum · Birthday', exact: true }),
    ).toBeVisible()

    // Keyboard: Space lifts "Mum", each arrow moves it 25 px, Space drops it on the other card.
    const mumChip = likedCard(page, first!.title).getByRole('button', { name: 'Mum', exact: true })
    await mumChip.focus()
    await page.keyboard.press('Space')
    const hint = likedCard(page, second!.title).getByText('Drop here to create event association')
    const stackedOnPhone = (page.viewportSize()?.width ?? 1280) < 992
    for (let i = 0; i < 60 && !(await hint.isVisible()); i++) {
      await page.keyboard.press(stackedOnPhone ? 'ArrowDown' : 'ArrowRight')
    }
    await expect(hint).toBeVisible()
    await page.keyboard.press('Space')
    await expect(likedCard(page, second!.title).getByTestId('association-chip')).toHaveCount(2)
    await expect(likedCard(page, second!.title).getByRole('button', { name: 'Mum', exact: true })).toBeVisible()

    // Dropped on its own card, a chip changes nothing.
    await likedCard(page, first!.title).getByRole('button', { name: 'Mum', exact: true }).focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Space')
    await expect(likedCard(page, first!.title).getByTestId('association-chip')).toHaveCount(2)
    await expect(likedCard(page, second!.title).getByTestId('association-chip')).toHaveCount(2)
    // A copy the other card already has is silently ignored (no error, no duplicate).
    await page.reload()
    await likedCard(page, first!.title).getByRole('button', { name: 'Mum', exact: true }).focus()
    await page.keyboard.press('Space')
    for (let i = 0; i < 60 && !(await hint.isVisible()); i++) {
      await page.keyboard.press(stackedOnPhone ? 'ArrowDown' : 'ArrowRight')
    }
    await page.keyboard.press('Space')
    await expect(page.getByText('Failed to copy association')).toHaveCount(0)
    await expect(likedCard(page, second!.title).getByTestId('association-chip')).toHaveCount(2)
  })

  test('a removal shows at once and comes back when the save fails', async ({ page }) => {
    await newShopper(page, 'likes-remove')
    const request = page.request
    const mum = await addPerson(request, 'Mum')
    const dad = await addPerson(request, 'Dad')
    const christmas = (await occasion(request, 'christmas')).id
    const [product] = await products(request, 'limit=1&category_name=Jigsaws%20%26%20Puzzles')
    const like = await apiJson<{ productLikeId: number }>(await request.post(`/api/products/${product!.id}/like`))
    await request.post('/api/product-like-associations/batch', {
      data: {
        productLikeId: like.productLikeId,
        associations: [{ personId: mum, occasionId: christmas }, { personId: dad }],
      },
    })
    await page.goto('/my-account/liked-products')
    const card = likedCard(page, product!.title)
    await expect(card.getByTestId('association-chip')).toHaveCount(2)

    // Removing one saves the rest.
    await card.getByRole('button', { name: 'Remove Mum · Christmas' }).click()
    await expect(card.getByTestId('association-chip')).toHaveCount(1)
    await page.reload()
    await expect(likedCard(page, product!.title).getByTestId('association-chip')).toHaveCount(1)

    // Add one back through the editor.
    await likedCard(page, product!.title)
      .getByRole('button', { name: /^Add a person or occasion/ })
      .click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: 'Person' }).click()
    await page.getByRole('option', { name: 'Mum', exact: true }).click()
    await dialog.getByRole('combobox', { name: 'Occasion' }).click()
    await page.getByRole('option', { name: 'Christmas', exact: true }).click()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(
      likedCard(page, product!.title).getByRole('button', { name: 'Mum · Christmas', exact: true }),
    ).toBeVisible()

    // Dad is deleted elsewhere (another tab); this page still shows his chip. Saving a list that
    // names him fails on the server: the removal is undone and the card says so.
    expect((await request.delete(`/api/people/${dad}`)).ok()).toBe(true)
    await likedCard(page, product!.title).getByRole('button', { name: 'Remove Mum · Christmas' }).click()
    await expect(likedCard(page, product!.title).getByText('Failed to save associations')).toBeVisible()
    await expect(
      likedCard(page, product!.title).getByRole('button', { name: 'Mum · Christmas', exact: true }),
    ).toBeVisible()
  })
})

test.describe('buying', () => {
  test('Buy Now asks for a person and an occasion first', async ({ page }) => {
    await newShopper(page, 'buy-no-selection')
    const mum = await addPerson(page.request, 'Mum')
    const birthday = (await occasion(page.request, 'birthday')).id
    const [product] = await products(page.request, 'limit=1&category_name=Games')
    for (const [query, message] of [
      ['', 'Please select both a person and an occasion'],
      [`?person=${mum}`, 'Please select an occasion'],
      [`?occasion=${birthday}`, "Please select who you're buying for"],
      ['?person=abc&occasion=1.5', 'Please select both a person and an occasion'],
    ] as const) {
      await page.goto(`/product/${product!.awProductId}${query}`)
      await page.getByRole('button', { name: 'Buy Now' }).click()
      const dialog = page.getByRole('dialog', { name: 'Who is this gift for?' })
      await expect(dialog).toContainText(message)
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(dialog).toHaveCount(0)
    }
    expect((await apiJson<{ total: number }>(await page.request.get('/api/my-orders'))).total).toBe(0)
  })

  test('Buy Now records the order, reports the purchase and goes to the merchant; the order shows in My Orders', async ({
    page,
  }) => {
    await newShopper(page, 'buy')
    const mum = await addPerson(page.request, 'Mum')
    const birthday = (await occasion(page.request, 'birthday')).id
    const [product] = await products(page.request, 'limit=1&category_name=Music')
    const { affiliateUrl } = await apiJson<{ affiliateUrl: string }>(
      await page.request.get(`/api/redirect/${product!.id}`),
    )
    // The data layer's entries, reported as they are pushed (the page is gone once the merchant opens).
    const pushed: unknown[] = []
    await page.exposeFunction('reportDataLayer', (entry: unknown) => void pushed.push(entry))
    await page.addInitScript(() => {
      const w = window as unknown as { dataLayer: unknown[]; reportDataLayer: (entry: unknown) => void }
      w.dataLayer = []
      const push = w.dataLayer.push.bind(w.dataLayer)
      w.dataLayer.push = (...entries: unknown[]) => {
        for (const entry of entries) if (typeof entry === 'object') w.reportDataLayer(entry)
        return push(...entries)
      }
    })
    // The merchant is outside the shop: answer for it and remember where the browser went.
    const merchant = new URL(affiliateUrl).origin
    let reached: string | undefined
    let referer: string | undefined
    await page.context().route(`${merchant}/**`, async (route) => {
      reached = route.request().url()
      referer = route.request().headers()['referer']
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Merchant</title><h1>Merchant</h1>' })
    })

    await page.goto(`/product/${product!.awProductId}?person=${mum}&occasion=${birthday}`)
    // The merchant opens in a new tab, without opener or referrer, as a sponsored link (issue 26).
    const popup = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Buy Now' }).click()
    const merchantTab = await popup
    await expect(merchantTab).toHaveTitle('Merchant')
    expect(reached).toBe(affiliateUrl)
    expect(referer).toBeUndefined()
    expect(await merchantTab.evaluate(() => window.opener)).toBeNull()
    await expect(page.getByTestId('merchant-link')).toHaveAttribute('rel', 'noopener noreferrer sponsored')
    await expect(page.getByTestId('merchant-link')).toHaveAttribute('target', '_blank')
    await merchantTab.close()
    await expect
      .poll(() => pushed)
      .toContainEqual(
        expect.objectContaining({
          event: 'purchase',
          personId: mum,
          occasionId: birthday,
          ecommerce: expect.objectContaining({
            currency: 'GBP',
            items: [expect.objectContaining({ item_id: String(product!.awProductId), item_name: product!.title })],
          }),
        }),
      )

    await page.goto('/my-account/my-orders')
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
    const card = page.getByTestId('order-card').first()
    await expect(card).toContainText(product!.title)
    await expect(card).toContainText('Mum')
    await expect(card).toContainText('Birthday')
    await expect(page.getByTestId('orders-showing')).toHaveText('Showing 1 of 1 orders')
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 1')
    await expectNoSeriousViolations(page)

    await card.click()
    await expect(page).toHaveURL(/\/my-account\/my-order-details\/\d+$/)
    const detail = page.getByTestId('order-detail')
    await expect(detail.getByRole('heading', { name: product!.title })).toBeVisible()
    await expect(detail.getByRole('link', { name: 'View Product' })).toHaveAttribute(
      'href',
      `/product/${product!.awProductId}`,
    )
    await expect(detail.getByRole('link', { name: 'Mum' })).toHaveAttribute('href', `/my-account/edit-person/${mum}`)
    await expect(detail).toContainText('Birthday')
    await expect(detail).toContainText(/Ordered on \d{1,2} \w+ \d{4} at \d{2}:\d{2}/)
    await expectNoSeriousViolations(page)
    await page.getByRole('link', { name: 'Back to My Orders' }).click()
    await expect(page).toHaveURL(/\/my-account\/my-orders$/)
  })

  test('My Orders pages through orders; another user’s order is not found', async ({ page, browser }) => {
    await newShopper(page, 'orders-pages')
    const mum = await addPerson(page.request, 'Mum')
    const christmas = (await occasion(page.request, 'christmas')).id
    const list = await products(page.request, 'limit=12&category_name=Games')
    for (const product of list) {
      await apiJson(
        await page.request.post('/api/clickthrough', {
          data: { productId: product.id, personId: mum, occasionId: christmas, userId: 1 },
        }),
      )
    }
    await page.goto('/my-account/my-orders')
    await expect(page.getByTestId('order-card')).toHaveCount(10)
    await expect(page.getByTestId('orders-showing')).toHaveText('Showing 10 of 12 orders')
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 2')
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 2 of 2')
    await expect(page.getByTestId('order-card')).toHaveCount(2)
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    // A new page size goes back to page 1.
    await page.getByLabel('Orders per page').selectOption('5')
    await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 3')
    await expect(page.getByTestId('orders-showing')).toHaveText('Showing 5 of 12 orders')

    const href = await page.getByTestId('order-card').first().getAttribute('href')
    const otherContext = await browser.newContext()
    const other = await otherContext.newPage()
    await newShopper(other, 'orders-other')
    await other.goto(href!)
    await expect(
      other.getByText("Order not found. The order may have been deleted or you don't have permission to view it."),
    ).toBeVisible()
    await expect(other.getByText('No orders found.')).toHaveCount(0)
    await expectNoSeriousViolations(other)
    await other.goto('/my-account/my-orders')
    await expect(other.getByText('No orders found.')).toBeVisible()
    await expectNoSeriousViolations(other)
    await otherContext.close()
  })
})

test.describe('staff', () => {
  test('a product disabled by staff leaves the listing at once; shoppers have no disable button', async ({ page }) => {
    test.slow()
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    // The listing's sort order lives in local storage (spec browsing-and-purchase §4).
    await page.evaluate(() => window.localStorage.setItem('sort-order', 'name_asc'))
    const listing = '/category/puppets-and-puppet-theatres'
    await page.goto(listing)
    const card = page.getByTestId('product-card').first()
    const title = (await card.getByTestId('product-title').innerText()).trim()
    const [product] = await products(
      page.request,
      'limit=1&category_name=Puppets%20%26%20Puppet%20Theatres&sort=name_asc',
    )
    expect(product!.title).toBe(title)
    try {
      // Disabling asks first (issue 26): Cancel keeps it, Disable disables it.
      await page.getByRole('button', { name: `Disable product: ${title}` }).click()
      const confirm = page.getByRole('dialog', { name: 'Disable this product?' })
      await expect(confirm).toContainText(title)
      await confirm.getByRole('button', { name: 'Cancel' }).click()
      await expect(confirm).toBeHidden()
      await expect(page.getByTestId('product-title').filter({ hasText: title })).toHaveCount(1)
      await page.getByRole('button', { name: `Disable product: ${title}` }).click()
      await confirm.getByRole('button', { name: 'Disable', exact: true }).click()
      await expect(page.getByTestId('product-title').filter({ hasText: title })).toHaveCount(0)
      await expect(page.getByText('Product disabled')).toBeVisible()
      // Gone for everyone, straight away: a fresh visitor's listing and search lack it too.
      const visitor = await page.context().browser()!.newPage()
      await visitor.addInitScript(() => window.localStorage.setItem('sort-order', 'name_asc'))
      await visitor.goto(listing)
      await expect(visitor.getByTestId('product-card').first()).toBeVisible()
      await expect(visitor.getByTestId('product-title').filter({ hasText: title })).toHaveCount(0)
      await visitor.close()
      // Staff still open its page and can enable it again there.
      await page.goto(`/product/${product!.awProductId}`)
      await expect(page.getByText('Disabled', { exact: true })).toBeVisible()
      // Its description says why it is missing, not "Could not load product description".
      await expect(page.getByTestId('description-disabled')).toContainText('Disabled')
      await expect(page.getByText('Could not load product description')).toHaveCount(0)
      await page.getByRole('button', { name: 'Enable product' }).click()
      await expect(page.getByRole('button', { name: 'Disable product' })).toBeVisible()
      await page.goto(listing)
      await expect(page.getByTestId('product-title').first()).toHaveText(title)
    } finally {
      const current = await page.request.get(`/api/products/${product!.id}`)
      if ((await current.json()).disabled) await page.request.post(`/api/products/${product!.id}/toggle-disabled`)
    }

    const shopper = await page.context().browser()!.newPage()
    await newShopper(shopper, 'staff-none')
    await shopper.goto(listing)
    await expect(shopper.getByTestId('like-button').first()).toBeVisible()
    await expect(shopper.getByTestId('disable-product-button')).toHaveCount(0)
    const refused = await shopper.request.post(`/api/products/${product!.id}/toggle-disabled`)
    expect(refused.status()).toBe(403)
    await shopper.close()
  })
})
