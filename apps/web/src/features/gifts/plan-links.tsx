import { Group } from '@mantine/core'
import { planYearFor, ukToday } from '@presently/domain'
import { AnchorLink } from '../../lib/links'

/** An event as a plan link reads it: its occasion and, when known, its date. */
export interface PlanLinkEvent {
  label: string
  date?: string | null
}

/**
 * Links to the occasion plans of `events` (issue 22), e.g. "Christmas 2026 plan": each occasion
 * once, in the order given, for the year its events are in today (planYearFor: a March birthday
 * seen in November links next year's plan).
 */
export function PlanLinks({ events, max = 6 }: { events: readonly PlanLinkEvent[]; max?: number }) {
  const today = ukToday()
  const labels = [...new Set(events.map((e) => e.label))].slice(0, max)
  if (labels.length === 0) return null
  return (
    <Group gap="md" component="nav" aria-label="Occasion plans" data-testid="plan-links">
      {labels.map((label) => {
        const dates = events.filter((e) => e.label === label).map((e) => e.date)
        const year = String(planYearFor(label, dates, today))
        return (
          <AnchorLink key={label} to="/my-account/plan/$occasion/$year" params={{ occasion: label, year }} size="sm">
            {label} {year} plan
          </AnchorLink>
        )
      })}
    </Group>
  )
}
