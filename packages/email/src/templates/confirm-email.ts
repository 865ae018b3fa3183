import { createElement as h } from 'react'
import { Button } from '@react-email/button'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { layout, styles } from './layout.ts'

export interface ConfirmEmailProps {
  appUrl: string
  /** `${appUrl}/confirm-email?token=...`. */
  confirmUrl: string
  unsubscribeUrl: string
  displayName?: string | null
  /** How long the link works, in hours (48). */
  validHours: number
}

export const confirmEmailSubject = 'Confirm your email address for Presently'

/** Sent after registration and on "Resend confirmation email" (spec browsing-and-purchase §4). */
export function confirmEmail({ appUrl, confirmUrl, unsubscribeUrl, displayName, validHours }: ConfirmEmailProps) {
  return layout(
    { appUrl, unsubscribeUrl, preview: 'Confirm your email address to start using Presently' },
    h(Text, { style: styles.heading }, 'Confirm your email address'),
    h(Text, { style: styles.text }, displayName ? `Hello ${displayName},` : 'Hello,'),
    h(
      Text,
      { style: styles.text },
      'Thank you for creating a Presently account. Please confirm that this is your email address so that you can sign in.',
    ),
    h(
      Section,
      { style: styles.action },
      h(Button, { href: confirmUrl, style: styles.button }, 'Confirm email address'),
    ),
    h(Text, { style: styles.small }, `Or paste this link into your browser: ${confirmUrl}`),
    h(
      Text,
      { style: styles.small },
      `The link works for ${validHours} hours and only once. If you did not create an account, you can ignore this email.`,
    ),
  )
}
