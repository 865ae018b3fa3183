import { createElement as h } from 'react'
import { Section, Text } from '@react-email/components'
import { layout, styles } from './layout.ts'

export interface SignInCodeProps {
  appUrl: string
  unsubscribeUrl: string
  displayName?: string | null
  /** The 6-digit one-time code. */
  code: string
  /** How long the code works, in minutes (10). */
  validMinutes: number
}

export const signInCodeSubject = 'Your Presently sign-in code'

/**
 * Sent when the right password is given for an account that many failed sign-ins are aimed at
 * (issue 41, docs/decisions/rate-limits.md): the code completes that sign-in.
 */
export function signInCodeEmail({ appUrl, unsubscribeUrl, displayName, code, validMinutes }: SignInCodeProps) {
  return layout(
    { appUrl, unsubscribeUrl, preview: `Your sign-in code is ${code}` },
    h(Text, { style: styles.heading }, 'Your sign-in code'),
    h(Text, { style: styles.text }, displayName ? `Hello ${displayName},` : 'Hello,'),
    h(
      Text,
      { style: styles.text },
      'Someone has been trying many wrong passwords on your Presently account, so signing in now needs this code as well as your password. Enter it where you signed in:',
    ),
    h(Section, { style: styles.action }, h(Text, { style: { ...styles.heading, letterSpacing: '0.3em' } }, code)),
    h(
      Text,
      { style: styles.small },
      `The code works for ${validMinutes} minutes and only once. If you were not signing in just now, someone knows your password: ` +
        'choose a new one with "Forgot password?" on the sign-in page.',
    ),
  )
}
