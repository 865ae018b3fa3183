import { Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { PageContainer } from '../layout/page-container'

interface StatusCardProps {
  tone: 'loading' | 'success' | 'error'
  title: string
  children?: ReactNode
  /** Links or buttons under the message. */
  actions?: ReactNode
}

/**
 * The narrow card of the token pages (confirm email, unsubscribe, an unusable reset link):
 * loading, then success or failure (spec browsing-and-purchase §4). The outcome is announced
 * to screen readers (status or alert).
 */
export function StatusCard({ tone, title, children, actions }: StatusCardProps) {
  return (
    <PageContainer size="xs">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" mt={{ base: 0, sm: 'xl' }}>
        <Stack
          align="center"
          gap="sm"
          ta="center"
          role={tone === 'error' ? 'alert' : 'status'}
          aria-busy={tone === 'loading' || undefined}
        >
          {tone === 'loading' ? (
            <Loader size="lg" my="xs" aria-hidden />
          ) : (
            <ThemeIcon size={64} radius="xl" variant="light" color={tone === 'success' ? 'green' : 'red'} aria-hidden>
              {tone === 'success' ? <IconCheck size={34} stroke={2.2} /> : <IconX size={34} stroke={2.2} />}
            </ThemeIcon>
          )}
          <Title order={1} size="h2">
            {title}
          </Title>
          {children ? (
            <Text c="dimmed" maw={400}>
              {children}
            </Text>
          ) : null}
          {actions ? (
            <Group justify="center" gap="sm" mt="xs">
              {actions}
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </PageContainer>
  )
}
