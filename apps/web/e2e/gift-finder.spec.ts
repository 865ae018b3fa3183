import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'

// Issue 40 against the real server and the shipped catalog, signed out: the gift finder's four
// steps with the keyboard alone, its answer's link opened in another browser, a collection page
// and the landing page's links to the collections; axe on each, at 390 and 1280 px.

/** Presses Tab until the focused element's text (or label) is `name`; fails after 40 presses. */
async function tabTo(page: Page, name: string | RegExp) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el) return ''
      const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null
      return (labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim()
    })
    if (typeof name === 'string' ? focused === name : name.test(focused)) return
  }
  throw new Error(`never reached ${String(name)} with Tab`)
}

/** The checked card of the step's radio group. */
const checked = (page: Page) => page.locator('[role="radio"][aria-checked="true"]')

const TODDLER = /\b(baby|toddlers?|infants?|newborn|\d{1,2}\s*(months?|m)\s*\+|[1-3]\s*\+\s*(years?|yrs?)?)\b/i

for (const width of [390, 1280]) {
  test.describe(`the gift finder at ${width} px (issue 40)`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('four steps with the keyboard: colleague, adult, Christmas, under £10, gaming; the link opens the same elsewhere', async ({
      page,
      browser,
    }) => {
      await page.goto('/gift-finder')
      await expect(page.getByRole('heading', { level: 1, name: 'Find a gift in four quick steps' })).toBeVisible()
      await expectNoSeriousViolations(page)

      // 1. Who: the first card holds the group's tab stop; the arrow keys move and choose.
      await tabTo(page, 'Partner')
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight')
      await expect(checked(page)).toHaveText('Colleague')
      await tabTo(page, 'Next')
      await page.keyboard.press('Enter')

      // 2. Age band.
      await expect(page.getByRole('heading', { name: 'How old are they?' })).toBeFocused()
      await tabTo(page, 'Under 3')
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight')
      await expect(checked(page)).toHaveText('Adult')
      await tabTo(page, 'Next')
      await page.keyboard.press('Enter')

      // 3. Occasion: Space chooses the focused card.
      await expect(page.getByRole('heading', { name: 'What is the occasion?' })).toBeFocused()
      await tabTo(page, 'Christmas')
      await page.keyboard.press('Space')
      await expect(checked(page)).toHaveText('Christmas')
      await tabTo(page, 'Next')
      await page.keyboard.press('Enter')

      // 4. Budget and interests: a step without an interest says so instead of moving on.
      await expect(page.getByRole('heading', { name: 'How much would you like to spend?' })).toBeFocused()
      await tabTo(page, 'Under £10')
      await page.keyboard.press('Space')
      await tabTo(page, 'Show gift ideas')
      await page.keyboard.press('Enter')
      await expect(page.getByRole('alert')).toHaveText('Please choose one to three interests.')
      await page.keyboard.press('Shift+Tab')
      await tabTo(page, /^Filter interests/)
      await page.keyboard.type('gaming')
      await tabTo(page, 'Gaming')
      await page.keyboard.press('Space')
      await expect(page.getByRole('checkbox', { name: 'Gaming' })).toBeChecked()
      await tabTo(page, 'Show gift ideas')
      await page.keyboard.press('Enter')

      await expect(page).toHaveURL(
        /\/gift-finder\?who=colleague&age=adult&event=christmas&budget=under-10&interests=gaming$/,
      )
      await expect(page.getByTestId('finder-title')).toHaveText(
        'Christmas gifts for your colleague who loves gaming, under £10',
      )
      const picks = page.getByTestId('finder-pick')
      await expect(picks.first()).toBeVisible()
      expect(await picks.count()).toBeGreaterThanOrEqual(8)
      for (const price of await picks.getByTestId('product-price').allInnerTexts())
        expect(Number(price.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(10)
      for (const reason of await page.getByTestId('finder-pick-reason').allInnerTexts())
        expect(reason.length).toBeGreaterThan(10)
      for (const card of await picks.allInnerTexts()) expect(card).not.toMatch(TODDLER)
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `test-results/gift-finder-results-${width}.png`, fullPage: true })
      // Text content, not innerText: innerText follows the styles (upper-case brands, line breaks),
      // and the other browser's first paint may come before its stylesheet.
      const titles = await picks.locator('[data-testid="product-card"]').allTextContents()

      // The link pasted into another browser (no cookies, no storage) shows the same products.
      const other = await browser.newContext({ viewport: { width, height: 900 } })
      const elsewhere = await other.newPage()
      await elsewhere.goto(page.url())
      await expect(elsewhere.getByTestId('finder-title')).toHaveText(
        'Christmas gifts for your colleague who loves gaming, under £10',
      )
      await expect(elsewhere.getByTestId('finder-pick').first()).toBeVisible()
      expect(
        await elsewhere.getByTestId('finder-pick').locator('[data-testid="product-card"]').allTextContents(),
      ).toEqual(titles)
      await elsewhere.reload()
      await expect(elsewhere.getByTestId('finder-pick')).toHaveCount(titles.length)
      await other.close()
    })

    test('a collection page from the landing page, with reasons and within its budget', async ({ page }) => {
      await page.goto('/')
      const link = page.getByRole('navigation', { name: 'Popular gift ideas' }).getByRole('link', {
        name: 'Secret Santa gifts under £10',
      })
      await expect(link).toBeVisible()
      await expectNoSeriousViolations(page)
      await link.click()
      await expect(page).toHaveURL(/\/collections\/secret-santa-gifts-under-10$/)
      await expect(page.getByTestId('collection-title')).toHaveText('Secret Santa gifts under £10')
      const picks = page.getByTestId('finder-pick')
      await expect(picks.first()).toBeVisible()
      expect(await picks.count()).toBeGreaterThanOrEqual(12)
      for (const price of await picks.getByTestId('product-price').allInnerTexts())
        expect(Number(price.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(10)
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `test-results/collection-${width}.png`, fullPage: false })
    })
  })
}
