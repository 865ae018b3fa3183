import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { PageContainer } from './page-container'

interface PlainPageProps {
  title: string
  intro?: ReactNode
  children?: ReactNode
  /** A narrow card (auth and token pages) instead of the full content width. */
  narrow?: boolean
}

/** A page with a heading and short content: screens whose features arrive in later issues. */
export function PlainPage({ title, intro, children, narrow = false }: PlainPageProps) {
  const body = (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {intro ? <Text c="dimmed">{intro}</Text> : null}
      {children}
    </Stack>
  )
  return (
    <PageContainer size={narrow ? 'xs' : 'lg'}>
      {narrow ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" mt={{ base: 0, sm: 'xl' }}>
          {body}
        </Paper>
      ) : (
        body
      )}
    </PageContainer>
  )
}
