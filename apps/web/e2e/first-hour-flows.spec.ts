import { expect, test } from '@playwright/test'
import { CONFIRM_SUBJECT } from './support/auth-helpers'
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * Issue 43 §4 and §5: flows that end where the user wanted, and the names others see.
 */

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
  await page.context().route(`${new URL(affiliateUrl).origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Merchant</title><h1>Merchant</h1>' }),
  )

  await page.goto(`/product/${product.awProductId}`)
  await expect(page.getByRole('main').getByRole('button', { name: /to a wish list$/ })).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Who is this gift for?' })
  // The spec's message, and the choice beside it.
  await expect(dialog.getByRole('alert')).toHaveText('Please select both a person and an occasion')
  await dialog.getByLabel('For', { exact: true }).click()
  await page.getByRole('option', { name: 'Mum', exact: true }).click()
  await dialog.getByRole('button', { name: 'Buy Now' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please select an occasion')
  await dialog.getByLabel('Because', { exact: true }).fill(birthday.label)
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
