import { expect, test, type Locator } from '@playwright/test'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * Issue 43 §2: money and dates mean what was typed. Every box is typed into key by key, as a
 * person does, and what the server holds afterwards is read back through the API.
 */

/** Clears a box and types `text` key by key, then leaves it (Tab). */
async function type(box: Locator, text: string) {
  await box.fill('')
  await box.pressSequentially(text)
  await box.press('Tab')
}

interface Budgets {
  default: number | null
  byOccasion: { occasionId: number; amount: number }[]
}

test('budgets are whole pounds: 40.50, -10 and 1000000 are refused with the field and the range', async ({ page }) => {
  await newShopper(page, 'money-budget')
  const mum = await addPerson(page.request, 'Mum')
  await page.goto(`/my-account/person/${mum}`)
  const section = page.getByRole('region', { name: 'Gift history and budget' })
  const box = section.getByRole('textbox', { name: 'Default budget (£)' })
  const save = section.getByRole('button', { name: 'Save budgets' })
  const stored = async () => apiJson<Budgets>(await page.request.get(`/api/people/${mum}/budgets`))

  await type(box, '40.50')
  await expect(box).toHaveValue('40.50')
  await expect(section.getByText('Default budget is in whole pounds: type 40 or 41')).toBeVisible()
  await save.click()
  expect((await stored()).default).toBeNull()

  for (const typed of ['-10', '1000000']) {
    await type(box, typed)
    await expect(box).toHaveValue(typed)
    await expect(section.getByText('Default budget must be a whole number of pounds from £0 to £100,000')).toBeVisible()
    await save.click()
    expect((await stored()).default).toBeNull()
  }

  await type(box, '40')
  await expect(section.getByText(/Default budget (is in|must be)/)).toHaveCount(0)
  await save.click()
  await expect.poll(async () => (await stored()).default).toBe(40)
})

test('the event dialog keeps 31/04/2027 and says it does not exist; 25.99 is not 2599; lead time 90 is refused as typed', async ({
  page,
}) => {
  await newShopper(page, 'money-event')
  await addPerson(page.request, 'Mum')
  const birthday = await occasion(page.request, 'birthday')
  await page.goto('/my-account/events')
  await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Important Date' })
  await dialog.getByLabel('Person').click()
  await page.getByRole('option', { name: 'Mum', exact: true }).click()
  await dialog.getByLabel('Occasion').fill(birthday.label)
  await page.getByRole('option', { name: birthday.label, exact: true }).click()

  const date = dialog.getByRole('textbox', { name: 'Date' })
  await type(date, '31/04/2027')
  await expect(date).toHaveValue('31/04/2027')
  await expect(dialog.getByText('31/04/2027 does not exist: April 2027 has 30 days')).toBeVisible()

  const budget = dialog.getByRole('textbox', { name: 'Gift budget (£)' })
  await type(budget, '25.99')
  await expect(budget).toHaveValue('25.99')
  await expect(dialog.getByText('Gift budget is in whole pounds: type 25 or 26')).toBeVisible()

  await dialog.getByRole('radio', { name: 'Choose lead times for this event' }).check()
  const lead = dialog.getByLabel('Remind me this many days before')
  await lead.pressSequentially('90')
  await lead.press('Enter')
  await expect(dialog.getByText('90 is not a lead time: whole days from 1 to 60')).toBeVisible()
  await expect(lead).toHaveValue('90')
  // No chip was made of it.
  await expect(dialog.locator('.mantine-Pill-root', { hasText: '90' })).toHaveCount(0)
  await lead.fill('')
  await lead.pressSequentially('7')
  await lead.press('Enter')
  await expect(dialog.locator('.mantine-Pill-root', { hasText: '7' })).toHaveCount(1)
  await expect(dialog.getByText('90 is not a lead time: whole days from 1 to 60')).toHaveCount(0)

  // Add Event with both problems: nothing is saved and the date's reason stays (not "required").
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('31/04/2027 does not exist: April 2027 has 30 days')).toBeVisible()
  await expect(dialog.getByText('Event date is required')).toHaveCount(0)
  expect(await apiJson<unknown[]>(await page.request.get('/api/events'))).toEqual([])

  await type(date, '30/04/2027')
  await type(budget, '26')
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).click()
  await expect(dialog).toBeHidden()
  const events = await apiJson<{ date: string; reminderLeadDays?: number[] | null }[]>(
    await page.request.get('/api/events'),
  )
  expect(events.map((e) => e.date.slice(5, 10))).toEqual(['04-30'])
})

test('a present at -5 and a list item at -15 or £1,000,000 are refused; 25.99 is £25.99', async ({ page }) => {
  await newShopper(page, 'money-present')
  const dad = await addPerson(page.request, 'Dad', { relationship: 'Father' })
  await page.goto(`/my-account/person/${dad}`)
  const section = page.getByRole('region', { name: 'Gift history and budget' })
  await section.getByRole('button', { name: 'Add a present' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a present' })
  await dialog.getByLabel('What was it?').fill('Jigsaw')
  const price = dialog.getByRole('textbox', { name: 'Price paid (£)' })
  await type(price, '-5')
  await expect(price).toHaveValue('-5')
  const range = 'Price paid must be an amount in pounds from £0 to £100,000, with at most two decimals'
  await expect(dialog.getByText(range)).toBeVisible()
  // Tab went on to "Given on", whose calendar opens: a click on the title closes it.
  await dialog.getByLabel('What was it?').click()
  await dialog.getByRole('button', { name: 'Save present' }).click()
  await expect(dialog).toBeVisible()
  await type(price, '25.99')
  await expect(dialog.getByText(range)).toHaveCount(0)
  await dialog.getByLabel('What was it?').click()
  await dialog.getByRole('button', { name: 'Save present' }).click()
  await expect(dialog).toBeHidden()
  const gifts = await apiJson<{ title: string; pricePaid: number }[]>(
    await page.request.get(`/api/people/${dad}/gifts`),
  )
  expect(gifts.map((g) => [g.title, g.pricePaid])).toEqual([['Jigsaw', 25.99]])

  const list = await apiJson<{ id: number }>(await page.request.post('/api/lists', { data: { name: 'Birthday' } }))
  await page.goto(`/my-account/lists/${list.id}`)
  await page.getByRole('textbox', { name: 'What is it?' }).fill('Scarf')
  const itemPrice = page.getByRole('textbox', { name: 'Price (£)' })
  for (const typed of ['-15', '1000000']) {
    await type(itemPrice, typed)
    await expect(itemPrice).toHaveValue(typed)
    await expect(
      page.getByText('Price must be an amount in pounds from £0 to £100,000, with at most two decimals'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Add item' }).click()
    await expect(page.getByRole('article', { name: 'Scarf' })).toHaveCount(0)
  }
  await type(itemPrice, '19.50')
  await page.getByRole('button', { name: 'Add item' }).click()
  await expect(page.getByRole('article', { name: 'Scarf' })).toContainText('£19.50')
})
