import { expect, test, type Page } from '@playwright/test'
import { christmasSeason, inDays, parseIsoDate, ukToday } from '@presently/domain'
import { expectNoSeriousViolations } from './support/axe'
import { registerConfirmedUser } from './support/auth-helpers'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * Issue 26, "the first hour": a new user's path from sign-up to a gift found, against the real
 * server and Chromium. Screenshots of the phone views go to test-results/first-hour-*.png.
 */

const PHONE = { width: 390, height: 844 }
const header = (page: Page) => page.getByRole('banner')

/** "YYYY-MM-DD" of the UK day `offset` days from today, in `year`. */
function ukDayIn(offset: number, year: number): string {
  const today = parseIsoDate(ukToday())
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${year}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/** Age on UK today of someone born on `dob`. */
function ageOf(dob: string): number {
  const today = parseIsoDate(ukToday())
  const born = parseIsoDate(dob)
  const before = today.month < born.month || (today.month === born.month && today.day < born.day)
  return today.year - born.year - (before ? 1 : 0)
}

test.describe('the first hour (issue 26)', () => {
  test('a first visit gets the short start, then gift ideas in view on a phone; "Welcome back" after', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'first-hour-start')
    const start = page.getByTestId('first-start')
    await expect(start).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0)
    await expect(start.getByRole('heading', { name: 'Welcome to Presently' })).toBeVisible()
    await expectNoSeriousViolations(page)

    // Nothing filled: each field says what it needs.
    await start.getByRole('button', { name: 'Save and show gift ideas' }).click()
    await expect(start.getByText('Please enter a name')).toBeVisible()
    await expect(start.getByText('Please select a relationship')).toBeVisible()
    // Issue 43 §4: in November and December the start offers Christmas, and the birthday is optional.
    const season = christmasSeason(ukToday())
    if (season) await expect(start.getByText('2. Then see gift ideas for Christmas')).toBeVisible()
    else await expect(start.getByText('Please enter their birthday')).toBeVisible()

    const dob = ukDayIn(12, 1968)
    const [year, month, day] = dob.split('-') as [string, string, string]
    await start.getByRole('textbox', { name: 'Name' }).fill('Mum')
    await start.getByRole('combobox', { name: 'Relationship' }).fill('Moth')
    await page.getByRole('option', { name: 'Mother', exact: true }).click()
    await start.getByRole('textbox', { name: 'Day' }).fill(day)
    await start.getByRole('textbox', { name: 'Month' }).fill(month)
    await start.getByRole('textbox', { name: 'Year' }).fill(year)
    const all = await apiJson<Array<{ id: number; name: string }>>(await page.request.get('/api/interests'))
    const two = [all[0]!.name, all.find((i) => i.name !== all[0]!.name)!.name]
    const interests = start.getByRole('combobox', { name: 'Two things they love' })
    for (const name of two) {
      await interests.fill(name)
      await page.getByRole('option', { name, exact: true }).first().click()
    }
    await start.screenshot({ path: test.info().outputPath('first-hour-start.png') })
    await start.getByRole('button', { name: 'Save and show gift ideas' }).click()

    // Step two: that person's birthday gift ideas, selected and scrolled into view.
    await expect(page.getByRole('heading', { level: 1, name: 'Gift ideas for Mum' })).toBeVisible()
    await expect(header(page).getByRole('button', { name: /^For:/ })).toHaveAccessibleName('For: Mum')
    await expect(header(page).getByRole('button', { name: /^Because:/ })).toHaveAccessibleName(
      season ? 'Because: Christmas' : 'Because: Birthday',
    )
    const ideas = page.getByTestId('recommendations-block')
    await expect(ideas.getByTestId('recommendation-card').first()).toBeVisible()
    await expect(ideas.getByRole('heading', { name: 'Recommendations' })).toBeInViewport()
    // Below the sticky header (three rows on a phone), not under it.
    const headerBottom = await header(page).evaluate((h) => h.getBoundingClientRect().bottom)
    await expect
      .poll(() =>
        ideas.getByRole('heading', { name: 'Recommendations' }).evaluate((h) => h.getBoundingClientRect().top),
      )
      .toBeGreaterThanOrEqual(headerBottom)
    await page.screenshot({ path: test.info().outputPath('first-hour-ideas-phone.png') })

    // The person exists with two interests and a yearly birthday on the date of birth.
    const people = await apiJson<Array<{ id: number; interestCount: number; events: Array<{ date: string }> }>>(
      await page.request.get('/api/people'),
    )
    expect(people).toHaveLength(1)
    expect(people[0]!.interestCount).toBe(2)
    expect(people[0]!.events.map((e) => e.date).sort()).toEqual(season ? [dob, season.date].sort() : [dob])

    // The next visit says "Welcome back" (stored on the server, not in this tab).
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
    await expect(page.getByTestId('first-start')).toHaveCount(0)

    // The card shows her age and her next date.
    await page.goto('/my-account/my-people')
    const card = page.getByTestId('person-card').filter({ hasText: 'Mum' })
    const next = season && season.daysAway < 12 ? `Christmas ${inDays(season.daysAway)}` : 'Birthday in 12 days'
    await expect(card.getByTestId('person-glance')).toHaveText(`${ageOf(dob)} · ${next}`)
  })

  test('"Skip for now" ends the start too', async ({ page }) => {
    await newShopper(page, 'first-hour-skip')
    await page.getByTestId('first-start').getByRole('button', { name: 'Skip for now' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
  })

  test('Add Person offers the birthday, checked; the events page shows it under "Coming up"', async ({ page }) => {
    await newShopper(page, 'first-hour-dob')
    // A date of birth two months on: never in this month's list.
    const dob = ukDayIn(62, 1958)
    const [year, month, day] = dob.split('-') as [string, string, string]
    await page.goto('/my-account/add-person')
    await page.getByRole('textbox', { name: 'Name' }).fill('Gran')
    await page.getByRole('combobox', { name: 'Relationship' }).fill('Grandm')
    await page.getByRole('option', { name: 'Grandmother', exact: true }).click()
    const offer = page.getByRole('checkbox', { name: 'Add a yearly Birthday event on this date' })
    await expect(offer).toHaveCount(0)
    await page.getByRole('textbox', { name: 'Day' }).fill(day)
    await page.getByRole('textbox', { name: 'Month' }).fill(month)
    await page.getByRole('textbox', { name: 'Year' }).fill(year)
    await expect(offer).toBeChecked()
    await page.getByRole('button', { name: 'Add Person', exact: true }).click()
    await expect(page).toHaveURL(/\/my-account\/person\/\d+$/)
    await expect(page.getByTestId('person-events')).toContainText('Birthday')
    await page.goto('/my-account/my-people')
    const card = page.getByTestId('person-card').filter({ hasText: 'Gran' })
    await expect(card.getByTestId('person-glance')).toHaveText(`${ageOf(dob)} · Birthday in 62 days`)

    await page.goto('/my-account/events')
    const comingUp = page.getByRole('region', { name: 'Coming up' })
    const gran = comingUp.getByTestId('event-card').filter({ hasText: 'Gran' })
    await expect(gran).toContainText('Birthday')
    await expect(gran.getByText('in 62 days')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Show All Events' })).toBeEnabled()
    await expectNoSeriousViolations(page)
  })

  test('a like with For and Because chosen is saved for them, with undo', async ({ page }) => {
    await newShopper(page, 'first-hour-like')
    const leo = await addPerson(page.request, 'Leo', { relationship: 'Son' })
    const birthday = await occasion(page.request, 'birthday')
    const { products } = await apiJson<{ products: Array<{ title: string; awProductId: number }> }>(
      await page.request.get('/api/products?limit=2&category_name=Games'),
    )
    const [first, second] = products as [(typeof products)[0], (typeof products)[0]]

    await page.goto(`/product/${first.awProductId}?person=${leo}&occasion=${birthday.id}`)
    await page.getByRole('button', { name: `Like ${first.title}` }).click()
    const saved = page.getByTestId('like-saved-for')
    await expect(saved).toContainText("Saved for Leo's Birthday")

    await page.goto(`/product/${second.awProductId}?person=${leo}&occasion=${birthday.id}`)
    await page.getByRole('button', { name: `Like ${second.title}` }).click()
    await expect(saved).toContainText("Saved for Leo's Birthday")
    await saved.getByRole('button', { name: 'Undo' }).click()
    await expect(saved).toHaveCount(0)

    await page.goto('/my-account/liked-products')
    const likedCard = (title: string) =>
      page.getByTestId('liked-product-card').filter({ has: page.getByText(title, { exact: true }) })
    await expect(likedCard(first.title).getByRole('button', { name: 'Leo · Birthday', exact: true })).toBeVisible()
    await expect(likedCard(second.title).getByText('For nobody yet')).toBeVisible()
  })

  test('a visitor: Buy Now signs in and returns to the product; View Liked Products says to sign in', async ({
    page,
  }) => {
    const { email, password } = await registerConfirmedUser(page.request, 'first-hour-visitor')
    await page.context().clearCookies()
    const { products } = await apiJson<{ products: Array<{ awProductId: number }> }>(
      await page.request.get('/api/products?limit=1&category_name=Games'),
    )
    const productPath = `/product/${products[0]!.awProductId}`

    await page.goto('/category/games')
    await page.getByRole('link', { name: 'View Liked Products' }).click()
    await expect(page.getByText('Sign in to see the products you like')).toBeVisible()

    await page.goto(productPath)
    await page.getByRole('link', { name: 'Buy Now' }).click()
    await expect(page).toHaveURL(/\/auth\?/)
    await expect(page.getByText('Sign in to buy this gift')).toBeVisible()
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${productPath}$`))
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible()

    // A hostile returnTo never leaves the shop.
    await page.context().clearCookies()
    await page.goto('/auth?returnTo=//evil.example/x')
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  })

  test('on a phone the home events panel fades a cut card and says more are below', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await newShopper(page, 'first-hour-panel')
    await page.request.post('/api/user/welcome')
    const birthday = await occasion(page.request, 'birthday')
    for (let i = 0; i < 6; i++) {
      const person = await addPerson(page.request, `Friend ${i + 1}`, { relationship: 'Friend' })
      await apiJson(
        await page.request.post(`/api/events/person/${person}`, {
          data: { occasionId: birthday.id, date: ukDayIn(2 + i * 3, 1990) },
        }),
      )
    }
    await page.goto('/')
    const panel = page.getByTestId('upcoming-events')
    await expect(panel.getByTestId('event-card')).toHaveCount(6)
    await expect(panel.getByTestId('upcoming-more')).toHaveText(
      '6 events in the next 30 days: scroll the list for more',
    )
    await panel.screenshot({ path: test.info().outputPath('first-hour-panel-phone.png') })
    // Scrolled to the end, nothing is hidden below any more.
    await panel.getByRole('list', { name: 'Upcoming Events' }).evaluate((list) => {
      const scroller = list.parentElement!
      scroller.scrollTop = scroller.scrollHeight
      scroller.dispatchEvent(new Event('scroll'))
    })
    await expect(panel.getByTestId('upcoming-more')).toHaveCount(0)
  })

  test('/dev/outbox shows each mail’s HTML and text', async ({ page }) => {
    const { email } = await registerConfirmedUser(page.request, 'first-hour-outbox')
    await page.goto('/dev/outbox')
    const row = page.locator('details').filter({ hasText: 'Confirm your email address for Presently' }).first()
    await row.locator('summary').click()
    await expect(row.locator('iframe[sandbox]')).toBeVisible()
    const frame = row.frameLocator('iframe[sandbox]')
    await expect(frame.locator('body')).toContainText('Confirm')
    await expect(frame.getByRole('link').first()).toBeVisible()
    await expect(row.locator('pre')).toContainText('confirm-email?token=')
    expect(await page.locator('body').innerText()).toContain(email)
    await page.screenshot({ path: test.info().outputPath('first-hour-outbox.png'), fullPage: false })
  })
})
