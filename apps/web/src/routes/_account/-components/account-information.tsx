import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { AUTH_TEXT } from '../../../features/auth/messages'
import { displayNameRule } from '../../../features/auth/validation'
import { apiErrorMessage } from '../../../lib/api-errors'
import { useUpdateSession, type SessionUser } from '../../../features/session/session'
import { useTRPC } from '../../../lib/trpc'
import { SettingsSection } from './settings-section'

/**
 * Account information (account-area §2): the email and the email-notification checkbox. The
 * checkbox shows a local override of the user's value, set after a successful update
 * (account-area §4); a failed update is silent apart from the console (§8).
 */
export function AccountInformation({ user }: { user: SessionUser }) {
  const trpc = useTRPC()
  const updateSession = useUpdateSession()
  const [override, setOverride] = useState<boolean | null>(null)
  const update = useMutation(
    trpc.account.updateUnsubscribed.mutationOptions({
      onSuccess: ({ unsubscribed }) => {
        setOverride(unsubscribed)
        updateSession((current) => ({ ...current, unsubscribed }))
        notifications.show({
          color: 'green',
          title: AUTH_TEXT.settingsUpdatedTitle,
          message: unsubscribed ? AUTH_TEXT.unsubscribedFromEmails : AUTH_TEXT.subscribedToEmails,
        })
      },
      onError: (error) => console.error(AUTH_TEXT.updateUnsubscribedFailed, error),
    }),
  )
  const unsubscribed = override ?? user.unsubscribed

  return (
    <SettingsSection id="account-information" title="Account Information">
      <Stack gap={2}>
        <Text size="sm" fw={600} c="dimmed" id="account-email-label">
          Email
        </Text>
        <Text aria-labelledby="account-email-label" style={{ overflowWrap: 'anywhere' }} data-testid="account-email">
          {user.email}
        </Text>
      </Stack>
      <DisplayNameForm user={user} />
      <Checkbox
        label="Unsubscribe from email notifications"
        description="No reminders or gift ideas by email. Emails about your account, such as password resets, still arrive."
        checked={unsubscribed}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ unsubscribed: event.currentTarget.checked })}
      />
    </SettingsSection>
  )
}

/**
 * "Your name" (issue 43 §5): the name shared lists and claims show to others, never the email.
 * Blank clears it (they then read "Someone").
 */
function DisplayNameForm({ user }: { user: SessionUser }) {
  const trpc = useTRPC()
  const updateSession = useUpdateSession()
  const [name, setName] = useState(user.displayName ?? '')
  const [error, setError] = useState<string | null>(null)
  const save = useMutation(
    trpc.account.updateDisplayName.mutationOptions({
      onSuccess: ({ displayName, message }) => {
        setName(displayName ?? '')
        updateSession((current) => ({ ...current, displayName }))
        notifications.show({ color: 'green', title: AUTH_TEXT.settingsUpdatedTitle, message })
      },
      onError: (failure) => setError(apiErrorMessage(failure, 'Could not save your name')),
    }),
  )
  return (
    <form
      aria-label="Your name"
      onSubmit={(event) => {
        event.preventDefault()
        const problem = displayNameRule(name)
        setError(problem)
        if (!problem) save.mutate({ displayName: name })
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Your name"
          description="Shown to the people you share a wish list with, and on your claims"
          autoComplete="name"
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value)
            setError(null)
          }}
          error={error}
          style={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="default" loading={save.isPending}>
          Save name
        </Button>
      </Group>
    </form>
  )
}
