import { expect, test, type Locator, type Page } from '@playwright/test'
import { addPerson, newShopper, occasion } from './support/shopper'

/*
 * What a first-time user's pass on a phone (390 x 844) and a desktop (1280 x 800) found broken:
 * keyboard focus hidden behind the sticky header, and a hint clipped on the phone.
 */

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** The focused element's top edge and the sticky header's bottom edge, in viewport pixels. */
async function focusAndHeader(page: Page): Promise<{ top: number; headerBottom: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement
    const header = document.querySelector('[data-sticky-header]')
    if (!focused || !header) throw new Error('no focused element or no sticky header')
    return { top: focused.getBoundingClientRect().top, headerBottom: header.getBoundingClientRect().bottom }
  })
}

/**
 * Focuses `from`, scrolls until `target` (the element before it in tab order) sits 10 px below
 * the viewport's top, under the sticky header, then presses Shift+Tab: the browser scrolls
 * `target` only when it counts the header's strip as out of view (scroll-padding-top), as when
 * a card's Like button is reached with Tab from the card link below it.
 */
async function shiftTabUpTo(page: Page, from: Locator, target: Locator): Promise<void> {
  await from.focus()
  const box = await target.boundingBox()
  if (!box) throw new Error('the target has no box')
  await page.evaluate((by) => window.scrollBy(0, by), Math.floor(box.y) - 10)
  await page.keyboard.press('Shift+Tab')
}

test.describe('a first-time user on a phone and a desktop', () => {
  test('an element reached with Shift+Tab from below is scrolled into view below the sticky header, not behind it', async ({
    page,
  }) => {
    await newShopper(page, 'focus-header')
    const dad = await addPerson(page.request, 'Dad', {
      relationship: 'Father',
      dob: '1964-03-14',
      interest: /^Jigsaws$/,
    })
    const christmas = await occasion(page.request, 'christmas')

    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size)
      await page.goto(`/?person=${dad}&occasion=${christmas.id}`)
      const pick = page.getByRole('region', { name: 'Gift ideas for Dad' }).getByTestId('gift-pick').first()
      const addToList = pick.getByRole('button', { name: /^Add .* to a wish list$/ })
      await expect(addToList).toBeVisible()
      // The header on a signed-in phone has three rows (logo, search, For:/Because:).
      await expect(page.getByRole('banner').getByRole('button', { name: 'For: Dad' })).toBeVisible()

      await shiftTabUpTo(page, pick.getByRole('button', { name: /^Buy Now/ }), addToList)
      await expect(addToList).toBeFocused()
      const { top, headerBottom } = await focusAndHeader(page)
      expect(top, `${size.width} px: the focused button's top, below the header's bottom`).toBeGreaterThanOrEqual(
        headerBottom,
      )
    }
  })

  test('the reminder lead-time hint fits beside the two default lead times on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'lead-hint')
    await page.goto('/my-account/profile')
    const section = page.getByRole('region', { name: 'Reminders' })
    const leads = section.getByLabel('Remind me this many days before')
    await expect(leads).toBeVisible()
    // The defaults: 14 and 3 days before.
    await expect(section.getByText('14', { exact: true })).toBeVisible()
    await expect(section.getByText('3', { exact: true })).toBeVisible()
    const { hint, textWidth, room } = await leads.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input)
      const context = document.createElement('canvas').getContext('2d')!
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      return {
        hint: input.placeholder,
        textWidth: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      }
    })
    expect(hint).not.toBe('')
    expect(textWidth, `"${hint}" fits the input`).toBeLessThanOrEqual(room)
  })
})

test.describe('the signed-in home on a return visit', () => {
  test('the events panel does not jump down when "Welcome back" arrives: both come together', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'home-jump')
    await page.goto('/')
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()

    // The next visit, with the answer that says whether it is the first one held back.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/trpc/**', async (route) => {
      if (route.request().url().includes('account.welcome')) await held
      await route.continue()
    })
    await page.reload()
    // The home's stand-in holds the page until the welcome state is known (issue 24: the first
    // screen comes in one piece, docs/decisions/home-layout-stability.md), so no panel is on
    // screen yet for the heading to push down.
    const panel = page.getByTestId('upcoming-events')
    await expect(page.getByTestId('home-skeleton')).toBeVisible()
    await expect(panel).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toHaveCount(0)
    release()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
    await expect(panel).toBeVisible()
    await expect(page.getByTestId('home-skeleton')).toHaveCount(0)
  })
})

test.describe('the signed-in header on a phone', () => {
  test('keeps its height when the For: and Because: pickers arrive', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'header-jump')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/header-pickers-*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/my-account/profile')
    const header = page.getByRole('banner')
    await expect(header.getByRole('search')).toBeVisible()
    await expect(header.getByRole('button', { name: /^For:/ })).toHaveCount(0)
    const before = (await header.boundingBox())!.height
    release()
    await expect(header.getByRole('button', { name: /^For:/ })).toBeVisible()
    expect((await header.boundingBox())!.height).toBeCloseTo(before, 0)
  })
})
