import { expect, test } from '@playwright/test'
import { CONFIRM_SUBJECT } from './support/auth-helpers'
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * Issue 43 §4 and §5: flows that end where the user wanted, and the names others see.
 */

// Several accounts and pages per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 })

test('Buy Now with nobody chosen asks who it is for in the dialog and goes on to the merchant', async ({ page }) => {
  await newShopper(page, 'flows-buy')
  const mum = await addPerson(page.request, 'Mum')
  const birthday = await occasion(page.request, 'birthday')
  const { products } = await apiJson<{ products: { id: number; awProductId: number }[] }>(
    await page.request.get('/api/products?limit=1&category_name=Games'),
  )
  const product = products[0]!
  const { affiliateUrl } = await apiJson<{ affiliateUrl: string }>(
    await page.request.get(`/api/redirect/${product.id}`),
  )
  await page
    .context()
    .route(`${new URL(affiliateUrl).origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Merchant</title><h1>Merchant</h1>' }),
    )

  await page.goto(`/product/${product.awProductId}`)
  await expect(page.getByRole('main').getByRole('button', { name: /to a wish list$/ })).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Who is this gift for?' })
  // The spec's message, and the choice beside it.
  await expect(dialog.getByRole('alert')).toHaveText('Please select both a person and an occasion')
  await dialog.getByRole('combobox', { name: 'For', exact: true }).click()
  await page.getByRole('option', { name: 'Mum', exact: true }).click()
  await dialog.getByRole('button', { name: 'Buy Now' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please select an occasion')
  await dialog.getByRole('combobox', { name: 'Because', exact: true }).fill(birthday.label)
  await page.getByRole('option', { name: birthday.label, exact: true }).click()
  const popup = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Buy Now' }).click()
  await expect(await popup).toHaveTitle('Merchant')
  await expect(dialog).toHaveCount(0)
  // The header now shows the choice, as if it had been made there.
  await expect.poll(() => new URL(page.url()).searchParams.get('person')).toBe(String(mum))
  await expect.poll(() => new URL(page.url()).searchParams.get('occasion')).toBe(String(birthday.id))
  const orders = await apiJson<{
    total: number
    orders: { clickthrough: { person: { id: number }; occasion: { label: string } } }[]
  }>(await page.request.get('/api/my-orders'))
  expect(orders.total).toBe(1)
  expect(orders.orders[0]!.clickthrough).toMatchObject({ person: { id: mum }, occasion: { label: birthday.label } })
})

test("registering from a shared list's Sign in to claim comes back to the list; names, never emails", async ({
  page,
  browser,
}) => {
  await newShopper(page, 'flows-owner')
  await apiJson(await page.request.post('/api/user/display-name', { data: { displayName: 'Alex' } }))
  const list = await apiJson<{ id: number }>(await page.request.post('/api/lists', { data: { name: 'Birthday' } }))
  await apiJson(await page.request.post(`/api/lists/${list.id}/items`, { data: { title: 'Book token', price: 20 } }))
  const { url } = await apiJson<{ url: string }>(await page.request.post(`/api/lists/${list.id}/share`, { data: {} }))
  const path = new URL(url).pathname

  const context = await browser.newContext()
  const visitor = await context.newPage()
  await visitor.goto(path)
  await expect(visitor.getByText('Alex’s wish list')).toBeVisible()
  await expect(visitor.getByText(/flows-owner/)).toHaveCount(0)
  await visitor.getByRole('button', { name: 'Sign in to claim Book token' }).click()
  const dialog = visitor.getByRole('dialog')
  await dialog.getByRole('tab', { name: 'Register' }).click()
  const email = uniqueEmail('flows-bea')
  await dialog.getByRole('textbox', { name: 'Your name' }).fill('Bea')
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Secret-pass1')
  await dialog.getByRole('button', { name: 'Create Account' }).click()
  await expect(dialog.getByRole('heading', { name: 'Check your email' })).toBeVisible()

  // The mail's link carries the list; confirming, then signing in, lands back on it.
  const mail = await waitForMail(email, CONFIRM_SUBJECT)
  const confirm = linkTo(mail, '/confirm-email')
  expect(new URL(confirm, 'http://x').searchParams.get('returnTo')).toBe(path)
  await visitor.goto(confirm)
  await expect(visitor.getByText('Email Confirmed!')).toBeVisible()
  await visitor.getByRole('link', { name: 'Go to Login' }).click()
  await visitor.getByRole('textbox', { name: 'Email' }).fill(email)
  await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill('Secret-pass1')
  await visitor.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(visitor).toHaveURL(new RegExp(`${path}$`))
  await visitor.getByRole('button', { name: "I'll get this: Book token" }).click()
  await expect(visitor.getByText('Claimed by You')).toBeVisible()

  // A third person sees Bea's chosen name on the claim, not her address.
  const third = await browser.newContext()
  const other = await third.newPage()
  await newShopper(other, 'flows-third')
  await other.goto(path)
  await expect(other.getByText('Claimed by Bea')).toBeVisible()
  await expect(other.getByText(/flows-bea/)).toHaveCount(0)
  await context.close()
  await third.close()
})

test('Account Settings edits the name others see; an email address is refused', async ({ page }) => {
  await newShopper(page, 'flows-name')
  await page.goto('/my-account/profile')
  const box = page.getByRole('textbox', { name: 'Your name' })
  await box.fill('me@example.com')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByText('Your name is shown to others: please use a name, not an email address')).toBeVisible()
  await box.fill('Sam Taylor')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByText('Your name is saved')).toBeVisible()
  const session = await apiJson<{ data: { user: { displayName: string } } }>(
    await page.request.get('/api/auth/session'),
  )
  expect(session.data.user.displayName).toBe('Sam Taylor')
})

test("Add Person lands on the new person's page, where a date is added", async ({ page }) => {
  await newShopper(page, 'flows-add-person')
  const anniversary = await occasion(page.request, 'anniversary')
  await page.goto('/my-account/add-person')
  await page.getByRole('textbox', { name: 'Name' }).fill('Sam')
  await page.getByRole('combobox', { name: 'Relationship' }).fill('Husb')
  await page.getByRole('option', { name: 'Husband', exact: true }).click()
  await page.getByRole('button', { name: 'Add Person', exact: true }).click()
  await expect(page).toHaveURL(/\/my-account\/person\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sam' })).toBeVisible()

  await page.getByRole('button', { name: 'Add a date' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Important Date' })
  // The person is already chosen.
  await expect(dialog.getByLabel('Person')).toHaveValue('Sam')
  await dialog.getByLabel('Occasion').fill(anniversary.label)
  await page.getByRole('option', { name: anniversary.label, exact: true }).click()
  await dialog.getByRole('textbox', { name: 'Date' }).fill('14/06/2015')
  await dialog.getByRole('textbox', { name: 'Date' }).press('Tab')
  await dialog.getByRole('button', { name: 'Add Event', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('person-events')).toContainText(anniversary.label)
})

test.describe('Christmas first in November and December', () => {
  // The browser's clock on 28 November 2026 (UK): 27 days to Christmas.
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-28T12:00:00Z'))
  })

  test('the events page offers "Add Christmas for everyone": one call for everyone chosen', async ({ page }) => {
    await newShopper(page, 'flows-christmas')
    const ids = [await addPerson(page.request, 'Mum'), await addPerson(page.request, 'Dad', { relationship: 'Father' })]
    const tom = await addPerson(page.request, 'Tom', { relationship: 'Son' })
    const christmas = await occasion(page.request, 'christmas')
    let calls = 0
    page.on('request', (request) => {
      if (request.url().includes('events.addForPeople')) calls += 1
    })
    await page.goto('/my-account/events')
    const card = page.getByRole('region', { name: 'Christmas in 27 days' })
    await expect(card).toContainText('3 people you buy for have no Christmas yet.')
    await card.getByRole('button', { name: 'Add Christmas for everyone' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Christmas for everyone' })
    await dialog.getByRole('checkbox', { name: 'Tom' }).uncheck()
    await dialog.getByRole('button', { name: 'Add Christmas for 2 people' }).click()
    await expect(dialog).toBeHidden()
    await expect(card).toContainText('1 person you buy for has no Christmas yet.')
    expect(calls).toBe(1)
    const events = await apiJson<{ occasionId: number; date: string; people: { id: number }[] }[]>(
      await page.request.get('/api/events'),
    )
    const withChristmas = events.filter((e) => e.occasionId === christmas.id)
    expect(withChristmas.map((e) => e.people[0]!.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b))
    expect(withChristmas.every((e) => e.date === '2026-12-25')).toBe(true)
    expect(withChristmas.some((e) => e.people.some((p) => p.id === tom))).toBe(false)
  })

  test('the first-visit start offers Christmas, the birthday optional', async ({ page }) => {
    await newShopper(page, 'flows-christmas-start')
    const start = page.getByTestId('first-start')
    await expect(start.getByText('2. Then see gift ideas for Christmas')).toBeVisible()
    await start.getByRole('textbox', { name: 'Name' }).fill('Ava')
    await start.getByRole('combobox', { name: 'Relationship' }).fill('Daugh')
    await page.getByRole('option', { name: 'Daughter', exact: true }).click()
    await start.getByRole('button', { name: 'Save and show gift ideas' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Gift ideas for Ava' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: /^Because:/ })).toHaveAccessibleName(
      'Because: Christmas',
    )
    const people = await apiJson<{ events: { date: string }[] }[]>(await page.request.get('/api/people'))
    expect(people[0]!.events.map((e) => e.date)).toEqual(['2026-12-25'])
  })
})
