import { Alert, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import { SettingsSection } from '../../routes/_account/-components/settings-section'
import { LeadDaysInput, parseLeadDays } from './lead-days-input'

/** Texts of the Reminders section (issue 21). */
export const REMINDER_UI = {
  title: 'Reminders',
  description:
    'We email you before each important date, in time to choose and deliver a gift. Each event can also have its own reminders.',
  enabled: 'Email me gift reminders',
  leadDays: 'Remind me this many days before',
  save: 'Save reminders',
  saved: 'Reminder settings saved.',
  failed: 'Could not save your reminder settings.',
} as const

/**
 * The account settings' "Reminders" section (issue 21): on or off and up to three lead times
 * (default 14 and 3 days), saved through tRPC reminders.saveSettings.
 */
export function ReminderSettingsSection() {
  const trpc = useTRPC()
  const settings = useQuery(trpc.reminders.settings.queryOptions())
  return (
    <SettingsSection id="reminders" title={REMINDER_UI.title} description={REMINDER_UI.description}>
      {settings.data ? (
        <ReminderSettingsForm initial={settings.data} />
      ) : settings.isError ? (
        <Alert color="red">{REMINDER_UI.failed}</Alert>
      ) : (
        <Loader size="sm" aria-label="Loading reminder settings" />
      )}
    </SettingsSection>
  )
}

function ReminderSettingsForm({ initial }: { initial: { enabled: boolean; leadDays: number[] } }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [enabled, setEnabled] = useState(initial.enabled)
  const [leadDays, setLeadDays] = useState(initial.leadDays.map(String))
  const [error, setError] = useState<string | undefined>()
  const save = useMutation(
    trpc.reminders.saveSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.reminders.settings.queryKey(), saved)
        setLeadDays(saved.leadDays.map(String))
      },
    }),
  )
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = parseLeadDays(leadDays)
    if ('error' in parsed) {
      setError(parsed.error)
      return
    }
    setError(undefined)
    save.mutate({ enabled, leadDays: parsed.days })
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label={REMINDER_UI.enabled}
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.currentTarget.checked)
            save.reset()
          }}
        />
        <LeadDaysInput
          label={REMINDER_UI.leadDays}
          value={leadDays}
          onChange={(value) => {
            setLeadDays(value)
            save.reset()
          }}
          error={error}
          disabled={!enabled}
        />
        {save.isError ? (
          <Alert color="red" role="alert">
            {save.error.message || REMINDER_UI.failed}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c="teal.8" role="status">
            {save.isSuccess ? REMINDER_UI.saved : ''}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {REMINDER_UI.save}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
