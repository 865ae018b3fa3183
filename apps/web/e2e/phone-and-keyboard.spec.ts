import { expect, test } from '@playwright/test'
import { newShopper } from './support/shopper'

/*
 * What a first-time user's pass on a phone (390 x 844) and a desktop (1280 x 800) found broken:
 * a hint clipped on the phone.
 */

const PHONE = { width: 390, height: 844 }

test.describe('a first-time user on a phone and a desktop', () => {
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
