import { createElement as h } from 'react'
import { Button } from '@react-email/button'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { layout, styles } from './layout.ts'

export interface ResetPasswordProps {
  appUrl: string
  /** `${appUrl}/reset-password?token=...`. */
  resetUrl: string
  unsubscribeUrl: string
  displayName?: string | null
  /** How long the link works, in minutes (60). */
  validMinutes: number
}

export const resetPasswordSubject = 'Reset your Presently password'

/** Sent on "Forgot password" (spec browsing-and-purchase §2 /forgot-password and /reset-password). */
export function resetPasswordEmail({
  appUrl,
  resetUrl,
  unsubscribeUrl,
  displayName,
  validMinutes,
}: ResetPasswordProps) {
  return layout(
    { appUrl, unsubscribeUrl, preview: 'Choose a new password for your Presently account' },
    h(Text, { style: styles.heading }, 'Reset your password'),
    h(Text, { style: styles.text }, displayName ? `Hello ${displayName},` : 'Hello,'),
    h(
      Text,
      { style: styles.text },
      'We received a request to reset the password of your Presently account. Choose a new password with the button below.',
    ),
    h(Section, { style: styles.action }, h(Button, { href: resetUrl, style: styles.button }, 'Choose a new password')),
    h(Text, { style: styles.small }, `Or paste this link into your browser: ${resetUrl}`),
    h(
      Text,
      { style: styles.small },
      `The link works for ${validMinutes} minutes and only once. Resetting your password signs you out everywhere. ` +
        'If you did not ask for this, you can ignore this email: your password stays the same.',
    ),
  )
}
