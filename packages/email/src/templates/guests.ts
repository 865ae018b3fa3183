import { createElement as h } from 'react'
import { Button, Link, Section, Text } from '@react-email/components'
import { layout, styles } from './layout.ts'

/** Why a guest (no account) gets mail from the shop (issue 37). */
export const GUEST_FOOTER_REASON =
  'You are receiving this email because someone gave this address on Presently to take part without an account.'

export interface GuestConfirmEmailProps {
  appUrl: string
  /** `${appUrl}/guest/confirm/{token}`: works once, for `validHours`. */
  confirmUrl: string
  /** `${appUrl}/my-claims/{token}`: the guest's personal page, on any device. */
  personalUrl: string
  name: string
  /** What the guest is confirming, one line each ("Lego Duplo on Sam's list “Christmas”"). */
  lines: string[]
  /** How long the link works, in hours (48). */
  validHours: number
  /** How long what they did is held without confirming, in hours (2), or null when nothing is held. */
  holdHours: number | null
}

export const guestConfirmSubject = 'Confirm your email address to keep your claim'

/**
 * The one confirmation mail of a guest (issue 37; the gift exchanges use it too): the link that
 * proves they read this inbox, and their personal page's link.
 */
export function guestConfirmEmail(props: GuestConfirmEmailProps) {
  const { appUrl, confirmUrl, personalUrl, name, lines, validHours, holdHours } = props
  return layout(
    {
      appUrl,
      unsubscribeUrl: personalUrl,
      preview: 'Confirm your email address to keep what you claimed',
      guestFooter: { reason: GUEST_FOOTER_REASON, linkText: 'Your claims, your details, and deleting them' },
    },
    h(Text, { style: styles.heading }, 'Confirm your email address'),
    h(Text, { style: styles.text }, `Hello ${name},`),
    h(
      Text,
      { style: styles.text },
      lines.length > 0
        ? 'Please confirm that this is your email address to keep what you asked for:'
        : 'Please confirm that this is your email address.',
    ),
    ...lines.map((line, index) => h(Text, { key: index, style: styles.text }, `• ${line}`)),
    h(Section, { style: styles.action }, h(Button, { href: confirmUrl, style: styles.button }, 'Confirm')),
    h(Text, { style: styles.small }, `Or paste this link into your browser: ${confirmUrl}`),
    h(
      Text,
      { style: styles.small },
      holdHours === null
        ? `The link works for ${validHours} hours and only once.`
        : `We hold it for you for ${holdHours} hours; after that it is released unless you confirm. The link works for ${validHours} hours and only once. If this was not you, ignore this email.`,
    ),
    h(
      Text,
      { style: styles.text },
      'See or undo your claims on any device: ',
      h(Link, { href: personalUrl, style: styles.link }, personalUrl),
    ),
  )
}

/** One change a claimer hears of (issue 37). */
export interface ListDigestChange {
  listName: string
  ownerName: string
  itemTitle: string
  /** "removed", or "changed" with its lines ("Price: £20.00 → £25.00"). */
  kind: 'changed' | 'removed'
  details: string[]
}

/** Items added to a watched list (issue 37). */
export interface ListDigestAdded {
  listName: string
  ownerName: string
  /** The list's page for this person, or null when its link no longer reaches them. */
  url: string | null
  titles: string[]
}

export interface ListDigestEmailProps {
  appUrl: string
  /** The account's unsubscribe page, or the guest's personal page. */
  unsubscribeUrl: string
  /** True for a guest: their footer. */
  guest: boolean
  /** Where the claims page is: /my-account/claims for accounts, the guest's personal page. */
  claimsUrl: string
  name: string | null
  changes: ListDigestChange[]
  added: ListDigestAdded[]
}

/** Subject of the daily digest. */
export function listDigestSubject(props: Pick<ListDigestEmailProps, 'changes' | 'added'>): string {
  if (props.changes.length > 0) {
    return props.changes.length === 1
      ? `A gift you claimed was ${props.changes[0]!.kind === 'removed' ? 'removed' : 'changed'}`
      : `${props.changes.length} gifts you claimed were changed or removed`
  }
  return 'New on a wish list you are watching'
}

/**
 * The daily digest of wish-list changes (issue 37): at most one a day per person, grouping every
 * change to items they claimed or pledged towards and the items added to lists they watch.
 */
export function listDigestEmail(props: ListDigestEmailProps) {
  const { appUrl, unsubscribeUrl, guest, claimsUrl, name, changes, added } = props
  return layout(
    {
      appUrl,
      unsubscribeUrl,
      preview: listDigestSubject(props),
      ...(guest
        ? { guestFooter: { reason: GUEST_FOOTER_REASON, linkText: 'Your claims, your details, and deleting them' } }
        : {}),
    },
    h(Text, { style: styles.heading }, 'Wish list news'),
    h(Text, { style: styles.text }, name ? `Hello ${name},` : 'Hello,'),
    ...(changes.length > 0
      ? [
          h(Text, { key: 'ch', style: styles.text }, 'The list’s owner changed things you claimed:'),
          ...changes.map((c, index) =>
            h(
              Text,
              { key: `c${index}`, style: styles.text },
              `• ${c.itemTitle} on ${c.ownerName}’s list “${c.listName}”: ` +
                (c.kind === 'removed'
                  ? 'removed by the list’s owner'
                  : `changed by the list’s owner (${c.details.join('; ')})`),
            ),
          ),
        ]
      : []),
    ...added.map((a, index) =>
      h(
        Text,
        { key: `a${index}`, style: styles.text },
        `New on ${a.ownerName}’s list “${a.listName}”: ${a.titles.join(', ')}`,
        a.url ? ' — ' : '',
        a.url ? h(Link, { href: a.url, style: styles.link }, 'see the list') : '',
      ),
    ),
    h(Section, { style: styles.action }, h(Button, { href: claimsUrl, style: styles.button }, 'See your claims')),
    h(Text, { style: styles.small }, 'We send at most one of these a day.'),
  )
}
