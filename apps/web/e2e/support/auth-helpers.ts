import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { linkTo, uniqueEmail, waitForMail } from './mailbox'

export const CONFIRM_SUBJECT = /confirm your email/i
export const RESET_SUBJECT = /reset your .*password/i

/**
 * A new account, registered through the REST API and confirmed with the token of the mail the
 * SMTP server received, for tests that are about what comes after sign-up.
 */
export async function registerConfirmedUser(
  request: APIRequestContext,
  label: string,
  password = 'Secret-pass1',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label)
  const registered = await request.post('/api/auth/register', { data: { email, password } })
  expect(registered.ok(), await registered.text()).toBe(true)
  const mail = await waitForMail(email, CONFIRM_SUBJECT)
  const token = new URL(linkTo(mail, '/confirm-email'), 'http://x').searchParams.get('token')
  const confirmed = await request.post('/api/auth/confirm-email', { data: { token } })
  expect(confirmed.ok(), await confirmed.text()).toBe(true)
  return { email, password }
}

/** Signs in on the /auth page and waits for the signed-in home. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  // "My Account", or "Account" below 360 px.
  await expect(page.getByRole('banner').locator('a[href="/my-account"]')).toBeVisible()
}
