import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { newShopper } from './support/shopper'

/**
 * Issue 43 §3: the header's search box suggests as people type (a WAI-ARIA combobox), signed in
 * or not; typing "lego" lists suggestions before Enter is pressed.
 */
async function typeLego(page: Page) {
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search gift ideas' })
  await box.click()
  await box.pressSequentially('lego', { delay: 40 })
  const list = page.getByRole('listbox')
  await expect(list).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!)
  await expect(
    list.getByRole('group', { name: 'Products' }).getByRole('option', { name: /LEGO/ }).first(),
  ).toBeVisible()
  return { box, list }
}

/** Every axe rule, any impact, on the page with the list open. */
async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

test('a visitor who is not signed in gets suggestions for "lego" before Enter, by keyboard', async ({ page }) => {
  await page.goto('/')
  const { box } = await typeLego(page)
  expect(page.url()).not.toMatch(/\/search/)
  await expectAxeClean(page)
  // Arrow down marks the first option (aria-activedescendant), a search completing the word;
  // Enter chooses it.
  await box.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
  const chosen = await page.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`).textContent()
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(chosen!).replace(/%20/g, '(\\+|%20)')}`))
  await expect(page.getByTestId('product-card').first()).toBeVisible()
})

test('a signed-in shopper gets them too, and Escape closes the list', async ({ page }) => {
  await newShopper(page, 'suggest')
  await page.goto('/')
  const { box, list } = await typeLego(page)
  await box.press('Escape')
  await expect(list).toBeHidden()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(box).toHaveValue('lego')
  // Enter with no option chosen searches for the text as typed.
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=lego/)
})

test('a misspelt franchise is corrected from the catalog: "harry poter lego"', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search gift ideas' })
  await box.click()
  await box.pressSequentially('harry poter lego', { delay: 20 })
  const option = page.getByRole('listbox').getByRole('option', { name: 'Did you mean harry potter lego?' })
  await expect(option).toBeVisible()
  await option.click()
  await expect(page).toHaveURL(/\/search\?q=harry\+potter\+lego|\/search\?q=harry%20potter%20lego/)
})
