import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN } from './support/accounts'
import { signIn } from './support/auth-helpers'
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

  test("the product page's buy error", async ({ page }) => {
    await newShopper(page, 'buy-error-focus')
    const { products } = await apiJson<{ products: Array<{ awProductId: number }> }>(
      await page.request.get('/api/products?limit=1&category_name=Games'),
    )
    await page.goto(`/product/${products[0]!.awProductId}`)
    // Nobody chosen in For and Because: Buy Now answers with the spec's message in a dialog to choose them.
    const buy = page.getByRole('main').getByRole('button', { name: /Buy Now/ })
    // The signed-in part of the page (loaded after the app starts): Buy Now has its handler.
    await expect(page.getByRole('main').getByRole('button', { name: /to a wish list$/ })).toBeVisible()
    await buy.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Who is this gift for?' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Who is this gift for?' })).toHaveCount(0)
    await expect(buy).toBeFocused()
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

test.describe('the Email Manager', () => {
  test("each campaign's status can be read: its word stands out from the badge behind it", async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto('/admin/tools')
    const statuses = page.getByTestId('job-status')
    await expect(statuses).toHaveCount(2)
    await expect(statuses.first()).toHaveText(/^(Active|Inactive)$/)
    // WCAG contrast of the word against the first painted background behind it (white if none).
    const ratios = await statuses.evaluateAll((badges) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number)
      const luminance = ([r, g, b]: number[]) => {
        const c = [r!, g!, b!].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
        return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!
      }
      return badges.map((badge) => {
        let background = [255, 255, 255]
        for (let el: Element | null = badge; el; el = el.parentElement) {
          const bg = rgb(getComputedStyle(el).backgroundColor)
          if (bg.length === 3 || (bg.length === 4 && bg[3]! > 0.5)) {
            background = bg.slice(0, 3)
            break
          }
        }
        const [a, b] = [luminance(rgb(getComputedStyle(badge).color)), luminance(background)]
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
      })
    })
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5)
  })
})

test.describe('the person form on a phone', () => {
  test('what each pair of the Intelligence section is about is shown whole', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'pair-descriptions')
    await page.goto('/my-account/add-person')
    await page.getByRole('button', { name: 'Intelligence' }).first().click()
    const pairs = page.getByRole('group', { name: 'Words or numbers' })
    await expect(pairs).toBeVisible()
    const clipped = await page.locator('[role="group"][aria-describedby]').evaluateAll((groups) =>
      groups
        .map((group) => document.getElementById(group.getAttribute('aria-describedby')!)!)
        .filter((text) => text.scrollHeight > text.clientHeight + 1)
        .map((text) => text.textContent),
    )
    expect(clipped).toEqual([])
  })

  test('saving without a name takes the user to the name, wherever they were in the form', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'empty-person-submit')
    await page.goto('/my-account/add-person')
    // A user who went straight to the interests, far below the name on a phone.
    await page.getByRole('button', { name: 'Interests' }).first().click()
    await page.getByRole('button', { name: 'Add Person', exact: true }).click()
    const name = page.getByRole('textbox', { name: 'Name' })
    await expect(name).toBeFocused()
    await expect(name).toBeInViewport()
    await expect(page.getByText('Name is required')).toBeInViewport()
  })
})
