import { allViolations, expectNoSeriousViolations } from './support/axe'
import { expect, test } from '@playwright/test'
import { E2E_ADMIN } from './support/accounts'
import { RESET_SUBJECT, registerConfirmedUser, signIn, CONFIRM_SUBJECT } from './support/auth-helpers'
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox'
import { pretendAccountHasNoPassword } from './support/session-patch'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/** Serious and critical WCAG A/AA violations fail; lesser ones are reported by axe but tolerated. */
for (const [name, path, ready] of [
  ['home', '/', 'Join Now'],
  ['category', '/category/hobbies', 'Next'],
  ['subcategory', '/category/hobbies/model-trains-and-railway-sets', 'Next'],
  ['search', '/search?q=hornby', 'Search Results'],
  ['filtered search', '/search?q=hornby&category_name=Hobbies&minPrice=10&maxPrice=80', 'Showing'],
  ['blank search', '/search?q=', 'Please enter a search term to find products.'],
  ['promo', '/promo/christmas', 'Next'],
  ['unknown promo', '/promo/nonexistent', 'Promotion Not Found'],
  ['unknown category', '/category/no-such-category', 'Category Not Found'],
  ['404', '/no-such-page', '404 Page Not Found'],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByText(ready).first()).toBeVisible()
    await expectNoSeriousViolations(page)
  })
}

test('the product page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/category/hobbies')
  await page.getByTestId('product-card').first().click()
  await expect(page.getByRole('heading', { name: 'Product Details' })).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('a product page with variants has no serious accessibility violations', async ({ page }) => {
  await page.goto('/search?q=monchhichi%20classic%20boy')
  await page.getByTestId('product-card').first().click()
  await expect(page.getByLabel('Available Options:')).toBeVisible()
  await expectNoSeriousViolations(page)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the category page and its filters drawer have no serious accessibility violations', async ({ page }) => {
    await page.goto('/category/hobbies')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'Filters' }).click()
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
    await expectNoSeriousViolations(page)
  })
})

test.describe('accounts', () => {
  for (const [name, path, ready] of [
    ['auth', '/auth', 'Sign In'],
    ['auth register', '/auth?tab=register', 'Create Account'],
    ['forgot password', '/forgot-password', 'Send Reset Link'],
    ['reset password without a token', '/reset-password', 'Invalid Reset Link'],
    ['reset password with an expired token', '/reset-password?token=expired', 'Invalid or Expired Link'],
    ['confirm email without a token', '/confirm-email', 'Confirmation Failed'],
    ['confirm email with a bad token', '/confirm-email?token=bad', 'Failed to confirm email'],
    ['unsubscribe without a token', '/unsubscribe', 'No unsubscribe token provided in URL'],
    ['unsubscribe with a bad token', '/unsubscribe?token=bad', 'Failed to unsubscribe'],
  ] as const) {
    test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByText(ready).first()).toBeVisible()
      await expectNoSeriousViolations(page)
    })
  }

  test('the auth modal, its errors and its "Check your email" panel have no serious violations', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Join Now' }).click()
    const modal = page.getByRole('dialog', { name: 'Welcome to Presently' })
    await expect(modal).toBeVisible()
    await expectNoSeriousViolations(page)
    await modal.getByRole('button', { name: 'Create Account' }).click()
    await expect(modal.getByText('Email is required')).toBeVisible()
    await expectNoSeriousViolations(page)
    const register = modal.getByRole('tabpanel', { name: 'Register' })
    await register.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('axe'))
    await register.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12')
    await modal.getByRole('button', { name: 'Create Account' }).click()
    await expect(modal.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expectNoSeriousViolations(page)
    await modal.getByRole('button', { name: 'Back to Sign In' }).click()
    await modal
      .getByRole('tabpanel', { name: 'Sign In' })
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill('secret12')
    await modal.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(modal.getByTestId('auth-error')).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('the forgot-password confirmation and the reset form have no serious violations', async ({ page, request }) => {
    const user = await registerConfirmedUser(request, 'axe-reset')
    await page.goto('/forgot-password')
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expectNoSeriousViolations(page)
    const mail = await waitForMail(user.email, RESET_SUBJECT)
    await page.goto(linkTo(mail, '/reset-password'))
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('a confirmed email and a processed unsubscribe have no serious violations', async ({ page, request }) => {
    const email = uniqueEmail('axe-confirm')
    await request.post('/api/auth/register', { data: { email, password: 'Secret-pass1' } })
    const mail = await waitForMail(email, CONFIRM_SUBJECT)
    await page.goto(linkTo(mail, '/confirm-email'))
    await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.goto(linkTo(mail, '/unsubscribe'))
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('account settings have no serious violations (Change Password, then Set Password)', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto('/my-account/profile')
    await expect(page.getByRole('region', { name: 'Change Password' })).toBeVisible()
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(page.getByText('Current password is required')).toBeVisible()
    await expectNoSeriousViolations(page)

    await pretendAccountHasNoPassword(page)
    await page.reload()
    await expect(page.getByRole('region', { name: 'Set Password' })).toBeVisible()
    await page.getByRole('button', { name: 'Set Password' }).click()
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
    await expectNoSeriousViolations(page)
  })

  test('the account drawer on a phone has no serious violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto('/my-account/profile')
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'My Account menu' }).click()
    await expect(page.getByRole('dialog', { name: 'My Account' })).toBeVisible()
    await expectNoSeriousViolations(page)
  })
})

/*
 * Issue 43 §5: every page, signed out and signed in, at 390 and 1280 px, and the dialogs and
 * popovers people open on them: no axe violation of any impact (best practices included). Each
 * test collects every page's violations and fails once with the whole list.
 */
for (const width of [390, 1280] as const) {
  test.describe(`every page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })
    test.describe.configure({ timeout: 600_000 })

    test('signed out: no violations of any impact', async ({ page }) => {
      const found: string[] = []
      const check = async (label: string) => found.push(...(await allViolations(page)).map((v) => `${label}: ${v}`))
      for (const [path, ready] of [
        ['/', 'Join Now'],
        ['/category/hobbies', 'Next'],
        ['/search?q=hornby', 'Search Results'],
        ['/promo/christmas', 'Next'],
        ['/footer-pages/about', 'About'],
        ['/footer-pages/privacy', 'Privacy'],
        ['/auth', 'Sign In'],
        ['/forgot-password', 'Send Reset Link'],
        ['/reset-password', 'Invalid Reset Link'],
        ['/confirm-email', 'Confirmation Failed'],
        ['/unsubscribe', 'No unsubscribe token provided in URL'],
        ['/no-such-page', '404 Page Not Found'],
      ] as const) {
        await page.goto(path)
        // The first visible one: at 390 px the account menu's links (same words) are folded away.
        await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible()
        // Rendered past its skeleton: the page's h1 is there (axe's page-has-heading-one).
        await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true }).first()).toBeVisible()
        await check(path)
      }
      await page.goto('/')
      await page.getByRole('button', { name: 'Join Now' }).click()
      await expect(page.getByRole('dialog', { name: 'Welcome to Presently' })).toBeVisible()
      await check('auth dialog')
      await page.goto('/category/hobbies')
      await page.getByTestId('product-card').first().click()
      await expect(page.getByRole('heading', { name: 'Product Details' })).toBeVisible()
      await check('product')
      expect(found).toEqual([])
    })

    test('signed in: every account page and its dialogs, no violations of any impact', async ({ page, browser }) => {
      await newShopper(page, `axe-all-${width}`)
      const request = page.request
      await apiJson(await request.post('/api/user/welcome'))
      const mum = await addPerson(request, 'Mum')
      const christmas = await occasion(request, 'christmas')
      await apiJson(
        await request.post(`/api/events/person/${mum}`, { data: { occasionId: christmas.id, date: '2000-12-25' } }),
      )
      const { products } = await apiJson<{ products: { id: number; awProductId: number }[] }>(
        await request.get('/api/products?limit=1&category_name=Hobbies'),
      )
      const product = products[0]!
      const order = await apiJson<{ id: number }>(
        await request.post('/api/clickthrough', {
          data: { productId: product.id, personId: mum, occasionId: christmas.id },
        }),
      )
      await request.post(`/api/products/${product.id}/like`)
      const list = await apiJson<{ id: number }>(await request.post('/api/lists', { data: { name: 'Birthday' } }))
      await apiJson(await request.post(`/api/lists/${list.id}/items`, { data: { title: 'Book token', price: 20 } }))
      const { url } = await apiJson<{ url: string }>(await request.post(`/api/lists/${list.id}/share`, { data: {} }))
      const year = new Date().getUTCFullYear()

      const found: string[] = []
      const check = async (label: string) => found.push(...(await allViolations(page)).map((v) => `${label}: ${v}`))
      for (const [path, ready] of [
        ['/', 'Find the Perfect Gift'],
        [`/?person=${mum}&occasion=${christmas.id}`, 'Recommendations'],
        ['/my-account/events', 'Important Events'],
        ['/my-account/my-people', 'My People'],
        ['/my-account/add-person', 'Add New Person'],
        [`/my-account/person/${mum}`, 'Profile Summary'],
        [`/my-account/edit-person/${mum}`, 'Edit Mum'],
        ['/my-account/liked-products', 'Liked Products'],
        ['/my-account/my-orders', 'Showing'],
        [`/my-account/my-order-details/${order.id}`, 'Ordered on'],
        ['/my-account/lists', 'Wish Lists'],
        [`/my-account/lists/${list.id}`, 'Book token'],
        ['/my-account/claims', 'My Claims'],
        [`/my-account/plan/Christmas/${year}`, 'plan'],
        ['/my-account/profile', 'Account Settings'],
        [`/product/${product.awProductId}`, 'Product Details'],
      ] as const) {
        await page.goto(path)
        // The first visible one: at 390 px the account menu's links (same words) are folded away.
        await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible()
        // Rendered past its skeleton: the page's h1 is there (axe's page-has-heading-one).
        await expect(page.getByRole('heading', { level: 1 }).filter({ visible: true }).first()).toBeVisible()
        await check(path)
      }

      // The dialogs and popovers of those pages.
      await page.goto(`/product/${product.awProductId}`)
      await page
        .getByRole('main')
        .getByRole('button', { name: /to a wish list$/ })
        .click()
      await expect(page.getByRole('menu').or(page.getByRole('dialog')).first()).toBeVisible()
      await check('"Add to a wish list" popover')
      await page.keyboard.press('Escape')
      await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click()
      await expect(page.getByRole('dialog', { name: 'Who is this gift for?' })).toBeVisible()
      await check('Buy Now dialog')
      await page.goto('/my-account/events')
      await page.getByRole('main').getByRole('button', { name: 'Add Event', exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'Add Important Date' })).toBeVisible()
      await check('event dialog')
      await page.goto(`/my-account/person/${mum}`)
      await page.getByRole('button', { name: 'Add a present' }).click()
      await expect(page.getByRole('dialog', { name: 'Add a present' })).toBeVisible()
      await check('present dialog')

      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const visitor = await context.newPage()
      await visitor.goto(new URL(url).pathname)
      await expect(visitor.getByText('Book token').first()).toBeVisible()
      found.push(...(await allViolations(visitor)).map((v) => `shared list: ${v}`))
      await context.close()

      // Signed out first: /auth sends a signed-in visitor home.
      await page.context().clearCookies()
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await page.goto('/admin/tools')
      await expect(page.getByText('Email Campaigns').first()).toBeVisible()
      await check('/admin/tools')
      expect(found).toEqual([])
    })
  })
}
