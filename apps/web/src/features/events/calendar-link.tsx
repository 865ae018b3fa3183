import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCalendarShare, IconCopy, IconRefresh } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import { CALENDAR_LINK_UI } from './messages'
import { calendarLinkQueryOptions } from './query-options'

/** Copies `text`; false when the browser refuses (no permission, insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * The private calendar feed of the user's important dates (issue 9, docs/decisions/calendar-feed.md).
 * The server keeps only a hash of the link's token, so the URL can be shown only when it is made:
 * "Copy calendar link" makes one when there is none and copies it; the URL made in this visit
 * stays shown. "Reset link" makes a new one, and the old URL answers 404 from then on.
 */
export function CalendarLinkCard() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const status = useQuery(calendarLinkQueryOptions(trpc))
  const [url, setUrl] = useState<string | null>(null)
  const [copyFailed, setCopyFailed] = useState(false)

  const copy = async (link: string) => {
    const copied = await copyText(link)
    setCopyFailed(!copied)
    if (copied) notifications.show({ color: 'green', message: CALENDAR_LINK_UI.copied })
  }

  const make = useMutation(
    trpc.events.resetCalendarLink.mutationOptions({
      onSuccess: ({ url: made }) => {
        setUrl(made)
        queryClient.setQueryData(calendarLinkQueryOptions(trpc).queryKey, { hasLink: true })
      },
    }),
  )

  // A failed call shows CALENDAR_LINK_UI.failed through make.isError.
  const onCopy = async () => {
    try {
      await copy(url ?? (await make.mutateAsync()).url)
    } catch {
      /* shown */
    }
  }
  const onReset = async () => {
    try {
      await make.mutateAsync()
      notifications.show({ color: 'green', message: CALENDAR_LINK_UI.resetDone })
    } catch {
      /* shown */
    }
  }

  const hasLink = status.data?.hasLink ?? false
  const hiddenLink = hasLink && url === null
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="calendar-link-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarShare size={22} aria-hidden />
          <Title order={2} size="h4" id="calendar-link-title">
            {CALENDAR_LINK_UI.title}
          </Title>
        </Group>
        <Text size="sm">{CALENDAR_LINK_UI.intro}</Text>
        {url ? (
          <TextInput
            label={CALENDAR_LINK_UI.inputLabel}
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="calendar-link-url"
          />
        ) : null}
        {hiddenLink ? <Text size="sm">{CALENDAR_LINK_UI.hiddenLink}</Text> : null}
        {copyFailed ? (
          <Text size="sm" c="red.8" role="alert">
            {CALENDAR_LINK_UI.copyFailed}
          </Text>
        ) : null}
        {make.isError ? (
          <Alert color="red" role="alert">
            {CALENDAR_LINK_UI.failed}
          </Alert>
        ) : null}
        <Group gap="sm">
          {!hiddenLink ? (
            <Button
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => void onCopy()}
              disabled={status.isPending || make.isPending}
            >
              {CALENDAR_LINK_UI.copy}
            </Button>
          ) : null}
          {hasLink ? (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void onReset()}
              loading={make.isPending}
            >
              {CALENDAR_LINK_UI.reset}
            </Button>
          ) : null}
        </Group>
        {hasLink ? (
          <Text size="xs" c="dimmed">
            {CALENDAR_LINK_UI.resetHint}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}
