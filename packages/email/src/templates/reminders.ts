import { createElement as h, type ReactNode } from 'react'
import { Button } from '@react-email/button'
import { Column } from '@react-email/column'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Row } from '@react-email/row'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { layout, styles } from './layout.ts'

/**
 * One gift idea in a reminder (issue 21): a product pick or a recommended category. Picks from
 * the gift-picks work plug in here unchanged: title, price, picture and the product page.
 */
export interface GiftIdea {
  title: string
  /** Shown as given, e.g. "£24.99" or "£20-£50". */
  price?: string | null
  /** Absolute URL of a picture; none shows the title alone. */
  imageUrl?: string | null
  /** The product page or the category listing. */
  url: string
}

/** One event's reminder in the email. */
export interface ReminderItem {
  /** The person or people the event is for. */
  peopleNames: string[]
  occasionLabel: string
  /** The event's own name, if any ("Silver wedding"). */
  eventName?: string | null
  /** "Sunday 7th March" (the occurrence, UK date). */
  dateLabel: string
  /** Days from today, 0 = today. */
  daysAway: number
  /** The person's gift budget, where they have one ("£20-£50"). */
  budget?: string | null
  /** Up to four ideas; more are cut. */
  giftIdeas: GiftIdea[]
  /** `${appUrl}/?person={id}&occasion={id}`: the person's gift ideas. */
  findGiftUrl: string
  /**
   * Issue 43 §4: the people of the event with a present bought or recorded for this occasion,
   * with what was spent ("£28.06", null when no price was given) and their budget ("£40").
   */
  done?: ReadonlyArray<{ name: string; spent: string | null; budget: string | null }>
}

export interface RemindersEmailProps {
  appUrl: string
  /** The spec's global unsubscribe page (every email). */
  unsubscribeUrl: string
  /** Turns off reminders alone (issue 21). */
  remindersUnsubscribeUrl: string
  displayName?: string | null
  reminders: ReminderItem[]
}

/** The most ideas a reminder shows (issue 21). */
export const MAX_GIFT_IDEAS = 4

/** "Mum", "Mum and Dad", "Ann, Bea and Cal". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

function whenText(daysAway: number): string {
  if (daysAway === 0) return 'today'
  if (daysAway === 1) return 'tomorrow'
  return `in ${daysAway} days`
}

/** "done (£28.06 of £40)", "done (£28.06)", "done" (issue 43 §4). */
export function doneText(done: { spent: string | null; budget: string | null }): string {
  if (done.spent && done.budget) return `done (${done.spent} of ${done.budget})`
  if (done.spent) return `done (${done.spent})`
  return 'done'
}

/** Whether every person of the event has their present: then it is not nudged. */
function allDone(item: ReminderItem): boolean {
  return item.peopleNames.length > 0 && (item.done?.length ?? 0) >= item.peopleNames.length
}

function occasionTitle(item: ReminderItem): string {
  const who = joinNames(item.peopleNames)
  const base = who ? `${who}'s ${item.occasionLabel}` : item.occasionLabel
  return item.eventName ? `${base}: ${item.eventName}` : base
}

/** The subject: the one occasion, or how many. */
export function remindersSubject(reminders: readonly ReminderItem[]): string {
  const first = reminders[0]
  if (reminders.length === 1 && first)
    return `${occasionTitle(first)} is ${whenText(first.daysAway)}: time to find a gift`
  return `${reminders.length} occasions coming up: time to find the perfect gift`
}

/**
 * The gift ideas block: up to four ideas with picture, title and price, each linking to its
 * page. A plain function of the ideas, so product picks and categories render alike.
 */
export function giftIdeasSection(ideas: readonly GiftIdea[]): ReactNode {
  const shown = ideas.slice(0, MAX_GIFT_IDEAS)
  if (shown.length === 0) return null
  return h(
    Section,
    { style: { margin: '0 0 12px' } },
    h(Text, { style: styles.small }, 'Gift ideas:'),
    h(
      Row,
      null,
      ...shown.map((idea) =>
        h(
          Column,
          {
            key: idea.url,
            style: { verticalAlign: 'top', width: `${Math.floor(100 / shown.length)}%`, padding: '0 4px' },
          },
          idea.imageUrl
            ? h(
                Link,
                { href: idea.url },
                h(Img, {
                  src: idea.imageUrl,
                  alt: idea.title,
                  width: 110,
                  style: { borderRadius: '4px', maxWidth: '100%' },
                }),
              )
            : null,
          h(
            Text,
            { style: { ...styles.small, margin: '4px 0 0' } },
            h(Link, { href: idea.url, style: styles.link }, idea.title),
            idea.price ? ` (${idea.price})` : '',
          ),
        ),
      ),
    ),
  )
}

/**
 * The gift reminder email (issue 21): one per user and run, one section per event due, each with
 * the people, occasion, date and "in N days", the budget where known, up to four gift ideas and
 * a "Find a gift" button; a person whose present is bought or recorded reads "Mum: done (£28.06 of
 * £40)", and an event whose people all have theirs gets no ideas or button (issue 43 §4); a reminders-only unsubscribe link above the layout's global one.
 */
export function remindersEmail({
  appUrl,
  unsubscribeUrl,
  remindersUnsubscribeUrl,
  displayName,
  reminders,
}: RemindersEmailProps) {
  return layout(
    { appUrl, unsubscribeUrl, preview: remindersSubject(reminders) },
    h(Text, { style: styles.heading }, reminders.length === 1 ? 'A gift reminder' : 'Gift reminders'),
    h(Text, { style: styles.text }, displayName ? `Hello ${displayName},` : 'Hello,'),
    h(Text, { style: styles.text }, 'There is still time to choose and deliver a present:'),
    ...reminders.map((item) =>
      h(
        Section,
        { style: styles.action },
        h(
          Text,
          { style: { ...styles.text, fontWeight: 700, margin: '0 0 4px' } },
          `${occasionTitle(item)}: ${item.dateLabel} (${whenText(item.daysAway)})`,
        ),
        item.budget ? h(Text, { style: styles.small }, `Budget: ${item.budget}`) : null,
        ...(item.done ?? []).map((d) => h(Text, { key: d.name, style: styles.small }, `${d.name}: ${doneText(d)}`)),
        allDone(item) ? null : giftIdeasSection(item.giftIdeas),
        allDone(item) ? null : h(Button, { href: item.findGiftUrl, style: styles.button }, 'Find a gift'),
      ),
    ),
    h(
      Text,
      { style: styles.small },
      'Reminders come before each event as set in your account. ',
      h(Link, { href: remindersUnsubscribeUrl, style: styles.link }, 'Turn off reminder emails'),
      ' (other emails keep coming).',
    ),
  )
}
