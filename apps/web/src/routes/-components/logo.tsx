import { Group, Text, ThemeIcon } from '@mantine/core'
import { IconGift } from '@tabler/icons-react'

/** The Presently wordmark with its gift mark. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={34} radius="md" variant="filled" color="brand" aria-hidden>
        <IconGift size={20} stroke={1.8} />
      </ThemeIcon>
      <Text
        component="span"
        fw={700}
        fz={{ base: 20, sm: 24 }}
        c="brand.8"
        style={{ fontFamily: 'var(--mantine-font-family-headings)', letterSpacing: '-0.01em' }}
      >
        Presently
      </Text>
    </Group>
  )
}
