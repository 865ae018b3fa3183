import { expect, test } from '@playwright/test'
import { registerConfirmedUser, signIn } from './support/auth-helpers'

/*
 * Screenshots of the Important Events page, its dialogs, the home Upcoming Events panel and the
 * product banner for people to look at (not a test; run with E2E_SCREENSHOTS=1): desktop 1280
 * and phone 375, into test-results/events-shots.
 */

/** A UK date `offset` days from today in `year`, "YYYY-MM-DD" (events recur yearly). */
function ukDate(offset: number, year: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date())
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  const date = new Date(Date.UTC(get('year'), get('month') - 1, get('day') + offset))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${year}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

for (const [name, width] of [
  ['desktop', 1280],
  ['phone', 375],
] as const) {
  test(`events screenshots ${name}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    const { email, password } = await registerConfirmedUser(page.request, `events-shots-${name}`)
    await signIn(page, email, password)
    const relationships = (await (await page.request.get('/api/relationships')).json()) as Array<{
      id: number
      name: string
    }>
    const occasions = (await (await page.request.get('/api/occasions')).json()) as Array<{ id: number; value: string }>
    const occasion = (value: string) => occasions.find((o) => o.value === value)!.id
    const people: Array<[string, string, number, number]> = [
      ['Grandma Rosemary', 'birthday', 0, 1950],
      ['Tom', 'birthday', 2, 1988],
      ['Sarah and James', 'anniversary', 5, 2012],
      ['Uncle Peter', 'retirement', 12, 1960],
      ['Priya', 'graduation', 21, 2003],
      ['Dad', 'birthday', 45, 1958],
    ]
    for (const [person, value, offset, year] of people) {
      const { id } = (await (
        await page.request.post('/api/people', {
          data: { name: person, relationshipId: relationships[0]!.id },
        })
      ).json()) as { id: number }
      const response = await page.request.post(`/api/events/person/${id}`, {
        data: { occasionId: occasion(value), date: ukDate(offset, year) },
      })
      expect(response.ok(), await response.text()).toBe(true)
    }
    const dir = 'test-results/events-shots'

    await page.goto('/my-account/events')
    await expect(page.getByTestId('event-card').first()).toBeVisible()
    await page.screenshot({ path: `${dir}/${name}-events.png`, fullPage: true })
    await page
      .getByRole('button', { name: /, 1 event$/ })
      .first()
      .click()
    await page.screenshot({ path: `${dir}/${name}-events-day.png`, fullPage: true })
    await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Add Event', exact: true }).click()
    await page.screenshot({ path: `${dir}/${name}-add-dialog.png` })
    await page.getByRole('dialog').getByLabel('Date').click()
    await page.screenshot({ path: `${dir}/${name}-add-dialog-date.png` })
    await page.keyboard.press('Escape')
    await page.goto('/my-account/events')
    await page.getByRole('button', { name: 'Copy calendar link' }).click()
    await expect(page.getByRole('textbox', { name: 'Calendar link' })).toBeVisible()
    await page.getByRole('button', { name: /^Delete Tom/ }).click()
    await page.screenshot({ path: `${dir}/${name}-delete-dialog.png` })
    await page.keyboard.press('Escape')
    await page.screenshot({ path: `${dir}/${name}-events-link.png`, fullPage: true })

    await page.goto('/')
    await expect(page.getByTestId('upcoming-events').getByTestId('event-card').first()).toBeVisible()
    await page.screenshot({ path: `${dir}/${name}-home.png`, fullPage: true })

    const { products } = (await (await page.request.get('/api/products?limit=1&category_name=Games')).json()) as {
      products: Array<{ awProductId: number }>
    }
    await page.goto(`/product/${products[0]!.awProductId}`)
    await expect(page.getByTestId('upcoming-events-banner')).toBeVisible()
    await page.screenshot({ path: `${dir}/${name}-product.png` })
  })
}
