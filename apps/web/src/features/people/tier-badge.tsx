import { Badge, type BadgeProps } from '@mantine/core'
import { TIER_LABELS, type ProfileTier } from '@presently/domain'
import { IconMedal } from '@tabler/icons-react'

/**
 * Colours of the profile tiers: metal-like tints with dark text, every pair above WCAG AA
 * contrast (the theme's yellow and grey light badges are not).
 */
export const TIER_COLOURS: Record<ProfileTier, { background: string; text: string; bar: string }> = {
  gold: { background: '#fdf0c2', text: '#7a5200', bar: '#d4a017' },
  silver: { background: '#eceff3', text: '#3f4954', bar: '#9aa5b1' },
  bronze: { background: '#f8e1cf', text: '#7c3d12', bar: '#b8733d' },
}

/** "Gold", "Silver" or "Bronze" as a badge (the list tiers of spec account-area §4). */
export function TierBadge({ tier, ...props }: { tier: ProfileTier } & BadgeProps) {
  const colours = TIER_COLOURS[tier]
  return (
    <Badge
      radius="sm"
      bg={colours.background}
      c={colours.text}
      leftSection={<IconMedal size={14} aria-hidden />}
      tt="none"
      fw={600}
      {...props}
    >
      {TIER_LABELS[tier]}
    </Badge>
  )
}
