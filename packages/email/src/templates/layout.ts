import { createElement as h, type ReactNode } from 'react'
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components'

// Templates call createElement (as `h`) instead of JSX: the packages that import this one
// (api, server) then type-check and run it without a JSX setting of their own.

/** What every email carries (every mail has an unsubscribe link). */
export interface LayoutProps {
  /** The shop's public URL (APP_URL), without a trailing slash. */
  appUrl: string
  /** The inbox preview line. */
  preview: string
  /** `${appUrl}/unsubscribe?token=...`: the page that turns off email notifications. */
  unsubscribeUrl: string
  /**
   * The footer for a guest without an account (issue 37): why the mail came, and a link to their
   * personal page (where they stop watching, undo claims and delete their data) in place of the
   * account's unsubscribe page. Absent: the account footer.
   */
  guestFooter?: { reason: string; linkText: string }
}

const colours = { brand: '#c2410c', text: '#1f2937', muted: '#6b7280', border: '#e5e7eb', page: '#f9fafb' }

export const styles = {
  body: { backgroundColor: colours.page, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    border: `1px solid ${colours.border}`,
    borderRadius: '8px',
    margin: '0 auto',
    maxWidth: '560px',
    padding: '32px',
  },
  brand: { color: colours.brand, fontSize: '24px', fontWeight: 700, margin: '0 0 24px' },
  heading: { color: colours.text, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' },
  text: { color: colours.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  button: {
    backgroundColor: colours.brand,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 700,
    padding: '12px 24px',
    textDecoration: 'none',
  },
  action: { margin: '8px 0 24px' },
  small: { color: colours.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  link: { color: colours.brand },
  hr: { borderColor: colours.border, margin: '24px 0' },
} as const

/**
 * The base layout of every Presently email (en-GB): the brand, the content, and a footer that
 * says why the mail came and links to the unsubscribe page.
 */
export function layout({ appUrl, preview, unsubscribeUrl, guestFooter }: LayoutProps, ...content: ReactNode[]) {
  const footer = guestFooter
    ? [
        h(Text, { key: 'why', style: styles.small }, guestFooter.reason),
        h(
          Text,
          { key: 'link', style: styles.small },
          h(Link, { href: unsubscribeUrl, style: styles.link }, guestFooter.linkText),
        ),
      ]
    : [
        h(
          Text,
          { key: 'why', style: styles.small },
          'Presently helps you find thoughtful gifts for the people you love. You are receiving this email because an account at ',
          h(Link, { href: appUrl, style: styles.link }, appUrl.replace(/^https?:\/\//, '')),
          ' uses this address.',
        ),
        h(
          Text,
          { key: 'link', style: styles.small },
          'Don’t want our reminder emails? ',
          h(Link, { href: unsubscribeUrl, style: styles.link }, 'Unsubscribe'),
        ),
      ]
  return h(
    Html,
    { lang: 'en-GB', dir: 'ltr' },
    h(Head),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.brand }, 'Presently'),
        ...content,
        h(Hr, { style: styles.hr }),
        h(Section, null, ...footer),
      ),
    ),
  )
}
