import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_ADMIN } from './support/accounts'
import { CONFIRM_SUBJECT, RESET_SUBJECT, registerConfirmedUser, signIn } from './support/auth-helpers'
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox'
import { pretendAccountHasNoPassword } from './support/session-patch'

/*
 * Screenshots of the sign-in and account screens at desktop and phone widths, for a person to
 * look at (apps/web/test-results/screenshots, not committed). They assert only that each
 * screen is ready.
 */

const outDir = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url))

interface Shot {
  name: string
  /** Only the viewport (dialogs and drawers), not the whole page. */
  viewportOnly?: boolean
  open: (page: Page, request: APIRequestContext) => Promise<void>
}

/** Mantine's modal and drawer transitions settle. */
const settle = (page: Page) => page.waitForTimeout(400)

async function openModal(page: Page) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Join Now' }).click()
  await expect(page.getByRole('dialog', { name: 'Welcome to Presently' })).toBeVisible()
  await settle(page)
}

const shots: Shot[] = [
  { name: 'modal-register', viewportOnly: true, open: openModal },
  {
    name: 'modal-register-errors',
    viewportOnly: true,
    open: async (page) => {
      await openModal(page)
      await page.getByRole('button', { name: 'Create Account' }).click()
      await expect(page.getByText('Email is required')).toBeVisible()
    },
  },
  {
    name: 'modal-check-email',
    viewportOnly: true,
    open: async (page) => {
      await openModal(page)
      const register = page.getByRole('tabpanel', { name: 'Register' })
      await register.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('shot-a-rather-long-address'))
      await register.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12')
      await page.getByRole('button', { name: 'Create Account' }).click()
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    },
  },
  {
    name: 'modal-unconfirmed',
    viewportOnly: true,
    open: async (page, request) => {
      const email = uniqueEmail('shot-unconfirmed')
      await request.post('/api/auth/register', { data: { email, password: 'secret12' } })
      await openModal(page)
      await page.getByRole('tab', { name: 'Sign In' }).click()
      const signInPanel = page.getByRole('tabpanel', { name: 'Sign In' })
      await signInPanel.getByRole('textbox', { name: 'Email' }).fill(email)
      await signInPanel.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12')
      await signInPanel.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect(signInPanel.getByTestId('auth-error')).toBeVisible()
      await settle(page)
    },
  },
  {
    name: 'auth',
    open: async (page) => {
      await page.goto('/auth')
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
    },
  },
  {
    name: 'auth-error',
    open: async (page) => {
      await page.goto('/auth')
      await page.getByRole('textbox', { name: 'Email' }).fill(E2E_ADMIN.email)
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password')
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect(page.getByTestId('auth-error')).toBeVisible()
      await settle(page)
    },
  },
  {
    name: 'forgot-password',
    open: async (page) => {
      await page.goto('/forgot-password')
      await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible()
    },
  },
  {
    name: 'forgot-password-sent',
    viewportOnly: true,
    open: async (page) => {
      await page.goto('/forgot-password')
      await page.getByRole('textbox', { name: 'Email' }).fill('nobody-in-particular@example.com')
      await page.getByRole('button', { name: 'Send Reset Link' }).click()
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
      await settle(page)
    },
  },
  {
    name: 'reset-password-form',
    open: async (page, request) => {
      const user = await registerConfirmedUser(request, 'shot-reset')
      await request.post('/api/auth/forgot-password', { data: { email: user.email } })
      const mail = await waitForMail(user.email, RESET_SUBJECT)
      await page.goto(linkTo(mail, '/reset-password'))
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short')
      await page.getByRole('button', { name: 'Reset Password' }).click()
      await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    },
  },
  {
    name: 'reset-password-invalid',
    open: async (page) => {
      await page.goto('/reset-password?token=expired')
      await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible()
    },
  },
  {
    name: 'confirm-email-success',
    open: async (page, request) => {
      const email = uniqueEmail('shot-confirm')
      await request.post('/api/auth/register', { data: { email, password: 'secret12' } })
      const mail = await waitForMail(email, CONFIRM_SUBJECT)
      await page.goto(linkTo(mail, '/confirm-email'))
      await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible()
    },
  },
  {
    name: 'confirm-email-failed',
    open: async (page) => {
      await page.goto('/confirm-email?token=bad')
      await expect(page.getByRole('heading', { name: 'Confirmation Failed' })).toBeVisible()
    },
  },
  {
    name: 'unsubscribe-success',
    open: async (page, request) => {
      const email = uniqueEmail('shot-unsub')
      await request.post('/api/auth/register', { data: { email, password: 'secret12' } })
      const mail = await waitForMail(email, CONFIRM_SUBJECT)
      await page.goto(linkTo(mail, '/unsubscribe'))
      await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible()
    },
  },
  {
    name: 'profile',
    open: async (page) => {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await page.goto('/my-account/profile')
      await expect(page.getByRole('region', { name: 'Change Password' })).toBeVisible()
    },
  },
  {
    name: 'profile-change-password-errors',
    open: async (page) => {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await page.goto('/my-account/profile')
      await page.getByLabel('Current password').fill('not-the-password')
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-pass1')
      await page.getByLabel('Confirm new password').fill('Another-pass1')
      await page.getByRole('button', { name: 'Change Password' }).click()
      await expect(page.getByText('Current password is incorrect').first()).toBeVisible()
      await settle(page)
    },
    viewportOnly: true,
  },
  {
    name: 'profile-set-password',
    open: async (page) => {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await pretendAccountHasNoPassword(page)
      await page.goto('/my-account/profile')
      await expect(page.getByRole('region', { name: 'Set Password' })).toBeVisible()
    },
  },
  {
    name: 'signed-in-home',
    open: async (page) => {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
      await expect(page.getByTestId('occasion-tile').first()).toBeVisible()
    },
  },
]

for (const width of [1280, 375]) {
  for (const { name, open, viewportOnly } of shots) {
    test(`screenshot of ${name} at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 })
      await open(page, request)
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${outDir}${name}-${width}.png`, fullPage: !viewportOnly })
    })
  }
}

test('screenshot of the account drawer at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await page.goto('/my-account/profile')
  await page.getByRole('button', { name: 'My Account menu' }).click()
  await expect(page.getByRole('dialog', { name: 'My Account' })).toBeVisible()
  await settle(page)
  await page.screenshot({ path: `${outDir}account-drawer-375.png` })
})

test('screenshot of the signed-in header at 340 px', async ({ page }) => {
  await page.setViewportSize({ width: 340, height: 700 })
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await expect(page.getByRole('link', { name: 'Account', exact: true })).toBeVisible()
  await page.screenshot({ path: `${outDir}signed-in-header-340.png` })
})
