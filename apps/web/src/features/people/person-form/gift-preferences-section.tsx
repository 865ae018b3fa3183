import { Alert, Box, Chip, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { useTRPC } from '../../../lib/trpc'
import { giftPreferencesQueryOptions } from '../query-options'
import { toggleGiftPreference } from './form-values'

interface GiftPreferencesSectionProps {
  chosen: Array<{ optionId: number }>
  onChange: (chosen: Array<{ optionId: number }>) => void
}

/** Gift Preferences (spec account-area §2): groups where several options may be chosen (checkbox chips). */
export function GiftPreferencesSection({ chosen, onChange }: GiftPreferencesSectionProps) {
  const trpc = useTRPC()
  const groups = useQuery(giftPreferencesQueryOptions(trpc))
  if (groups.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={20} w="30%" />
        <Skeleton h={32} />
      </Stack>
    )
  }
  if (groups.isError) {
    return (
      <Alert color="red" variant="light" title="Error">
        Failed to fetch gift preference options
      </Alert>
    )
  }
  if (groups.data.length === 0) {
    return <Text c="dimmed">Gift preference options are not available at the moment.</Text>
  }
  const isChosen = (optionId: number) => chosen.some((c) => c.optionId === optionId)
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Choose as many as apply.
      </Text>
      {groups.data.map((group) => (
        <PreferenceGroup key={group.id} name={group.name}>
          {group.options.map((option) => (
            <Chip
              key={option.id}
              checked={isChosen(option.id)}
              onChange={() => onChange(toggleGiftPreference(chosen, option.id))}
              variant="outline"
            >
              {option.label}
            </Chip>
          ))}
        </PreferenceGroup>
      ))}
    </Stack>
  )
}

function PreferenceGroup({ name, children }: { name: string; children: ReactNode }) {
  const id = useId()
  return (
    <Box role="group" aria-labelledby={id}>
      <Text fw={600} size="sm" id={id} mb={6}>
        {name}
      </Text>
      <Group gap="xs">{children}</Group>
    </Box>
  )
}
