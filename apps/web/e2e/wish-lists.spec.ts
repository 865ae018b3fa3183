import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { registerConfirmedUser } from './support/auth-helpers'
import { addPerson, apiJson, newShopper } from './support/shopper'

/*
 * Wish lists (issue 23), its "Done means": a newcomer makes a Christmas list with three catalog
 * products and one item from elsewhere and shares the link; a second account, in a second browser
 * context, opens it, claims two items and links the list to its person "Sam"; the owner's list
 * looks exactly as before; Sam's page shows the two planned gifts.
 */

/** Picks `option` of the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Screenshots of the page at desktop and phone widths, kept with the test's results for people to look at. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`), fullPage: true })
  if (size) await page.setViewportSize(size)
}

test('a shared Christmas list: claims by a second account stay hidden from the owner', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(420_000)
  await newShopper(page, 'lists-owner')

  // A new list, for Christmas.
  await page.goto('/my-account/lists')
  await expect(page.getByRole('heading', { level: 1, name: 'Wish Lists' })).toBeVisible()
  await expect(page.getByText('You have no wish lists yet.')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('textbox', { name: 'List name' }).fill('Christmas')
  await choose(page, 'Occasion', 'Christmas')
  await page.getByRole('button', { name: 'Create list' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Christmas' })).toBeVisible()
  const listId = Number(/\/my-account\/lists\/(\d+)$/.exec(page.url())![1])

  // Three catalog products from a listing, with "Add to a wish list" beside the heart.
  await page.goto('/category/hobbies')
  const titles: string[] = []
  for (let i = 0; i < 3; i++) {
    const card = page.getByTestId('product-card').nth(i)
    const title = (await card.getByTestId('product-title').innerText()).trim()
    titles.push(title)
    await page.getByRole('button', { name: `Add ${title} to a wish list`, exact: true }).click()
    await page.getByRole('menuitem', { name: 'Christmas', exact: true }).click()
    await expect(page.getByText('Added to Christmas').last()).toBeVisible()
    // Still on the listing: the menu sits beside the card's link.
    await expect(page).toHaveURL(/\/category\/hobbies$/)
  }

  // One item from elsewhere, then share.
  await page.goto(`/my-account/lists/${listId}`)
  await page.getByRole('textbox', { name: 'What is it?' }).fill('Red wool scarf')
  // A link on the e2e fixture shop (issue 38: the link is read, never anything on the internet).
  await page.getByRole('textbox', { name: 'Link' }).fill(`${process.env.PRESENTLY_E2E_FIXTURE_SHOP}/products/mug`)
  await page.getByRole('textbox', { name: 'Price (£)' }).fill('19.50')
  await page.getByRole('button', { name: 'Add item' }).click()
  await expect(page.getByRole('article', { name: 'Red wool scarf' })).toBeVisible()
  for (const title of titles) await expect(page.getByRole('article', { name: title })).toBeVisible()
  await page.getByRole('button', { name: 'Share this list' }).click()
  const linkBox = page.getByRole('textbox', { name: 'Link to share' })
  await expect(linkBox).toHaveValue(/\/lists\/shared\/[A-Za-z0-9_-]{22}$/)
  const link = await linkBox.inputValue()
  await expectNoSeriousViolations(page)
  await shots(page, testInfo, 'owner-list')
  const ownerBefore = await apiJson<unknown>(await page.request.get(`/api/lists/${listId}`))
  const ownerTextBefore = await page.getByRole('heading', { name: 'Items' }).locator('..').innerText()

  // A second account opens the link in its own browser context.
  const claimerContext = await browser.newContext()
  const claimer = await claimerContext.newPage()
  await newShopper(claimer, 'lists-claimer')
  const samId = await addPerson(claimer.request, 'Sam')
  await claimer.goto(link)
  await expect(claimer.getByRole('heading', { level: 1, name: 'Christmas' })).toBeVisible()
  const shared = await claimer.request.get(link.replace('/lists/shared/', '/api/shared-lists/'))
  expect(shared.headers()['referrer-policy']).toBe('no-referrer')
  expect(shared.headers()['x-robots-tag']).toContain('noindex')
  // The server's preview tags (issue 40) and the page's own head both say noindex: every one must.
  const robots = claimer.locator('meta[name="robots"]')
  await expect(robots.first()).toHaveAttribute('content', /noindex/)
  for (const content of await robots.evaluateAll((tags) => tags.map((t) => t.getAttribute('content'))))
    expect(content).toMatch(/noindex/)
  for (const title of [titles[0]!, 'Red wool scarf']) {
    const item = claimer.getByRole('article', { name: title })
    await item.getByRole('button', { name: `I'll get this: ${title}` }).click()
    await expect(item.getByText('Claimed by You')).toBeVisible()
    await expect(item.getByRole('button', { name: `Unclaim ${title}` })).toBeVisible()
  }
  await choose(claimer, 'This list belongs to', 'Sam')
  await expect(claimer.getByText('This list belongs to Sam')).toBeVisible()
  await expectNoSeriousViolations(claimer)
  await shots(claimer, testInfo, 'shared-visitor')

  // The owner's list is exactly as before, on the page and from the API, and on their own link.
  await page.reload()
  await expect(page.getByRole('article', { name: 'Red wool scarf' })).toBeVisible()
  expect(await page.getByRole('heading', { name: 'Items' }).locator('..').innerText()).toBe(ownerTextBefore)
  expect(await apiJson<unknown>(await page.request.get(`/api/lists/${listId}`))).toEqual(ownerBefore)
  await page.goto(link)
  await expect(page.getByText('Claims are hidden from you')).toBeVisible()
  await expect(page.getByText(/Claimed/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: /I'll get this/ })).toHaveCount(0)

  // Sam's page shows the two planned gifts; the claims page lists them.
  await claimer.goto(`/my-account/person/${samId}`)
  const planned = claimer.getByRole('region', { name: 'Planned gifts' })
  await expect(planned.getByText(titles[0]!, { exact: true })).toBeVisible()
  await expect(planned.getByText('Red wool scarf', { exact: true })).toBeVisible()
  await claimer.goto('/my-account/claims')
  await expect(claimer.getByRole('article', { name: titles[0]! }).getByText('For Sam')).toBeVisible()
  await expectNoSeriousViolations(claimer)
  await shots(claimer, testInfo, 'claims')

  // A visitor who is not signed in reads the list but sees no claims.
  const anonymousContext = await browser.newContext()
  const anonymous = await anonymousContext.newPage()
  await anonymous.goto(link)
  await expect(anonymous.getByRole('heading', { level: 1, name: 'Christmas' })).toBeVisible()
  await expect(anonymous.getByRole('button', { name: `Sign in to claim ${titles[0]}` })).toBeVisible()
  await expect(anonymous.getByText(/Claimed by/)).toHaveCount(0)
  await expectNoSeriousViolations(anonymous)
  await shots(anonymous, testInfo, 'shared-anonymous')

  // The owner removes a claimed item: the claimer is told, not left guessing.
  await page.goto(`/my-account/lists/${listId}`)
  await page.getByRole('button', { name: 'Remove Red wool scarf' }).click()
  await expect(page.getByRole('article', { name: 'Red wool scarf' })).toHaveCount(0)
  await claimer.reload()
  await expect(
    claimer.getByRole('article', { name: 'Red wool scarf' }).getByText("Removed by the list's owner"),
  ).toBeVisible()

  // Stop sharing: the link no longer works.
  await page.getByRole('button', { name: 'Stop sharing' }).click()
  await expect(page.getByRole('button', { name: 'Share this list' })).toBeVisible()
  await anonymous.reload()
  await expect(anonymous.getByText('This wish list link does not work any more')).toBeVisible()
  await claimerContext.close()
  await anonymousContext.close()
})

test('a signed-out visitor signs in from the shared list and stays on it to claim', async ({ page, browser }) => {
  await newShopper(page, 'lists-owner-2')
  const list = await apiJson<{ id: number }>(await page.request.post('/api/lists', { data: { name: 'Birthday' } }))
  await apiJson(await page.request.post(`/api/lists/${list.id}/items`, { data: { title: 'Book token', price: 20 } }))
  const { url } = await apiJson<{ url: string }>(await page.request.post(`/api/lists/${list.id}/share`, { data: {} }))
  const path = new URL(url).pathname

  const context = await browser.newContext()
  const visitor = await context.newPage()
  const account = await registerConfirmedUser(visitor.request, 'lists-visitor')
  await visitor.context().clearCookies()
  await visitor.goto(path)
  await visitor.getByRole('button', { name: 'Sign in to claim Book token' }).click()
  const dialog = visitor.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email' }).fill(account.email)
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(visitor).toHaveURL(new RegExp(`${path}$`))
  await visitor.getByRole('button', { name: "I'll get this: Book token" }).click()
  await expect(visitor.getByText('Claimed by You')).toBeVisible()
  await context.close()
})
