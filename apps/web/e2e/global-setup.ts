import type { FullConfig } from '@playwright/test'
import { startFixtureShop } from '@presently/outside-fetch/testing'
import { startSmtpCapture } from './support/smtp-capture'

/**
 * Starts the SMTP server the e2e web server mails to (SMTP_URL in playwright.config.ts) and the
 * fixture shop link previews read (issue 38) before any test runs; its mails land in PRESENTLY_E2E_MAIL_FILE. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig) {
  const port = Number(process.env.PRESENTLY_E2E_SMTP_PORT)
  const file = process.env.PRESENTLY_E2E_MAIL_FILE
  if (!port || !file) throw new Error('playwright.config.ts sets PRESENTLY_E2E_SMTP_PORT and PRESENTLY_E2E_MAIL_FILE')
  const smtp = await startSmtpCapture(port, file)
  // Issue 38: the fixture shop link previews read (playwright.config.ts names its origin).
  const shop = await startFixtureShop({ port: Number(new URL(process.env.PRESENTLY_E2E_FIXTURE_SHOP ?? '').port) })
  return async () => {
    await shop.close()
    await smtp.close()
  }
}
