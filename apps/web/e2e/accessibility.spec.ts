import { expectNoSeriousViolations } from './support/axe'
import { expect, test } from '@playwright/test'
import { E2E_ADMIN } from './support/accounts'
import { RESET_SUBJECT, registerConfirmedUser, signIn, CONFIRM_SUBJECT } from './support/auth-helpers'
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox'
import { pretendAccountHasNoPassword } from './support/session-patch'

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
