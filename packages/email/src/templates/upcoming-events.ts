import { createElement as h } from 'react'
import { Button, Link, Section, Text } from '@react-email/components'
import { layout, styles } from './layout.ts'

/** One event in the upcoming-events email. */
export interface UpcomingEventItem {
  personName: string
  occasionLabel: string
  /** "Friday 14th March" (en-GB, from the event's next occurrence). */
  dateLabel: string
  /** How many days away, 0 = today. */
  daysAway: number
  /** `${appUrl}/?person={id}&occasion={id}`: the home page set up for that gift. */
  findGiftUrl: string
  /** The person's top recommended gift categories for the occasion (the recommendation engine). */
  topCategories?: { name: string; url: string }[]
}

export interface UpcomingEventsProps {
  appUrl: string
  unsubscribeUrl: string
  displayName?: string | null
  events: UpcomingEventItem[]
  /** How many days the email looks ahead (the window, docs/decisions/email-jobs.md). */
  windowDays: number
}

export const upcomingEventsSubject = 'Upcoming occasions: time to find the perfect gift'

function whenText(daysAway: number): string {
  if (daysAway === 0) return 'today'
  if (daysAway === 1) return 'tomorrow'
  return `in ${daysAway} days`
}

/** The scheduled "upcoming events" campaign email (issue 13, spec account-area §2 Tools). */
export function upcomingEventsEmail({ appUrl, unsubscribeUrl, displayName, events, windowDays }: UpcomingEventsProps) {
  return layout(
    {
      appUrl,
      unsubscribeUrl,
      preview: `You have ${events.length} occasion${events.length === 1 ? '' : 's'} coming up`,
    },
    h(Text, { style: styles.heading }, 'Occasions coming up'),
    h(Text, { style: styles.text }, displayName ? `Hello ${displayName},` : 'Hello,'),
    h(
      Text,
      { style: styles.text },
      `Here is what is coming up in the next ${windowDays} day${windowDays === 1 ? '' : 's'}. Find the perfect gift in time:`,
    ),
    ...events.map((event) =>
      h(
        Section,
        { style: styles.action },
        h(
          Text,
          { style: styles.text },
          `${event.personName}: ${event.occasionLabel}, ${event.dateLabel} (${whenText(event.daysAway)})`,
        ),
        event.topCategories && event.topCategories.length > 0
          ? h(
              Text,
              { style: styles.small },
              'Gift ideas: ',
              ...event.topCategories.flatMap((category, index) => [
                index > 0 ? ', ' : '',
                h(Link, { href: category.url, style: styles.link }, category.name),
              ]),
            )
          : null,
        h(Button, { href: event.findGiftUrl, style: styles.button }, 'Find Gift'),
      ),
    ),
  )
}
