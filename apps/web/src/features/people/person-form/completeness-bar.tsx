import { Box, Group, Paper, Progress, Text } from '@mantine/core'
import { FORM_TIER_MARKS, formTier, type ProfileTier } from '@presently/domain'
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react'
import { TIER_COLOURS } from '../tier-badge'

/** The bar's three zones: Bronze to 45, Silver to 75, Gold to 100 (spec account-area §4, §9). */
const ZONES: Array<{ tier: ProfileTier; label: string; from: number; to: number }> = [
  { tier: 'bronze', label: 'Bronze', from: 0, to: FORM_TIER_MARKS.silver },
  { tier: 'silver', label: 'Silver', from: FORM_TIER_MARKS.silver, to: FORM_TIER_MARKS.gold },
  { tier: 'gold', label: 'Gold', from: FORM_TIER_MARKS.gold, to: FORM_TIER_MARKS.complete },
]

/**
 * The profile form's completeness bar (spec account-area §2 "A completeness bar shows Bronze,
 * Silver and Gold marks", §4 messages): the live percentage, marks at 45 and 75 dividing the
 * Bronze, Silver and Gold zones, and formTier's message. Announced politely as it changes.
 */
export function CompletenessBar({ percent }: { percent: number }) {
  const { tier, message } = formTier(percent)
  const colourTier: ProfileTier = tier === 'complete' ? 'gold' : tier
  return (
    <Paper withBorder radius="md" p="md" data-testid="completeness-bar">
      <Group justify="space-between" gap="xs" mb={6}>
        <Text fw={600} id="completeness-label">
          Profile completeness
        </Text>
        <Group gap={4}>
          {tier === 'complete' ? (
            <IconRosetteDiscountCheckFilled size={20} color={TIER_COLOURS.gold.bar} aria-hidden />
          ) : null}
          <Text fw={700} data-testid="completeness-percent">
            {percent}%
          </Text>
        </Group>
      </Group>
      <Box pos="relative">
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          color={TIER_COLOURS[colourTier].bar}
          aria-label="Profile completeness"
          transitionDuration={200}
        />
        {[FORM_TIER_MARKS.silver, FORM_TIER_MARKS.gold].map((mark) => (
          <Box
            key={mark}
            aria-hidden
            pos="absolute"
            top={-3}
            bottom={-3}
            w={2}
            left={`calc(${mark}% - 1px)`}
            bg="var(--mantine-color-gray-6)"
            style={{ borderRadius: 1 }}
          />
        ))}
      </Box>
      <Box
        aria-hidden
        mt={4}
        style={{ display: 'grid', gridTemplateColumns: ZONES.map((z) => `${z.to - z.from}fr`).join(' ') }}
      >
        {ZONES.map((zone) => {
          const reached = percent >= zone.from
          return (
            <Text
              key={zone.tier}
              size="xs"
              ta="center"
              fw={colourTier === zone.tier ? 700 : 500}
              c={reached ? TIER_COLOURS[zone.tier].text : 'dimmed'}
            >
              {zone.label} {zone.from > 0 ? `${zone.from}%+` : ''}
            </Text>
          )
        })}
      </Box>
      <Text size="sm" mt={6} aria-live="polite" data-testid="completeness-message">
        {message}
      </Text>
    </Paper>
  )
}
