import { Button, Group, Stack, Text } from '@mantine/core'
import { TIER_LABELS, type PersonSummary } from '@presently/domain'
import { useId } from 'react'
import { PEOPLE_UI } from './messages'
import { relationshipTypeCounts, tierCounts, TIERS, type PeopleFilters } from './people-filters'

interface FilterControlsProps {
  people: readonly PersonSummary[]
  filters: PeopleFilters
  onChange: (filters: PeopleFilters) => void
  /** Stack the two groups' buttons (the mobile sheet). */
  stacked?: boolean
}

/**
 * The two filters of My People (spec account-area §2): relationship type ("All (n)" and a
 * button per type with its count) and profile quality (All Quality Levels, Gold, Silver,
 * Bronze with counts). Toggle buttons (aria-pressed) in labelled groups.
 */
export function PeopleFilterControls({ people, filters, onChange, stacked = false }: FilterControlsProps) {
  const typeId = useId()
  const tierId = useId()
  const types = relationshipTypeCounts(people, filters.tier)
  const tiers = tierCounts(people, filters.relationshipType)
  const option = (pressed: boolean, label: string, onClick: () => void, testId: string) => (
    <Button
      key={testId}
      size="xs"
      radius="xl"
      variant={pressed ? 'filled' : 'default'}
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      fullWidth={stacked}
      justify={stacked ? 'space-between' : undefined}
    >
      {label}
    </Button>
  )
  const Buttons = stacked ? Stack : Group
  return (
    <Stack gap="sm">
      <div role="group" aria-labelledby={typeId}>
        <Text size="sm" fw={600} id={typeId} mb={6}>
          Relationship
        </Text>
        <Buttons gap={6}>
          {option(
            filters.relationshipType === null,
            PEOPLE_UI.all(types.all),
            () => onChange({ ...filters, relationshipType: null }),
            'type-filter-all',
          )}
          {types.types.map(({ type, count }) =>
            option(
              filters.relationshipType === type,
              `${type} (${count})`,
              () => onChange({ ...filters, relationshipType: type }),
              `type-filter-${type}`,
            ),
          )}
        </Buttons>
      </div>
      <div role="group" aria-labelledby={tierId}>
        <Text size="sm" fw={600} id={tierId} mb={6}>
          Profile quality
        </Text>
        <Buttons gap={6}>
          {option(
            filters.tier === null,
            `${PEOPLE_UI.allQualityLevels} (${tiers.all})`,
            () => onChange({ ...filters, tier: null }),
            'tier-filter-all',
          )}
          {TIERS.map((tier) =>
            option(
              filters.tier === tier,
              `${TIER_LABELS[tier]} (${tiers[tier]})`,
              () => onChange({ ...filters, tier }),
              `tier-filter-${tier}`,
            ),
          )}
        </Buttons>
      </div>
    </Stack>
  )
}
