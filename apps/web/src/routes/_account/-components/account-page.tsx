import { Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** Heading and intro of an account screen; the screens' features arrive in later issues. */
export function AccountPage({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      {intro ? <Text c="dimmed">{intro}</Text> : null}
      {children}
    </Stack>
  )
}
