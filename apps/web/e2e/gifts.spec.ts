import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * Gift history, budgets and the occasion plan (issue 22) against the real server and catalog:
 * the newcomer of "Done means" marks an order bought at £25, adds a present by hand, sets a £40
 * Christmas budget and sees the spend on the person page and the plan's totals. Set
 * E2E_GIFT_SHOTS to a directory to keep desktop and phone screenshots of each page.
 */

const SHOTS = process.env.E2E_GIFT_SHOTS

/** The Christmas a day counts for (docs/decisions/gift-history-and-budgets.md): late January still last year's. */
function christmasYear(now = new Date()): number {
  const year = now.getUTCFullYear()
  return now.getUTCMonth() === 0 && now.getUTCDate() <= 25 ? year - 1 : year
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true })
  const size = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true })
  await page.setViewportSize(size)
}

test('mark an order bought, add a present by hand, set a budget, see the plan totals', async ({ page }) => {
  test.setTimeout(180_000)
  await newShopper(page, 'gifts-plan')
  const request = page.request
  const dad = await addPerson(request, 'Dad', { relationship: 'Father' })
  const christmas = await occasion(request, 'christmas')
  await apiJson(
    await request.post(`/api/events/person/${dad}`, { data: { occasionId: christmas.id, date: '2000-12-25' } }),
  )
  const { products } = await apiJson<{ products: { id: number; title: string; price: number }[] }>(
    await request.get('/api/products?limit=1&minPrice=20&maxPrice=60&sort=price_asc'),
  )
  const product = products[0]!
  await apiJson(
    await request.post('/api/clickthrough', {
      data: { productId: product.id, personId: dad, occasionId: christmas.id },
    }),
  )
  const year = christmasYear()

  // My Orders: "Bought" with the price paid (the price at click time by default).
  await page.goto('/my-account/my-orders')
  await page.getByRole('button', { name: `Bought: ${product.title}` }).click()
  const price = page.getByLabel('Price paid (£)')
  // Whole pounds read as typed ("20"), pence with two places ("19.99"): issue 43 §2's money boxes.
  await expect(price).toHaveValue(Number.isInteger(product.price) ? String(product.price) : product.price.toFixed(2))
  await price.fill('25')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('order-outcome').getByText('Bought · £25.00')).toBeVisible()
  await expectNoSeriousViolations(page)
  await shoot(page, 'my-orders')

  // The person page: the budget, then a present by hand.
  await page.goto(`/my-account/person/${dad}`)
  const section = page.getByRole('region', { name: 'Gift history and budget' })
  await expect(section.getByTestId('gift-history').getByText(product.title)).toBeVisible()
  await section.getByLabel('Christmas budget (£)').fill('40')
  await section.getByRole('button', { name: 'Save budgets' }).click()
  await expect(section.getByTestId('budget-status')).toContainText(`£25 of £40 spent for Christmas ${year}`)

  await section.getByRole('button', { name: 'Add a present' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a present' })
  await dialog.getByLabel('What was it?').fill('Wool scarf')
  await dialog.getByLabel('Price paid (£)').fill('8')
  await dialog.getByRole('button', { name: 'Save present' }).click()
  await expect(dialog).toBeHidden()
  await expect(section.getByTestId('gift-row')).toHaveCount(2)
  await expect(section.getByText('Wool scarf')).toBeVisible()
  await expectNoSeriousViolations(page)
  await shoot(page, 'person')

  // The plan, from the events page's link.
  await page.goto('/my-account/events')
  await page.getByRole('link', { name: `Christmas ${year} plan` }).click()
  await expect(page).toHaveURL(new RegExp(`/my-account/plan/Christmas/${year}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Christmas ${year} plan` })).toBeVisible()
  await expect(page).toHaveTitle(`Christmas ${year} plan – Presently`)
  // Typed in lower case, the address still titles the tab with the occasion's label.
  await page.goto(`/my-account/plan/christmas/${year}`)
  await expect(page.getByRole('heading', { level: 1, name: `Christmas ${year} plan` })).toBeVisible()
  await expect(page).toHaveTitle(`Christmas ${year} plan – Presently`)
  const row = page.getByTestId('plan-row').filter({ hasText: 'Dad' })
  await expect(row).toContainText('£40.00')
  await expect(row).toContainText(product.title)
  const totals = page.getByTestId('plan-totals')
  await expect(totals).toContainText('£40.00')
  await expect(totals).toContainText('£25.00')
  await expect(totals).toContainText('0 of 1 still without a present')
  await expectNoSeriousViolations(page)
  await shoot(page, 'plan')

  // Gift ideas for Dad keep to the £15 left.
  await page.goto(`/my-account/person/${dad}`)
  // The first recommendation after the catalog import builds the catalog model: allow for it.
  await expect(page.getByTestId('budget-left')).toContainText('£15.00 left of the budget', { timeout: 60_000 })
})
