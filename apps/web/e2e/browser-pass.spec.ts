import { expect, test, type Page } from '@playwright/test'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * What a browser pass over every page found wrong (phone 375x812 and desktop 1280x900), kept
 * from coming back.
 */

const PHONE = { width: 375, height: 812 }

/** The page's width beyond the viewport, in CSS pixels (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)
}

test.describe('the person page on a phone', () => {
  test('gift picks for a person with a long name stay in their columns', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'long-name-picks')
    const name = 'Samira Konstantinopoulou-Whitfield'
    const id = await addPerson(page.request, name, { relationship: 'Girlfriend', dob: '1994-07-21' })
    const anniversary = await occasion(page.request, 'anniversary')
    await apiJson(
      await page.request.post(`/api/events/person/${id}`, { data: { occasionId: anniversary.id, date: '2020-06-01' } }),
    )
    await page.goto(`/my-account/person/${id}`)

    const picks = page.getByTestId('gift-pick')
    await expect(picks.first()).toBeVisible()
    // The "Not for {name}" button of every pick keeps to its pick, and no pick runs into the next.
    const boxes = await picks.evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect()
        const buttons = [...el.querySelectorAll('button')].map((b) => b.getBoundingClientRect().right)
        return { left: box.left, right: box.right, widest: Math.max(...buttons) }
      }),
    )
    expect(boxes.length).toBeGreaterThan(1)
    for (const box of boxes) expect(box.widest).toBeLessThanOrEqual(box.right + 0.5)
    expect(boxes[1]!.left).toBeGreaterThanOrEqual(boxes[0]!.right)
    expect(await sidewaysOverflow(page)).toBe(0)
    // The whole name is still the button's name.
    await expect(picks.first().getByRole('button', { name: new RegExp(`^Not for ${name}:`) })).toBeVisible()
  })
})

test.describe('the signed-in home', () => {
  test('an account that already has people is not asked to add the first person', async ({ page }) => {
    await newShopper(page, 'people-before-start')
    await addPerson(page.request, 'Dad', { relationship: 'Father', dob: '1960-03-02' })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
    await expect(page.getByText('1. Add the first person you buy for')).toHaveCount(0)
  })
})

test.describe('dialogs loaded on first use give focus back when closed the first time', () => {
  test("the listing's Filters drawer on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/category/arts-and-crafts')
    const filters = page.getByRole('button', { name: /^Filters/ })
    await filters.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Filters' })).toHaveCount(0)
    await expect(filters).toBeFocused()
  })

  test("the landing page's sign-up dialog", async ({ page }) => {
    await page.goto('/')
    const join = page.getByRole('button', { name: 'Join Now' })
    await join.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Welcome to Presently' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Welcome to Presently' })).toHaveCount(0)
    await expect(join).toBeFocused()
  })
})
