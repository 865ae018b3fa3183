import { expect, test } from '@playwright/test'
import { E2E_ADMIN } from './support/accounts'
import { CONFIRM_SUBJECT, RESET_SUBJECT, registerConfirmedUser, signIn } from './support/auth-helpers'
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox'

/*
 * Accounts end to end: the server mails through real SMTP to the run's own SMTP server
 * (e2e/global-setup.ts), and the tests follow the links of the mails it received.
 */

test.describe('sign-up and sign-in', () => {
  test('register in the modal, confirm from the mail, sign in, see the signed-in header, sign out', async ({
    page,
  }) => {
    const email = uniqueEmail('signup')
    const password = 'first-pass1'

    await page.goto('/')
    await page.getByRole('button', { name: 'Join Now' }).click()
    const modal = page.getByRole('dialog', { name: 'Welcome to Presently' })
    await expect(modal).toBeVisible()
    await expect(modal.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
    await expect(modal.getByRole('tab', { name: 'Sign In' })).toBeVisible()

    // Validation (spec browsing-and-purchase §5).
    await modal.getByRole('button', { name: 'Create Account' }).click()
    await expect(modal.getByText('Email is required')).toBeVisible()
    await expect(modal.getByText('Password is required')).toBeVisible()
    const registerPanel = modal.getByRole('tabpanel', { name: 'Register' })
    await registerPanel.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
    await registerPanel.getByRole('textbox', { name: 'Password', exact: true }).fill('12345')
    await modal.getByRole('button', { name: 'Create Account' }).click()
    await expect(modal.getByText('Please enter a valid email', { exact: true })).toBeVisible()
    await expect(modal.getByText('Password must be at least 6 characters')).toBeVisible()

    await registerPanel.getByRole('textbox', { name: 'Email' }).fill(email)
    await registerPanel.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await modal.getByRole('button', { name: 'Create Account' }).click()
    await expect(modal.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expect(modal.getByText(email)).toBeVisible()
    await expect(
      modal.getByText('Registration successful. Please check your email to confirm your account.'),
    ).toBeVisible()
    await waitForMail(email, CONFIRM_SUBJECT)

    // A second mail on request; the button says "Sending..." while the call is out.
    await page.route(/\/trpc\/auth\.resendConfirmation/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    })
    await modal.getByRole('button', { name: 'Resend confirmation email' }).click()
    await expect(modal.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    await expect(page.getByText('Confirmation email sent successfully.')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Resend confirmation email' })).toBeEnabled()
    const latest = await waitForMail(email, CONFIRM_SUBJECT, 2)

    // Back to Sign In: the email is filled in; signing in before confirming is refused.
    await modal.getByRole('button', { name: 'Back to Sign In' }).click()
    await expect(modal.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
    const signInPanel = modal.getByRole('tabpanel', { name: 'Sign In' })
    await expect(signInPanel.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
    await signInPanel.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
    await signInPanel.getByRole('button', { name: 'Sign In', exact: true }).click()
    const error = signInPanel.getByTestId('auth-error')
    await expect(error).toContainText('Authentication Failed')
    await expect(error).toContainText('confirm your email')
    await expect(error.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible()

    await modal.getByRole('button', { name: 'Close' }).click()
    await expect(modal).toBeHidden()

    // The mailed link confirms the address.
    await page.goto(linkTo(latest, '/confirm-email'))
    await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to Login' }).click()
    await expect(page).toHaveURL(/\/auth$/)

    await signIn(page, email, password)
    const header = page.getByRole('banner')
    await expect(header.getByRole('combobox', { name: 'Search gift ideas' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Login/Register' })).toHaveCount(0)

    await header.getByRole('link', { name: 'My Account' }).click()
    await expect(page).toHaveURL(/\/my-account\/events$/)
    const menu = page.getByRole('navigation', { name: 'My account' })
    await expect(menu.getByRole('link', { name: 'Email Manager' })).toHaveCount(0)
    await menu.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(header.getByRole('link', { name: 'Login/Register' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Join Now' })).toBeVisible()
    const lastDataLayerEntry = await page.evaluate(() => {
      const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []
      return layer[layer.length - 1]
    })
    expect(lastDataLayerEntry).toMatchObject({ loginState: 'anonymous', personId: null, occasionId: null })

    // The session is gone on the server too.
    await page.goto('/my-account/profile')
    await expect(page).toHaveURL(/\/home$/)
  })

  test('a taken email and wrong credentials get the spec’s messages', async ({ page }) => {
    await page.goto('/auth?tab=register')
    const register = page.getByRole('tabpanel', { name: 'Register' })
    await register.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email)
    await register.getByRole('textbox', { name: 'Password', exact: true }).fill('whatever1')
    await register.getByRole('button', { name: 'Create Account' }).click()
    await expect(register.getByTestId('auth-error')).toContainText(
      'An account with this email address already exists. Please try logging in instead.',
    )

    await page.getByRole('tab', { name: 'Sign In' }).click()
    const signInPanel = page.getByRole('tabpanel', { name: 'Sign In' })
    await signInPanel.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email)
    await signInPanel.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password')
    await signInPanel.getByRole('button', { name: 'Sign In', exact: true }).click()
    const error = signInPanel.getByTestId('auth-error')
    await expect(error).toContainText('Authentication Failed')
    await expect(error).toContainText('Invalid email or password. Please check your credentials and try again.')
  })

  test('signing in from the modal closes it and shows the signed-in home', async ({ page, request }) => {
    const user = await registerConfirmedUser(request, 'modal')
    await page.goto('/')
    await page.getByRole('button', { name: "Get Started – It's Free!" }).first().click()
    const modal = page.getByRole('dialog', { name: 'Welcome to Presently' })
    await modal.getByRole('tab', { name: 'Sign In' }).click()
    const signInPanel = modal.getByRole('tabpanel', { name: 'Sign In' })
    await signInPanel.getByRole('textbox', { name: 'Email' }).fill(user.email)
    await signInPanel.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password)
    await signInPanel.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(modal).toBeHidden()
    // A first visit: the short start, not "Welcome back" (issue 26).
    await expect(page.getByTestId('first-start')).toBeVisible()
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible()
  })

  test('Google sign-in is a plain link, and its failures are worded on the Sign In tab', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google')
    await page.goto('/auth?error=google_cancelled')
    await expect(page.getByTestId('auth-error')).toContainText('Google sign-in was cancelled.')
    // Unknown codes print nothing (the server sends codes, never text).
    await page.goto('/auth?error=<b>hi</b>')
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
    await expect(page.getByTestId('auth-error')).toHaveCount(0)
  })

  test('the /auth page closes to the home page', async ({ page }) => {
    await page.goto('/auth')
    await expect(page).toHaveTitle('Authentication – Presently')
    await page.getByRole('button', { name: 'Close' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe('password reset', () => {
  test('forgot password, reset from the mailed link, sign in with the new password', async ({ page, request }) => {
    const user = await registerConfirmedUser(request, 'reset')
    const newPassword = 'Brand-new-pass2'

    await page.goto('/auth')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await page.getByRole('textbox', { name: 'Email' }).fill('nope')
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()

    await page.getByRole('textbox', { name: 'Email' }).fill(user.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    // The neutral toast (and the same words on the page).
    await expect(
      page.getByRole('alert').filter({ hasText: "If an account exists with that email, we've sent instructions" }),
    ).toBeVisible()
    // "try again" returns to the form.
    await page.getByRole('button', { name: 'try again' }).click()
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()

    const mail = await waitForMail(user.email, RESET_SUBJECT)
    const resetLink = linkTo(mail, '/reset-password')
    await page.goto(resetLink)
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()

    const submit = page.getByRole('button', { name: 'Reset Password' })
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Short1')
    await submit.click()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('alllowercase1')
    await submit.click()
    await expect(page.getByText('Password must include uppercase, lowercase and a number')).toBeVisible()
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password').fill('Something-else3')
    await submit.click()
    await expect(page.getByText("Passwords don't match")).toBeVisible()
    await page.getByLabel('Confirm new password').fill(newPassword)
    await submit.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Your password has been reset' })).toBeVisible()
    await expect(page).toHaveURL(/\/auth$/, { timeout: 5_000 })

    // The link is spent.
    await page.goto(resetLink)
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible()
    await page.getByRole('link', { name: 'Request New Link' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)

    // The old password no longer works; the new one does.
    await page.goto('/auth')
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByTestId('auth-error')).toContainText('Invalid email or password')
    await signIn(page, user.email, newPassword)
  })

  test('a reset link without a token says so', async ({ page }) => {
    await page.goto('/reset-password')
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Request New Link' })).toHaveAttribute('href', '/forgot-password')
  })
})

test.describe('email links', () => {
  test('confirm-email without a token, or with a bad one, fails with the spec’s messages', async ({ page }) => {
    await page.goto('/confirm-email')
    await expect(page.getByRole('heading', { name: 'Confirmation Failed' })).toBeVisible()
    await expect(page.getByText('No confirmation token provided in URL')).toBeVisible()
    await page.goto('/confirm-email?token=not-a-real-token')
    await expect(page.getByText('Failed to confirm email. The token may be invalid or expired.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
  })

  test('the unsubscribe link of a mail unsubscribes; a bad one fails', async ({ page, request }) => {
    const email = uniqueEmail('unsub')
    await request.post('/api/auth/register', { data: { email, password: 'Secret-pass1' } })
    const mail = await waitForMail(email, CONFIRM_SUBJECT)
    await page.goto(linkTo(mail, '/unsubscribe'))
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible()
    await expect(page.getByText('You have been successfully unsubscribed from email notifications.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Manage Account Settings' })).toHaveAttribute(
      'href',
      '/my-account/profile',
    )

    await page.goto('/unsubscribe')
    await expect(page.getByText('No unsubscribe token provided in URL')).toBeVisible()
    await page.goto('/unsubscribe?token=not-a-real-token')
    await expect(page.getByText('Failed to unsubscribe. The link may be invalid or expired.')).toBeVisible()
  })
})

test.describe('guards', () => {
  test('the account area sends an anonymous visitor to /home', async ({ page }) => {
    await page.goto('/my-account/profile')
    await expect(page).toHaveURL(/\/home$/)
    await expect(page.getByRole('button', { name: 'Join Now' })).toBeVisible()
  })

  test('a signed-in user is sent away from the auth pages', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/home$/)
    await page.goto('/forgot-password')
    await expect(page).toHaveURL(/\/home$/)
    await page.goto('/reset-password?token=abc')
    await expect(page).toHaveURL(/\/home$/)
    await page.goto('/confirm-email?token=abc')
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe('account settings', () => {
  test('email notifications and the password can be changed', async ({ page, request }) => {
    const user = await registerConfirmedUser(request, 'settings')
    await signIn(page, user.email, user.password)
    await page.goto('/my-account')
    await expect(page).toHaveURL(/\/my-account\/events$/)
    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Account Settings' }).click()
    await expect(page).toHaveURL(/\/my-account\/profile$/)
    await expect(page.getByTestId('account-email')).toHaveText(user.email)

    const checkbox = page.getByRole('checkbox', { name: 'Unsubscribe from email notifications' })
    await expect(checkbox).not.toBeChecked()
    await checkbox.click()
    await expect(page.getByText('You have been unsubscribed from emails.')).toBeVisible()
    await expect(checkbox).toBeChecked()
    await page.reload()
    await expect(checkbox).toBeChecked()
    await checkbox.click()
    await expect(page.getByText('You have been subscribed to emails.')).toBeVisible()
    await expect(checkbox).not.toBeChecked()

    // Change Password (the account has one): validation, a wrong current password, success.
    const section = page.getByRole('region', { name: 'Change Password' })
    await expect(page.getByRole('region', { name: 'Set Password' })).toHaveCount(0)
    const submit = section.getByRole('button', { name: 'Change Password' })
    await submit.click()
    await expect(section.getByText('Current password is required')).toBeVisible()
    await expect(section.getByText('New password must be at least 6 characters')).toBeVisible()
    await section.getByLabel('Current password').fill('not-my-password')
    await section.getByRole('textbox', { name: 'New password', exact: true }).fill('Changed-pass3')
    await section.getByLabel('Confirm new password').fill('Changed-pass4')
    await submit.click()
    await expect(section.getByText('Passwords do not match')).toBeVisible()
    await section.getByLabel('Confirm new password').fill('Changed-pass3')
    await submit.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Error Changing Password' })).toBeVisible()
    await expect(section.getByText('Current password is incorrect')).toBeVisible()
    await section.getByLabel('Current password').fill(user.password)
    await submit.click()
    await expect(page.getByRole('alert').filter({ hasText: 'Password Changed' })).toBeVisible()

    // Signed out, the new password signs in.
    await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await signIn(page, user.email, 'Changed-pass3')
  })

  test('staff see Email Manager; on a phone the menu is a drawer with Logout', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible()
    await page.goto('/my-account/profile')
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'My account' })).toBeHidden()
    await page.getByRole('button', { name: 'My Account menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'My Account' })
    await expect(drawer.getByRole('link', { name: 'Email Manager' })).toBeVisible()
    await drawer.getByRole('link', { name: 'My People' }).click()
    await expect(page).toHaveURL(/\/my-account\/my-people$/)
    await expect(drawer).toBeHidden()
    await page.getByRole('button', { name: 'My Account menu' }).click()
    await drawer.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Login/Register' })).toBeVisible()
  })
})

test('the development outbox is the server’s page, not the SPA', async ({ request }) => {
  const response = await request.get('/dev/outbox')
  expect(response.ok()).toBe(true)
  expect(await response.text()).toContain('<h1>Outbox</h1>')
})
