import { z } from 'zod'
import { isStorableText, safeText } from './input.ts'

/**
 * Messages of the auth and account calls, shared by the server (REST and tRPC) and the web app.
 * Where the spec gives a text it is copied exactly (spec browsing-and-purchase §5 and §8,
 * account-area §5 and §8).
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  emailInvalidForgot: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 100 characters',
  newPasswordTooShort: 'New password must be at least 6 characters',
  currentPasswordRequired: 'Current password is required',
  resetPasswordTooShort: 'Password must be at least 8 characters',
  resetPasswordComplexity: 'Password must include uppercase, lowercase and a number',
  tokenRequired: 'A token is required',

  unauthorized: 'Unauthorized',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed:
    'Please confirm your email address before signing in. Check your inbox for the confirmation link, or resend the confirmation email.',
  emailExists: 'An account with this email address already exists',
  loginSuccess: 'Login successful',
  registerSuccess: 'Registration successful. Please check your email to confirm your account.',
  logoutSuccess: 'Logged out',
  resendSuccess: 'Confirmation email sent successfully.',
  forgotPasswordNeutral: "If an account exists with that email, we've sent instructions to reset your password.",
  resetSuccess: 'Your password has been reset. You can now sign in with your new password.',
  resetFailed: 'Password reset failed. The link may be invalid or expired.',
  confirmSuccess: 'Email confirmed successfully',
  confirmFailed: 'Failed to confirm email. The token may be invalid or expired.',
  unsubscribeSuccess: 'You have been successfully unsubscribed from email notifications.',
  unsubscribeFailed: 'Failed to unsubscribe. The link may be invalid or expired.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  /**
   * Issue 41: past AUTH_LOGIN_EMAIL_FAILURE_MAX failures on an email, a sign-in with a right or a
   * wrong password gets this same answer (the password's rightness is not told), and a right one
   * is emailed a code. The web's sign-in form recognises this exact text and asks for the code.
   */
  signInCodeSent:
    'To keep this account safe, signing in needs a code as well as the password. If the email and password are right, we have emailed a 6-digit code to that address: enter it below.',
  signInCodeWrong: 'That code is wrong or has expired. Use the code in our latest email, or ask for a new one.',
  signInCodeInvalid: 'Enter the 6-digit code from the email',
  crossSiteRefused: 'Cross-site request refused',
  googleNotConfigured: 'Google sign-in is not configured',

  passwordSet: 'Password set successfully',
  passwordAlreadySet: 'Your account already has a password. Use Change Password instead.',
  passwordChanged: 'Password changed successfully',
  noPasswordToChange: 'Your account has no password yet. Use Set Password instead.',
  currentPasswordWrong: 'Current password is incorrect',
  unsubscribedUpdated: 'You have been unsubscribed from emails.',
  subscribedUpdated: 'You have been subscribed to emails.',
} as const

/** Password lengths (spec browsing-and-purchase §9, account-area §9). */
export const PASSWORD_MIN_LENGTH = 6
export const RESET_PASSWORD_MIN_LENGTH = 8
/** Upper bound of every password: the reset form's 100 (spec §5), also a cap on hashing work. */
export const PASSWORD_MAX_LENGTH = 100

/** Lower-cased, trimmed email; "Email is required" when empty, else "Please enter a valid email". */
function emailField(invalidMessage: string) {
  return z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, AUTH_MESSAGES.emailRequired)
    .pipe(z.email(invalidMessage).max(254, invalidMessage))
}

export const emailInput = emailField(AUTH_MESSAGES.emailInvalid)

/** A password of the login and register forms: 6 characters or more (spec browsing-and-purchase §5). */
export const passwordField = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)

/** POST /api/auth/login. */
export const loginInput = z.object({ email: emailInput, password: passwordField })
export type LoginInput = z.input<typeof loginInput>

/**
 * POST /api/auth/login/code (issue 41): the sign-in's email and password again, with the
 * 6-digit one-time code emailed after AUTH_MESSAGES.signInCodeSent. Spaces in the code are ignored.
 */
export const loginWithCodeInput = loginInput.extend({
  code: z
    .string({ error: AUTH_MESSAGES.signInCodeInvalid })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, AUTH_MESSAGES.signInCodeInvalid)),
})
export type LoginWithCodeInput = z.input<typeof loginWithCodeInput>

/** POST /api/auth/register; displayName is optional (present in the form defaults only). */
export const registerInput = z.object({
  email: emailInput,
  password: passwordField,
  displayName: safeText({ max: 100 })
    .optional()
    .transform((v) => (v ? v : undefined)),
})
export type RegisterInput = z.input<typeof registerInput>

/** The longest display name an account keeps (the register form's limit). */
export const DISPLAY_NAME_MAX = 100

/**
 * The claims of Google's ID token that sign-in stores (GET /api/auth/google/callback). They are
 * what the Google account holder typed, so they get the checks of any input: `sub` and `email`
 * must be text PostgreSQL can store (a NUL was a 500) and the email a valid address (an empty
 * one made an account with no email); the name is kept only when storable, cut to
 * {@link DISPLAY_NAME_MAX} characters (register's limit; a 100 KB name was kept whole).
 */
export const googleClaimsInput = z.object({
  sub: safeText({ max: 255, trim: false }).min(1),
  email: emailInput,
  email_verified: z.boolean().optional(),
  name: z
    .unknown()
    .optional()
    .transform((v) => {
      if (typeof v !== 'string' || !isStorableText(v)) return null
      const name = Array.from(v.trim()).slice(0, DISPLAY_NAME_MAX).join('').trim()
      return name || null
    }),
})

/** POST /api/auth/resend-confirmation. */
export const resendConfirmationInput = z.object({ email: emailInput })

/** POST /api/auth/forgot-password (its own message, spec browsing-and-purchase §5). */
export const forgotPasswordInput = z.object({ email: emailField(AUTH_MESSAGES.emailInvalidForgot) })

/** An email token from a link: base32 text, bounded so lookups stay cheap. */
export const tokenField = z
  .string({ error: AUTH_MESSAGES.tokenRequired })
  .trim()
  .min(1, AUTH_MESSAGES.tokenRequired)
  .max(200, AUTH_MESSAGES.tokenRequired)
  .refine(isStorableText, AUTH_MESSAGES.tokenRequired)

export const tokenInput = z.object({ token: tokenField })

/** A new password on the reset page: 8..100, upper, lower and a digit (spec browsing-and-purchase §5). */
export const resetPasswordField = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(RESET_PASSWORD_MIN_LENGTH, AUTH_MESSAGES.resetPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), AUTH_MESSAGES.resetPasswordComplexity)

/** POST /api/auth/reset-password. */
export const resetPasswordInput = z.object({ token: tokenField, password: resetPasswordField })

/** POST /api/user/set-password (account-area §5). */
export const setPasswordInput = z.object({ password: passwordField })

/** POST /api/user/change-password (account-area §5). */
export const changePasswordInput = z.object({
  currentPassword: z
    .string({ error: AUTH_MESSAGES.currentPasswordRequired })
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.currentPasswordWrong),
  newPassword: z
    .string({ error: AUTH_MESSAGES.newPasswordTooShort })
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.newPasswordTooShort)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
})

/** POST /api/user/update-unsubscribed. */
export const updateUnsubscribedInput = z.object({ unsubscribed: z.boolean() })

/**
 * The session's user (spec browsing-and-purchase §3 "User (session)", account-area §3 "User").
 * hasPassword is the spec's "password present or absent"; the hash never leaves the server.
 */
export const sessionUserOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  is_staff: z.boolean(),
  is_admin: z.boolean(),
  hasPassword: z.boolean(),
  unsubscribed: z.boolean(),
  displayName: z.string().nullable(),
})
export type SessionUserOutput = z.output<typeof sessionUserOutput>

/** Roles a staff member can be granted (spec browsing-and-purchase §6). */
export const ROLES = ['staff', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** GET/POST /api/user/welcome (issue 26): whether home shows the first-visit start. */
export const welcomeOutput = z.object({ firstVisit: z.boolean() })
export type WelcomeOutput = z.infer<typeof welcomeOutput>
