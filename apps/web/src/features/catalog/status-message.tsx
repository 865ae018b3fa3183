import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertTriangle, IconGift } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { apiErrorMessage } from '../../lib/api-errors'
import { ButtonLink } from '../../lib/links'

interface StatusMessageProps {
  title: string
  children?: ReactNode
  tone?: 'empty' | 'error'
  /** Heading level; a page whose only content is this message uses 1. */
  order?: 1 | 2 | 3
  action?: ReactNode
}

/** A centred empty or error state with an icon, a heading, text and an optional action. */
export function StatusMessage({ title, children, tone = 'empty', order = 2, action }: StatusMessageProps) {
  const Icon = tone === 'error' ? IconAlertTriangle : IconGift
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center" role={tone === 'error' ? 'alert' : undefined}>
      <ThemeIcon size={56} radius="xl" variant="light" color={tone === 'error' ? 'red' : 'brand'}>
        <Icon size={30} aria-hidden />
      </ThemeIcon>
      <Title order={order} size="h3">
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" maw={460}>
          {children}
        </Text>
      ) : null}
      {action}
    </Stack>
  )
}

/** A StatusMessage's way back to the catalog: "Browse gift ideas" to the home page. */
export function BrowseGiftIdeas() {
  return (
    <ButtonLink to="/" variant="light">
      Browse gift ideas
    </ButtonLink>
  )
}

/**
 * The error state of a failed catalog read (spec browsing-and-purchase §2 "Oops! Something went
 * wrong"), with the reason of §8: the server's message, else `fallback` ("Failed to fetch
 * products", "Failed to fetch promo", "Failed to fetch product").
 */
export function ListingError({
  error,
  fallback = 'Failed to fetch products',
  onRetry,
}: {
  error?: unknown
  fallback?: string
  onRetry: () => void
}) {
  return (
    <StatusMessage
      tone="error"
      title="Oops! Something went wrong"
      action={
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {apiErrorMessage(error, fallback)}. Please try again in a moment.
    </StatusMessage>
  )
}
