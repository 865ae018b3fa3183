import { Group, Progress, Stack, Text } from '@mantine/core'
import { ageOn, formatEventDate, personGlance, TIER_LABELS, ukToday, type PersonSummary } from '@presently/domain'
import { IconCalendarEvent, IconHeart, IconRosetteDiscountCheckFilled } from '@tabler/icons-react'
import { CardLink } from '../../lib/links'
import { TIER_COLOURS, TierBadge } from './tier-badge'

/**
 * One person on My People (spec account-area §2): a card linking to /my-account/person/{id}
 * with the name, relationship, tier badge and completeness (a special icon at 100%, §4), their
 * interests and dates counted; under the relationship their age and next date ("58 · Birthday in
 * 12 days", issue 26).
 */
export function PersonCard({ person }: { person: PersonSummary }) {
  const next = person.events[0]
  const today = ukToday()
  const glance = personGlance(ageOn(person.date_of_birth, today), person.events, today)
  return (
    <CardLink
      to="/my-account/person/$id"
      params={{ id: String(person.id) }}
      withBorder
      radius="md"
      padding="md"
      data-testid="person-card"
      aria-label={`${person.name}, ${person.relationship?.name ?? 'no relationship'}, ${TIER_LABELS[person.tier]}, ${person.completeness}% complete`}
      style={{ textDecoration: 'none', color: 'inherit', height: '100%' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {person.name}
            </Text>
            <Text size="sm" c="dimmed">
              {person.relationship?.name ?? 'Relationship not set'}
            </Text>
            {glance ? (
              <Text size="sm" fw={600} c="brand.8" data-testid="person-glance">
                {glance}
              </Text>
            ) : null}
          </div>
          <TierBadge tier={person.tier} style={{ flex: 'none' }} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <Progress
            value={person.completeness}
            color={TIER_COLOURS[person.tier].bar}
            size="sm"
            radius="xl"
            style={{ flex: 1 }}
            aria-hidden
          />
          <Text size="xs" fw={600} w={38} ta="right">
            {person.completeness}%
          </Text>
          {person.completeness >= 100 ? (
            <IconRosetteDiscountCheckFilled size={18} color={TIER_COLOURS.gold.bar} aria-label="Complete profile" />
          ) : null}
        </Group>
        <Group gap="md">
          <Group gap={4}>
            <IconHeart size={15} aria-hidden color="var(--mantine-color-gray-7)" />
            <Text size="xs" c="dimmed">
              {person.interestCount} {person.interestCount === 1 ? 'interest' : 'interests'}
            </Text>
          </Group>
          <Group gap={4}>
            <IconCalendarEvent size={15} aria-hidden color="var(--mantine-color-gray-7)" />
            <Text size="xs" c="dimmed">
              {person.events.length === 0
                ? 'No dates'
                : next && person.events.length === 1
                  ? `${next.occasion.label}, ${formatEventDate(next.rule !== 'fixed' ? next.nextOccurrence : next.date)}`
                  : `${person.events.length} dates`}
            </Text>
          </Group>
        </Group>
      </Stack>
    </CardLink>
  )
}
