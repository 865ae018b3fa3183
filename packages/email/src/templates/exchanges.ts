import { createElement as h } from 'react'
import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { styles } from './layout.ts'

/**
 * The gift-exchange mails (issue 36): invitation, "names are drawn", reminders, "your giftee's
 * list changed", "the organiser looked" and the like. None of them names a giftee or a Santa:
 * the pair is only ever on the participant's own page (docs/decisions/gift-exchanges.md). The
 * footer says why the mail came (someone put the address in an exchange) and links to the
 * participant's page, where exchange emails are turned off.
 */
export interface ExchangeEmailProps {
  appUrl: string
  /** Inbox preview line. */
  preview: string
  heading: string
  /** Paragraphs, in order. */
  paragraphs: readonly string[]
  /** The button: the participant's personal page or the join confirmation. */
  action: { label: string; url: string }
  exchangeName: string
  /** The page that turns exchange emails off (the personal page); absent on the confirmation itself. */
  unsubscribeUrl?: string
}

/** Renders one exchange mail (see {@link ExchangeEmailProps}). */
export function exchangeEmail(props: ExchangeEmailProps) {
  const { appUrl, preview, heading, paragraphs, action, exchangeName, unsubscribeUrl } = props
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
        h(Text, { style: styles.heading }, heading),
        ...paragraphs.map((text) => h(Text, { style: styles.text }, text)),
        h(Section, { style: styles.action }, h(Button, { href: action.url, style: styles.button }, action.label)),
        h(Text, { style: styles.small }, `Or paste this link into your browser: ${action.url}`),
        h(
          Text,
          { style: styles.small },
          'This link is yours alone: anyone who has it can open your page, so please do not forward this email.',
        ),
        h(Hr, { style: styles.hr }),
        h(
          Text,
          { style: styles.small },
          `You are receiving this email because you are in the gift exchange “${exchangeName}” on `,
          h(Link, { href: appUrl, style: styles.link }, appUrl.replace(/^https?:\/\//, '')),
          '.',
        ),
        unsubscribeUrl
          ? h(
              Text,
              { style: styles.small },
              'Don’t want emails about this exchange? ',
              h(Link, { href: unsubscribeUrl, style: styles.link }, 'Turn them off on your page'),
            )
          : null,
      ),
    ),
  )
}
