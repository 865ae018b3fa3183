import { createElement as h } from 'react'
import { Button } from '@react-email/button'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { layout, styles } from './layout.ts'

/** One due alert in the day's email (issue 39). */
export interface PriceAlertItem {
  title: string
  /** "price" (it fell by the user's minimum drop and at least £1) or "back" (back in stock). */
  kind: 'price' | 'back'
  /** "£40.00": the price when watching started or when last alerted. */
  oldPrice: string
  /** "£28.00": the price now. */
  newPrice: string
  /** The product page. */
  productUrl: string
  /** Buy Now: the product page's Buy Now (the click-through flow needs a signed-in page). */
  buyUrl: string
}

export interface PriceAlertsEmailProps {
  appUrl: string
  /** The spec's global unsubscribe page (every email). */
  unsubscribeUrl: string
  /** Turns off price alerts alone (issue 39). */
  alertsUnsubscribeUrl: string
  /** Account Settings, where alerts and their minimum drop are set. */
  settingsUrl: string
  displayName?: string | null
  alerts: PriceAlertItem[]
}

/** The subject: the one product, or how many. */
export function priceAlertsSubject(alerts: readonly PriceAlertItem[]): string {
  const first = alerts[0]
  if (alerts.length === 1 && first) {
    return first.kind === 'back'
      ? `Back in stock: ${first.title}`
      : `Price drop: ${first.title} is now ${first.newPrice} (was ${first.oldPrice})`
  }
  return `${alerts.length} of your saved gifts are cheaper or back in stock`
}

/**
 * The day's price alert email (issue 39): every due alert of one user, each with its product,
 * old and new price and a Buy Now button; an alerts-only unsubscribe above the layout's global one.
 */
export function priceAlertsEmail({
  appUrl,
  unsubscribeUrl,
  alertsUnsubscribeUrl,
  settingsUrl,
  displayName,
  alerts,
}: PriceAlertsEmailProps) {
  return layout(
    { appUrl, unsubscribeUrl, preview: priceAlertsSubject(alerts) },
    h(Text, { style: styles.heading }, alerts.length === 1 ? 'A price alert' : 'Price alerts'),
    h(Text, { style: styles.text }, displayName ? `Hello ${displayName},` : 'Hello,'),
    h(Text, { style: styles.text }, 'Good news about gifts you saved:'),
    ...alerts.map((alert) =>
      h(
        Section,
        { style: styles.action },
        h(
          Text,
          { style: { ...styles.text, fontWeight: 700, margin: '0 0 4px' } },
          h(Link, { href: alert.productUrl, style: styles.link }, alert.title),
        ),
        h(
          Text,
          { style: styles.text },
          alert.kind === 'back'
            ? `Back in stock at ${alert.newPrice}.`
            : `Now ${alert.newPrice}, was ${alert.oldPrice} when you saved it.`,
        ),
        h(Button, { href: alert.buyUrl, style: styles.button }, 'Buy Now'),
      ),
    ),
    h(
      Text,
      { style: styles.small },
      'You get at most one of these emails a day. ',
      h(Link, { href: settingsUrl, style: styles.link }, 'Change the minimum drop'),
      ' or ',
      h(Link, { href: alertsUnsubscribeUrl, style: styles.link }, 'turn off price alerts'),
      ' (other emails keep coming).',
    ),
  )
}
