import { expectNoSeriousViolations } from './support/axe'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { MONTH_NAMES, parseIsoDate, ukToday } from '@presently/domain'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * The Important Events page, the home Upcoming Events panel, the product page's banner and the
 * private calendar link (issue 9), against the real server and Chromium. Each test signs up its
 * own shopper. "Today" is the UK date, as the app reckons it.
 */

/** A UK calendar day `offset` days from today: its parts, as the app names and formats them. */
function ukDay(offset = 0) {
  const today = parseIsoDate(ukToday())
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset))
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + 1
  const day = date.getUTCDate()
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    year,
    month,
    day,
    /** What the calendar's day button is called, before ", 1 event". */
    calendarName: `${day} ${MONTH_NAMES[month - 1]} ${year}`,
    /** Typed in the Add Event date box, in an earlier year (events recur yearly). */
    typed: (inYear: number) => `${pad(day)}/${pad(month)}/${inYear}`,
    iso: (inYear: number) => `${inYear}-${pad(month)}-${pad(day)}`,
  }
}

/** The event card of `name` in `scope` (the `has` part is matched inside each card). */
const eventCard = (scope: Page | Locator, name: string) => {
  const page = 'page' in scope ? scope.page() : scope
  return scope.getByTestId('event-card').filter({ has: page.getByText(name, { exact: true }) })
}
const header = (page: Page) => page.getByRole('banner')

/** Fills and sends the Add Event dialog. */
async function addEventThroughDialog(page: Page, person: string, occasionLabel: string, typedDate: string) {
  await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Important Date' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Person').click()
  await page.getByRole('option', { name: person, exact: true }).click()
  await dialog.getByLabel('Occasion').fill(occasionLabel)
  await page.getByRole('option', { name: occasionLabel, exact: true }).click()
  await dialog.getByLabel('Date').fill(typedDate)
  await dialog.getByLabel('Date').press('Tab')
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).click()
  await expect(dialog).toBeHidden()
}

test.describe('important events', () => {
  test('add through the dialog, see it in the calendar, the day filter and the home panel; Find Gift selects both; delete with confirmation', async ({
    page,
  }) => {
    // Long: the dialog, the calendar, Coming up, Show All, the home panel and delete.
    test.slow()
    await newShopper(page, 'events-page')
    const mum = await addPerson(page.request, 'Mum')
    await addPerson(page.request, 'Grandad')
    const birthday = await occasion(page.request, 'birthday')
    const anniversary = await occasion(page.request, 'anniversary')
    const today = ukDay(0)
    const later = ukDay(40)

    await page.goto('/my-account/events')
    await expect(page).toHaveTitle('Important Events – Presently')
    await expect(page.getByRole('heading', { level: 1, name: 'Important Events' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Events & Important Dates' })).toBeVisible()
    await expect(
      page.getByText('No important dates added yet. Add a birthday, anniversary or other special date.'),
    ).toBeVisible()
    await expectNoSeriousViolations(page)

    // Nothing filled: refused, each field says what it needs.
    await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Important Date' })
    await dialog.getByRole('button', { name: 'Add Event', exact: true }).click()
    await expect(dialog.getByText("Please select who you're buying for")).toBeVisible()
    await expect(dialog.getByText('Please select an occasion')).toBeVisible()
    await expect(dialog.getByText('Event date is required')).toBeVisible()
    await expectNoSeriousViolations(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // Christmas fills in its own day (the next 25 December); another occasion takes it away again.
    const christmas = await occasion(page.request, 'christmas')
    await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
    await dialog.getByLabel('Occasion').fill(christmas.label)
    await page.getByRole('option', { name: christmas.label, exact: true }).click()
    await expect(dialog.getByLabel('Date')).toHaveValue(/^25\/12\/20\d\d$/)
    await dialog.getByLabel('Occasion').fill(birthday.label)
    await page.getByRole('option', { name: birthday.label, exact: true }).click()
    await expect(dialog.getByLabel('Date')).toHaveValue('')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // Mum's birthday is today (born 1990); Grandad's anniversary is 40 days off.
    await addEventThroughDialog(page, 'Mum', birthday.label, today.typed(1990))
    const mumCard = eventCard(page.getByRole('main'), 'Mum')
    await expect(mumCard).toBeVisible()
    await expect(mumCard.getByText('Today', { exact: true })).toBeVisible()
    await expect(mumCard).toHaveAttribute('data-soon', 'true')
    await addEventThroughDialog(page, 'Grandad', anniversary.label, later.typed(1975))
    // Not from today to the end of this month: not in the default list, but under "Coming up"
    // with its distance (issue 26).
    await expect(page.getByText(`From today to the end of ${MONTH_NAMES[today.month - 1]}`)).toBeVisible()
    const monthList = page.getByRole('region', { name: 'Events & Important Dates' })
    const comingUp = page.getByRole('region', { name: 'Coming up' })
    await expect(eventCard(monthList, 'Grandad')).toHaveCount(0)
    await expect(eventCard(monthList, 'Mum')).toHaveCount(1)
    await expect(eventCard(comingUp, 'Grandad').getByText('in 40 days')).toBeVisible()
    await expect(eventCard(comingUp, 'Mum')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Show All Events' })).toBeEnabled()

    // The calendar marks both days; a click filters to that month and day in any year.
    const calendar = page.getByRole('main')
    await calendar.getByRole('button', { name: `${today.calendarName}, 1 event` }).click()
    await expect(eventCard(page, 'Mum')).toBeVisible()
    await expect(eventCard(page, 'Grandad')).toHaveCount(0)
    await expect(comingUp).toHaveCount(0)
    for (let i = 0; i < (later.month - today.month + 12) % 12; i++) {
      await calendar.getByRole('button', { name: 'Next month' }).click()
    }
    await calendar.getByRole('button', { name: `${later.calendarName}, 1 event` }).click()
    await expect(eventCard(page, 'Grandad')).toBeVisible()
    await expect(eventCard(page, 'Mum')).toHaveCount(0)
    await expect(eventCard(page, 'Grandad').getByText(anniversary.label)).toBeVisible()
    // Forty days away: no orange badge.
    await expect(eventCard(page, 'Grandad')).not.toHaveAttribute('data-soon', 'true')
    await expectNoSeriousViolations(page)
    // "Show All Events" clears the filter and lists every event, soonest first (issue 26); with
    // everything listed it has nothing more to show.
    const showAll = page.getByRole('button', { name: 'Show All Events' })
    await showAll.click()
    await expect(page.getByText('All events, soonest first')).toBeVisible()
    await expect(monthList.getByTestId('event-card')).toHaveCount(2)
    await expect(monthList.getByTestId('event-card').first()).toContainText('Mum')
    await expect(eventCard(monthList, 'Grandad').getByText('in 40 days')).toBeVisible()
    await expect(showAll).toBeDisabled()

    // Home: the panel starts expanded, lists the next 30 days only, and collapses.
    await page.goto('/')
    const panel = page.getByTestId('upcoming-events')
    const toggle = panel.getByRole('button', { name: 'Upcoming Events' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(eventCard(panel, 'Mum')).toBeVisible()
    await expect(eventCard(panel, 'Grandad')).toHaveCount(0)
    await expectNoSeriousViolations(page)
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(eventCard(panel, 'Mum')).toBeHidden()
    await toggle.click()
    await expect(eventCard(panel, 'Mum')).toBeVisible()

    // Find Gift: /?person={id}&occasion={id}, and the header pickers show both.
    await panel.getByRole('link', { name: `Find Gift for Mum's ${birthday.label}` }).click()
    await expect
      .poll(() => {
        const url = new URL(page.url())
        return [url.pathname, url.searchParams.get('person'), url.searchParams.get('occasion')]
      })
      .toEqual(['/', String(mum), String(birthday.id)])
    await expect(header(page).getByRole('button', { name: /^For:/ })).toHaveAccessibleName('For: Mum')
    await expect(header(page).getByRole('button', { name: /^Because:/ })).toHaveAccessibleName(
      `Because: ${birthday.label}`,
    )

    // Delete, with confirmation: Cancel keeps it, Delete removes it.
    await page.goto('/my-account/events')
    await eventCard(page, 'Mum')
      .getByRole('button', { name: `Delete Mum's ${birthday.label}` })
      .click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Event Deletion' })
    await expect(confirm).toBeVisible()
    await expectNoSeriousViolations(page)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(eventCard(page, 'Mum')).toBeVisible()
    await eventCard(page, 'Mum')
      .getByRole('button', { name: `Delete Mum's ${birthday.label}` })
      .click()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(confirm).toBeHidden()
    await expect(eventCard(page, 'Mum')).toHaveCount(0)
    await expect(page.getByText('No events found', { exact: true })).toBeVisible()
    const left = await apiJson<Array<{ people: Array<{ name: string }> }>>(await page.request.get('/api/events'))
    expect(left.map((e) => e.people[0]?.name)).toEqual(['Grandad'])
  })

  test('the copied calendar link serves the feed; after Reset link the old one answers 404', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await newShopper(page, 'events-calendar')
    const mum = await addPerson(page.request, 'Mum')
    const birthday = await occasion(page.request, 'birthday')
    await apiJson(
      await page.request.post(`/api/events/person/${mum}`, {
        data: { occasionId: birthday.id, date: ukDay(3).iso(1960) },
      }),
    )

    await page.goto('/my-account/events')
    await expect(eventCard(page, 'Mum').getByText('in 3 days', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Copy calendar link' }).click()
    const shown = page.getByRole('textbox', { name: 'Calendar link' })
    await expect(shown).toHaveValue(/\/api\/calendar\/.+\.ics$/)
    const first = await shown.inputValue()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)

    const feed = await page.request.get(first)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toContain('text/calendar')
    const body = await feed.text()
    expect(body).toContain('BEGIN:VCALENDAR')
    expect(body).toContain(`Mum's ${birthday.label}`)
    await expectNoSeriousViolations(page)

    await page.getByRole('button', { name: 'Reset link' }).click()
    await expect(shown).not.toHaveValue(first)
    const second = await shown.inputValue()
    expect((await page.request.get(first)).status()).toBe(404)
    expect((await page.request.get(second)).status()).toBe(200)

    // The link is shown only when made: after a reload, only Reset link is offered.
    await page.reload()
    await expect(page.getByText(/Your calendar link is on\./)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reset link' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copy calendar link' })).toHaveCount(0)
  })

  test('the product page banner lists upcoming events and Choose selects the person and occasion', async ({ page }) => {
    await newShopper(page, 'events-banner')
    const mum = await addPerson(page.request, 'Mum')
    const birthday = await occasion(page.request, 'birthday')
    await apiJson(
      await page.request.post(`/api/events/person/${mum}`, {
        data: { occasionId: birthday.id, date: ukDay(1).iso(1955) },
      }),
    )
    const { products } = await apiJson<{ products: Array<{ awProductId: number }> }>(
      await page.request.get('/api/products?limit=1&category_name=Games'),
    )
    await page.goto(`/product/${products[0]!.awProductId}`)
    const banner = page.getByTestId('upcoming-events-banner')
    await expect(banner.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible()
    await expect(banner.getByText(`Mum · ${birthday.label}`)).toBeVisible()
    await expect(banner.getByText('Tomorrow', { exact: true })).toBeVisible()
    await expectNoSeriousViolations(page)
    const choose = banner.getByRole('button', { name: `Choose Mum's ${birthday.label}` })
    await expect(choose).toHaveAttribute('aria-pressed', 'false')
    await choose.click()
    await expect
      .poll(() => [new URL(page.url()).searchParams.get('person'), new URL(page.url()).searchParams.get('occasion')])
      .toEqual([String(mum), String(birthday.id)])
    await expect(header(page).getByRole('button', { name: /^For:/ })).toHaveAccessibleName('For: Mum')
    await expect(banner.getByRole('button', { name: `Chosen Mum's ${birthday.label}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})
