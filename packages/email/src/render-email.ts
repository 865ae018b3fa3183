import type { ReactElement } from 'react'
import { confirmEmail, confirmEmailSubject, type ConfirmEmailProps } from './templates/confirm-email.ts'
import { priceAlertsEmail, priceAlertsSubject, type PriceAlertsEmailProps } from './templates/price-alerts.ts'
import { remindersEmail, remindersSubject, type RemindersEmailProps } from './templates/reminders.ts'
import {
  profileCompletionEmail,
  profileCompletionSubject,
  type ProfileCompletionProps,
} from './templates/profile-completion.ts'
import { exchangeEmail, type ExchangeEmailProps } from './templates/exchanges.ts'
import {
  guestConfirmEmail,
  guestConfirmSubject,
  listDigestEmail,
  listDigestSubject,
  type GuestConfirmEmailProps,
  type ListDigestEmailProps,
} from './templates/guests.ts'
import { resetPasswordEmail, resetPasswordSubject, type ResetPasswordProps } from './templates/reset-password.ts'
import { signInCodeEmail, signInCodeSubject, type SignInCodeProps } from './templates/sign-in-code.ts'

/** A rendered email: the subject and both bodies (HTML for mail clients, text for the rest). */
export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

async function renderBoth(subject: string, element: ReactElement): Promise<RenderedEmail> {
  // Loaded with the first mail: @react-email/render brings prettier's HTML printer and html-to-text,
  // which a server that sends nothing need not hold (issue 44, docs/decisions/memory.md).
  const { render, toPlainText } = await import('@react-email/render')
  const html = await render(element)
  return { subject, html, text: toPlainText(html) }
}

/** The "confirm your email address" mail (48-hour link). */
export function renderConfirmEmail(props: ConfirmEmailProps): Promise<RenderedEmail> {
  return renderBoth(confirmEmailSubject, confirmEmail(props))
}

/** The "reset your password" mail (1-hour link). */
export function renderResetPasswordEmail(props: ResetPasswordProps): Promise<RenderedEmail> {
  return renderBoth(resetPasswordSubject, resetPasswordEmail(props))
}

/** The one-time sign-in code, asked for while an account is under attack (issue 41). */
export function renderSignInCodeEmail(props: SignInCodeProps): Promise<RenderedEmail> {
  return renderBoth(signInCodeSubject, signInCodeEmail(props))
}

/** The gift reminder mail of the upcoming-events campaign (issue 21). */
export function renderRemindersEmail(props: RemindersEmailProps): Promise<RenderedEmail> {
  return renderBoth(remindersSubject(props.reminders), remindersEmail(props))
}

/** A gift-exchange mail (issue 36); the subject is given, the body never names a pair. */
export function renderExchangeEmail(subject: string, props: ExchangeEmailProps): Promise<RenderedEmail> {
  return renderBoth(subject, exchangeEmail(props))
}

/** The day's price alert mail (issue 39). */
export function renderPriceAlertsEmail(props: PriceAlertsEmailProps): Promise<RenderedEmail> {
  return renderBoth(priceAlertsSubject(props.alerts), priceAlertsEmail(props))
}

/** The profile-completion campaign mail (issue 13). */
export function renderProfileCompletionEmail(props: ProfileCompletionProps): Promise<RenderedEmail> {
  return renderBoth(profileCompletionSubject, profileCompletionEmail(props))
}

/** A guest's confirmation mail (issue 37; 48-hour link, works once). */
export function renderGuestConfirmEmail(props: GuestConfirmEmailProps): Promise<RenderedEmail> {
  return renderBoth(guestConfirmSubject, guestConfirmEmail(props))
}

/** The daily digest of wish-list changes and additions (issue 37). */
export function renderListDigestEmail(props: ListDigestEmailProps): Promise<RenderedEmail> {
  return renderBoth(listDigestSubject(props), listDigestEmail(props))
}

/**
 * The List-Unsubscribe headers of RFC 2369 and RFC 8058 (one-click): mail clients show an
 * "Unsubscribe" button that POSTs `List-Unsubscribe=One-Click` to `oneClickUrl`.
 */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

/** Every http(s) link of a text body, in order, without duplicates (outbox page and log lines). */
export function extractLinks(text: string): string[] {
  const links = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []
  return [...new Set(links)]
}
