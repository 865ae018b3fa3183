import { isTRPCClientError } from '@trpc/client'
import { apiErrorCode } from '../../lib/api-errors'

/**
 * What the auth and account screens say. Every text the spec gives is copied exactly
 * (browsing-and-purchase §4, §5, §8; account-area §5, §8); the rest is our wording.
 */
export const AUTH_TEXT = {
  errorTitle: 'Authentication Failed',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  noAccount: 'No account found with this email address. Please check your email or create a new account.',
  connectionError: 'Connection error. Please check your internet connection and try again.',
  unexpected: 'An unexpected error occurred.',
  emailExists: 'An account with this email address already exists. Please try logging in instead.',
  registrationSuccess: 'Registration successful. Please check your email to confirm your account.',
  checkEmail: 'Check your email',
  resend: 'Resend confirmation email',
  sending: 'Sending...',
  backToSignIn: 'Back to Sign In',
  resendFailed: 'Failed to resend confirmation email',
  resendSuccess: 'Confirmation email sent successfully.',
  passwordsDontMatch: "Passwords don't match",
  passwordsDoNotMatch: 'Passwords do not match',
  forgotNeutral: "If an account exists with that email, we've sent instructions to reset your password.",
  resetFailed: 'Password reset failed',
  invalidOrExpiredLink: 'Invalid or Expired Link',
  requestNewLink: 'Request New Link',
  invalidResetLink: 'Invalid Reset Link',
  emailConfirmed: 'Email Confirmed!',
  goToLogin: 'Go to Login',
  confirmationFailed: 'Confirmation Failed',
  noConfirmationToken: 'No confirmation token provided in URL',
  confirmFailedDefault: 'Failed to confirm email. The token may be invalid or expired.',
  noUnsubscribeToken: 'No unsubscribe token provided in URL',
  unsubscribeSuccessDefault: 'You have been successfully unsubscribed from email notifications.',
  unsubscribeFailedDefault: 'Failed to unsubscribe. The link may be invalid or expired.',
  unsubscribeProcessFailed: 'Failed to process unsubscribe request. Please try again.',
  manageAccountSettings: 'Manage Account Settings',
  passwordSetTitle: 'Password Set',
  passwordChangedTitle: 'Password Changed',
  settingsUpdatedTitle: 'Settings Updated',
  unsubscribedFromEmails: 'You have been unsubscribed from emails.',
  subscribedToEmails: 'You have been subscribed to emails.',
  setPasswordFailed: 'Failed to set password',
  changePasswordFailed: 'Failed to change password',
  changePasswordErrorTitle: 'Error Changing Password',
  updateUnsubscribedFailed: 'Failed to update unsubscribed status',
} as const

/**
 * The text of a failed call before the spec's mapping: the server's message for expected
 * failures; "Failed to fetch" and the like when the network failed (so the mapping can say
 * "Connection error"); `fallback` for internal errors and unreadable answers.
 */
export function rawErrorMessage(error: unknown, fallback: string): string {
  if (!isTRPCClientError(error)) {
    return error instanceof TypeError && error.message ? error.message : fallback
  }
  const code = apiErrorCode(error)
  if (!code) {
    // No tRPC error body: the request never got an answer (fetch's TypeError), or the answer
    // was not the API's (a proxy's HTML page). Only the former is worth wording.
    const cause: unknown = error.cause
    const networkLike = cause instanceof TypeError || /fetch|network/i.test(error.message)
    return networkLike ? error.message || 'Network error' : fallback
  }
  if (code === 'INTERNAL_SERVER_ERROR') return fallback
  return error.message || fallback
}

/** A failed call's message for a toast or an alert: the server's words, or "Connection error..." when offline. */
export function errorMessage(error: unknown, fallback: string): string {
  const raw = rawErrorMessage(error, fallback)
  return CONNECTION.test(raw) && raw !== fallback ? AUTH_TEXT.connectionError : raw
}

const INVALID_CREDENTIALS =
  /invalid credentials|invalid email or password|incorrect password|wrong password|authentication failed|login failed/i
const NO_ACCOUNT = /user not found|email not found/i
const CONNECTION = /network|fetch/i
const EMAIL_TAKEN = /email already registered|already exists|email is already|duplicate key/i

/**
 * The message of a refused login, mapped by its text (spec browsing-and-purchase §8). The
 * server's "Invalid email or password" counts as invalid credentials.
 */
export function loginErrorMessage(error: unknown): string {
  const raw = rawErrorMessage(error, AUTH_TEXT.loginFailed)
  if (INVALID_CREDENTIALS.test(raw)) return AUTH_TEXT.invalidCredentials
  if (NO_ACCOUNT.test(raw)) return AUTH_TEXT.noAccount
  if (CONNECTION.test(raw)) return AUTH_TEXT.connectionError
  return raw || AUTH_TEXT.unexpected
}

/** The message of a refused registration (spec browsing-and-purchase §8). */
export function registerErrorMessage(error: unknown): string {
  const raw = rawErrorMessage(error, AUTH_TEXT.registrationFailed)
  if (EMAIL_TAKEN.test(raw)) return AUTH_TEXT.emailExists
  if (CONNECTION.test(raw)) return AUTH_TEXT.connectionError
  return raw || AUTH_TEXT.registrationFailed
}

/** Whether a login was refused only because the email is not confirmed yet (403). */
export function isEmailNotConfirmed(error: unknown): boolean {
  return apiErrorCode(error) === 'FORBIDDEN'
}

/** What a failed Google sign-in says; the server sends a code, never a text (/auth?error=...). */
export const GOOGLE_ERRORS: Record<string, string> = {
  google_cancelled: 'Google sign-in was cancelled.',
  google_unverified: 'Your Google account’s email address is not verified, so we cannot use it to sign you in.',
  google_conflict: 'This email address is linked to a different Google account.',
  google_failed: 'Google sign-in failed. Please try again.',
}
