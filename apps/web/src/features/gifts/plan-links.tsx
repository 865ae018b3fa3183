import { Group } from '@mantine/core'
import { currentPlanYear, ukToday } from '@presently/domain'
import { AnchorLink } from '../../lib/links'

/**
 * Links to the occasion plans of `occasions` (issue 22), e.g. "Christmas 2026 plan": each
 * occasion once, in the order given.
 */
export function PlanLinks({ occasions, max = 6 }: { occasions: readonly string[]; max?: number }) {
  const today = ukToday()
  const labels = [...new Set(occasions)].slice(0, max)
  if (labels.length === 0) return null
  return (
    <Group gap="md" component="nav" aria-label="Occasion plans" data-testid="plan-links">
      {labels.map((label) => {
        const year = String(currentPlanYear(label, today))
        return (
          <AnchorLink key={label} to="/my-account/plan/$occasion/$year" params={{ occasion: label, year }} size="sm">
            {label} {year} plan
          </AnchorLink>
        )
      })}
    </Group>
  )
}
