export {
  createMailer,
  listOutbox,
  retryDelayMs,
  MAX_ATTEMPTS,
  type Mailer,
  type MailerOptions,
  type MailLogger,
  type MailTransport,
  type OutgoingEmail,
  type TransportMessage,
} from './mailer.ts'
export {
  renderConfirmEmail,
  renderResetPasswordEmail,
  renderSignInCodeEmail,
  renderRemindersEmail,
  renderPriceAlertsEmail,
  renderProfileCompletionEmail,
  renderExchangeEmail,
  renderGuestConfirmEmail,
  renderListDigestEmail,
  listUnsubscribeHeaders,
  extractLinks,
  type RenderedEmail,
} from './render-email.ts'
export type { ConfirmEmailProps } from './templates/confirm-email.ts'
export type { ResetPasswordProps } from './templates/reset-password.ts'
export type { SignInCodeProps } from './templates/sign-in-code.ts'
export {
  giftIdeasSection,
  joinNames,
  MAX_GIFT_IDEAS,
  type GiftIdea,
  type ReminderItem,
  type RemindersEmailProps,
} from './templates/reminders.ts'
export type { ProfileCompletionProps, IncompletePersonItem } from './templates/profile-completion.ts'
export type { ExchangeEmailProps } from './templates/exchanges.ts'
export type {
  GuestConfirmEmailProps,
  ListDigestAdded,
  ListDigestChange,
  ListDigestEmailProps,
} from './templates/guests.ts'
export type { PriceAlertItem, PriceAlertsEmailProps } from './templates/price-alerts.ts'
