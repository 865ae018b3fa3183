import {
  listUnsubscribeHeaders,
  renderConfirmEmail,
  renderResetPasswordEmail,
  renderSignInCodeEmail,
  type Mailer,
  type RenderedEmail,
} from '@presently/email'
import type { Db } from '@presently/db'
import { createEmailToken, EMAIL_TOKEN_LIFETIME_MS } from './email-tokens.ts'

/** What a service needs to send mail: the mailer and the shop's public URL for links. */
export interface MailDeps {
  mailer: Mailer
  /** APP_URL, e.g. "https://presently.example" (no trailing slash needed). */
  appUrl: string
}

/**
 * Runs `task` after the caller has been answered; its errors are logged, never answered. The
 * server tracks the task so shutdown (and tests) can wait for it.
 */
export type AfterResponse = (label: string, task: () => Promise<void>) => void

/** Mail that is sent after the answer (the calls whose answer must not depend on the account). */
export interface DeferredMailDeps extends MailDeps {
  afterResponse: AfterResponse
}

interface Recipient {
  id: number
  email: string
  displayName: string | null
}

function link(appUrl: string, path: string, token: string): string {
  const url = new URL(path, appUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

/**
 * Renders and sends one mail with a fresh unsubscribe token: the footer links to the
 * /unsubscribe page, and List-Unsubscribe points at the one-click endpoint (RFC 8058).
 */
async function sendWithUnsubscribe(
  db: Db,
  deps: MailDeps,
  user: Recipient,
  kind: string,
  render: (unsubscribeUrl: string) => Promise<RenderedEmail>,
): Promise<void> {
  const unsubscribeToken = await createEmailToken(db, user.id, 'unsubscribe')
  const unsubscribeUrl = link(deps.appUrl, '/unsubscribe', unsubscribeToken)
  const oneClickUrl = link(deps.appUrl, '/api/auth/unsubscribe/one-click', unsubscribeToken)
  const mail = await render(unsubscribeUrl)
  await deps.mailer.send({
    to: user.email,
    userId: user.id,
    kind,
    ...mail,
    headers: listUnsubscribeHeaders(oneClickUrl),
  })
}

/** The "confirm your email" mail with a 48-hour single-use link to /confirm-email?token=... */
export async function sendConfirmationEmail(db: Db, deps: MailDeps, user: Recipient): Promise<void> {
  const token = await createEmailToken(db, user.id, 'confirm_email')
  await sendWithUnsubscribe(db, deps, user, 'confirm_email', (unsubscribeUrl) =>
    renderConfirmEmail({
      appUrl: deps.appUrl.replace(/\/$/, ''),
      confirmUrl: link(deps.appUrl, '/confirm-email', token),
      unsubscribeUrl,
      displayName: user.displayName,
      validHours: EMAIL_TOKEN_LIFETIME_MS.confirm_email / 3_600_000,
    }),
  )
}

/** The "reset your password" mail with a 1-hour single-use link to /reset-password?token=... */
export async function sendResetPasswordEmail(db: Db, deps: MailDeps, user: Recipient): Promise<void> {
  const token = await createEmailToken(db, user.id, 'reset_password')
  await sendWithUnsubscribe(db, deps, user, 'reset_password', (unsubscribeUrl) =>
    renderResetPasswordEmail({
      appUrl: deps.appUrl.replace(/\/$/, ''),
      resetUrl: link(deps.appUrl, '/reset-password', token),
      unsubscribeUrl,
      displayName: user.displayName,
      validMinutes: EMAIL_TOKEN_LIFETIME_MS.reset_password / 60_000,
    }),
  )
}

/**
 * The one-time sign-in code mail (issue 41): asked for while failed sign-ins aimed at the account
 * are past AUTH_LOGIN_EMAIL_FAILURE_MAX. `validMinutes`: how long the code works.
 */
export async function sendSignInCodeEmail(
  db: Db,
  deps: MailDeps,
  user: Recipient,
  code: string,
  validMinutes: number,
): Promise<void> {
  await sendWithUnsubscribe(db, deps, user, 'sign_in_code', (unsubscribeUrl) =>
    renderSignInCodeEmail({
      appUrl: deps.appUrl.replace(/\/$/, ''),
      unsubscribeUrl,
      displayName: user.displayName,
      code,
      validMinutes,
    }),
  )
}
