import { expect, test, type Page } from '@playwright/test'
import { nextOccurrence, ukToday } from '@presently/domain'
import { addPerson, apiJson, newShopper } from './support/shopper'

/*
 * Gift reminders (issue 21) against the real server and Chromium: the account's Reminders
 * settings, an event with its own lead times (added, then edited to "No reminders"), and a
 * Mothering Sunday event on the calendar on the right day of 2027.
 */

interface ApiEvent {
  id: number
  rule: string
  reminderLeadDays: number[] | null
  nextOccurrence: string
  people: { name: string }[]
}

/** Moves the events calendar from this month (UK) to `year`-`month`. */
async function calendarTo(page: Page, year: number, month: number) {
  const today = ukToday()
  const steps = (year - Number(today.slice(0, 4))) * 12 + (month - Number(today.slice(5, 7)))
  for (let i = 0; i < steps; i++) await page.getByRole('main').getByRole('button', { name: 'Next month' }).click()
}

async function openAddEvent(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Important Date' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function pick(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, option: string) {
  await dialog.getByLabel(label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('gift reminders', () => {
  test('reminder settings are saved and shown again', async ({ page }) => {
    await newShopper(page, 'reminder-settings')
    await page.goto('/my-account/profile')
    const section = page.getByRole('region', { name: 'Reminders' })
    await expect(section).toBeVisible()
    await expect(section.getByRole('switch', { name: 'Email me gift reminders' })).toBeChecked()
    const leads = section.getByLabel('Remind me this many days before')
    // The defaults: 14 and 3 days before.
    await expect(section.getByText('14', { exact: true })).toBeVisible()
    await expect(section.getByText('3', { exact: true })).toBeVisible()
    // Drop the 3-day reminder, add a 21-day one.
    await leads.click()
    await leads.press('Backspace')
    await leads.fill('21')
    await leads.press('Enter')
    await section.getByRole('button', { name: 'Save reminders' }).click()
    await expect(section.getByText('Reminder settings saved.')).toBeVisible()
    await page.screenshot({ path: 'test-results/reminders-settings.png', fullPage: true })

    await page.reload()
    const again = page.getByRole('region', { name: 'Reminders' })
    await expect(again.getByText('21', { exact: true })).toBeVisible()
    await expect(again.getByText('14', { exact: true })).toBeVisible()
    await expect(again.getByText('3', { exact: true })).toHaveCount(0)
    expect(await apiJson(await page.request.get('/api/my-account/reminder-settings'))).toEqual({
      enabled: true,
      leadDays: [21, 14],
    })

    // Turned off: saved and shown off.
    await again.getByRole('switch', { name: 'Email me gift reminders' }).uncheck({ force: true })
    await again.getByRole('button', { name: 'Save reminders' }).click()
    await expect(again.getByText('Reminder settings saved.')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Email me gift reminders' })).not.toBeChecked()
  })

  test('an event with its own lead times, then edited to No reminders', async ({ page }) => {
    await newShopper(page, 'event-reminders')
    await addPerson(page.request, 'Nell')
    await page.goto('/my-account/events')
    const dialog = await openAddEvent(page)
    await pick(page, dialog, 'Person', 'Nell')
    await dialog.getByLabel('Occasion').fill('Birthday')
    await page.getByRole('option', { name: 'Birthday', exact: true }).click()
    await dialog.getByLabel('Date').fill('10/01/1950')
    await dialog.getByLabel('Date').press('Tab')
    await expect(dialog.getByRole('radio', { name: 'Use my reminder settings' })).toBeChecked()
    await dialog.getByRole('radio', { name: 'Choose lead times for this event' }).check()
    const leads = dialog.getByLabel('Remind me this many days before')
    await leads.fill('10')
    await leads.press('Enter')
    await leads.fill('2')
    await leads.press('Enter')
    await page.screenshot({ path: 'test-results/reminders-event-dialog.png' })
    await dialog.getByRole('button', { name: 'Add Event', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect
      .poll(async () => (await apiJson<ApiEvent[]>(await page.request.get('/api/events')))[0]?.reminderLeadDays)
      .toEqual([10, 2])

    // Edit: the dialog shows the event's own lead times; "No reminders" saves [].
    await calendarTo(page, 2027, 1)
    await page
      .getByRole('main')
      .getByRole('button', { name: /^10 January 2027, 1 event/ })
      .click()
    await page.getByRole('button', { name: "Edit Nell's Birthday" }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Important Date' })
    await expect(edit.getByRole('radio', { name: 'Choose lead times for this event' })).toBeChecked()
    await expect(edit.getByText('10', { exact: true })).toBeVisible()
    await edit.getByRole('radio', { name: 'No reminders' }).check()
    await edit.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(edit).toBeHidden()
    await expect
      .poll(async () => (await apiJson<ApiEvent[]>(await page.request.get('/api/events')))[0]?.reminderLeadDays)
      .toEqual([])
  })

  test('a Mothering Sunday event is on the calendar on 7 March 2027', async ({ page }) => {
    await newShopper(page, 'mothering-sunday')
    await addPerson(page.request, 'Mam')
    await page.goto('/my-account/events')
    const dialog = await openAddEvent(page)
    await pick(page, dialog, 'Person', 'Mam')
    await dialog.getByLabel('Occasion').fill("Mother's Day")
    await page.getByRole('option', { name: "Mother's Day", exact: true }).click()
    await expect(dialog.getByRole('radio', { name: 'every year on Mothering Sunday' })).toBeChecked()
    await dialog.getByRole('button', { name: 'Add Event', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect
      .poll(async () => (await apiJson<ApiEvent[]>(await page.request.get('/api/events')))[0])
      .toMatchObject({ rule: 'mothering-sunday' })
    const [event] = await apiJson<ApiEvent[]>(await page.request.get('/api/events'))
    expect(event!.nextOccurrence).toBe(nextOccurrence(ukToday(), ukToday(), 'mothering-sunday'))

    const main = page.getByRole('main')
    await calendarTo(page, 2027, 3)
    const day = main.getByRole('button', { name: /^7 March 2027, 1 event/ })
    await expect(day).toBeVisible()
    await day.click()
    await expect(page.getByTestId('event-card').filter({ hasText: 'Mam' })).toContainText('7th March')
    await page.screenshot({ path: 'test-results/reminders-mothering-sunday.png', fullPage: true })
    // 15 March, the stored day of 2026's Mothering Sunday, has nothing in 2027.
    await expect(main.getByRole('button', { name: /^15 March 2027, 1 event/ })).toHaveCount(0)
  })
})
