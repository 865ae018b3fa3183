import {
  changePasswordInput,
  displayNameField,
  emailInput,
  forgotPasswordInput,
  passwordField,
  PASSWORD_MIN_LENGTH,
  resetPasswordField,
} from '@presently/domain'
import { AUTH_TEXT } from './messages'

/** What a field rule of @mantine/form returns: the message, or null when the value is fine. */
type Rule = (value: string) => string | null

/** A schema that can check one value (the shared zod schemas of @presently/domain). */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } }
}

/**
 * A form rule from one of the server's own input schemas, so the form and the server refuse
 * the same values with the same words (the first issue, as the server answers).
 */
function fromSchema(schema: FieldSchema): Rule {
  return (value) => {
    const result = schema.safeParse(value)
    return result.success ? null : (result.error?.issues[0]?.message ?? null)
  }
}

/** Login and register email: "Email is required", "Please enter a valid email" (spec §5). */
export const emailRule = fromSchema(emailInput)

/** Forgot password: "Please enter a valid email address" (spec §5). */
export const forgotEmailRule = fromSchema(forgotPasswordInput.shape.email)

/** Login and register password: "Password is required", "Password must be at least 6 characters". */
export const passwordRule = fromSchema(passwordField)

/** Reset password: 8..100 with upper, lower and a digit (spec browsing-and-purchase §5). */
export const resetPasswordRule = fromSchema(resetPasswordField)

/** Set password (account-area §5): at least 6 characters. */
export const setPasswordRule: Rule = (value) =>
  value.length < PASSWORD_MIN_LENGTH ? 'Password must be at least 6 characters' : fromSchema(passwordField)(value)

/** Change password (account-area §5): "Current password is required". */
export const currentPasswordRule = fromSchema(changePasswordInput.shape.currentPassword)

/** Change password (account-area §5): "New password must be at least 6 characters". */
export const newPasswordRule = fromSchema(changePasswordInput.shape.newPassword)

/** A confirmation field that must equal `field` of the same form. */
export function matches<Values>(field: keyof Values, message: string) {
  return (value: string, values: Values): string | null => (value === values[field] ? null : message)
}

/** Reset password confirmation: "Passwords don't match" (browsing-and-purchase §5). */
export const resetConfirmMessage = AUTH_TEXT.passwordsDontMatch
/** Set and change password confirmation: "Passwords do not match" (account-area §5). */
export const accountConfirmMessage = AUTH_TEXT.passwordsDoNotMatch

/** "Your name" (issue 43 §5): optional, at most 100 characters, not an email address. */
export const displayNameRule = fromSchema(displayNameField)
