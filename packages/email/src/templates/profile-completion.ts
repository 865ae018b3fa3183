import { createElement as h } from 'react'
import { Button } from '@react-email/button'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { layout, styles } from './layout.ts'

/** One person below the Gold tier in the profile-completion email. */
export interface IncompletePersonItem {
  name: string
  /** Whole percentage (spec account-area §9). */
  completeness: number
  /** "Bronze" or "Silver". */
  tierLabel: string
  /** Labels of the sections that would raise the tier, e.g. "Personality", "Interests". */
  missingSections: string[]
  /** `${appUrl}/my-account/people/{id}/edit`. */
  editUrl: string
}

export interface ProfileCompletionProps {
  appUrl: string
  unsubscribeUrl: string
  displayName?: string | null
  people: IncompletePersonItem[]
}

export const profileCompletionSubject = 'Complete your gift profiles for better recommendations'

/** The scheduled "profile completion" campaign email (issue 13, spec account-area §2 Tools, §9 tiers). */
export function profileCompletionEmail({ appUrl, unsubscribeUrl, displayName, people }: ProfileCompletionProps) {
  return layout(
    { appUrl, unsubscribeUrl, preview: 'A few details more and we can suggest better gifts' },
    h(Text, { style: styles.heading }, 'Complete your gift profiles'),
    h(Text, { style: styles.text }, displayName ? `Hello ${displayName},` : 'Hello,'),
    h(
      Text,
      { style: styles.text },
      'Profiles with all sections filled provide the best gift recommendations. These profiles could tell us more:',
    ),
    ...people.map((person) =>
      h(
        Section,
        { style: styles.action },
        h(Text, { style: styles.text }, `${person.name}: ${person.completeness}% complete (${person.tierLabel})`),
        h(Text, { style: styles.small }, `Add: ${person.missingSections.join(', ')}`),
        h(Button, { href: person.editUrl, style: styles.button }, `Edit ${person.name}`),
      ),
    ),
  )
}
