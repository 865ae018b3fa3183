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
  listUnsubscribeHeaders,
  extractLinks,
  type RenderedEmail,
} from './render-email.ts'
export type { ConfirmEmailProps } from './templates/confirm-email.ts'
export type { ResetPasswordProps } from './templates/reset-password.ts'
