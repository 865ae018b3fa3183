import { Button, Group, PasswordInput, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { AUTH_TEXT, errorMessage } from '../../../features/auth/messages'
import {
  accountConfirmMessage,
  currentPasswordRule,
  matches,
  newPasswordRule,
  setPasswordRule,
} from '../../../features/auth/validation'
import { useUpdateSession } from '../../../features/session/session'
import { useTRPC } from '../../../lib/trpc'
import { SettingsSection } from './settings-section'

interface SetPasswordValues {
  password: string
  confirmPassword: string
}

/** Set Password (account-area §2, §5, §8): for accounts without one (made with Google). */
export function SetPasswordForm() {
  const trpc = useTRPC()
  const updateSession = useUpdateSession()
  const form = useForm<SetPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: setPasswordRule,
      confirmPassword: matches<SetPasswordValues>('password', accountConfirmMessage),
    },
  })
  const setPassword = useMutation(
    trpc.account.setPassword.mutationOptions({
      onSuccess: ({ message }) => {
        notifications.show({ color: 'green', title: AUTH_TEXT.passwordSetTitle, message })
        form.reset()
        // The page now offers Change Password.
        updateSession((user) => ({ ...user, hasPassword: true }))
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: AUTH_TEXT.setPasswordFailed,
          message: errorMessage(error, 'Please try again in a moment.'),
        })
      },
    }),
  )
  return (
    <SettingsSection
      id="set-password"
      title="Set Password"
      description="Your account signs in with Google. Set a password to sign in with your email address too."
    >
      <form noValidate onSubmit={form.onSubmit(({ password }) => setPassword.mutate({ password }))}>
        <Stack gap="md" maw={420}>
          <PasswordInput
            label="Password"
            description="At least 6 characters"
            autoComplete="new-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={setPassword.isPending}>
              Set Password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  )
}

interface ChangePasswordValues {
  currentPassword: string
  newPassword: string
  confirmNewPassword: string
}

/**
 * Change Password (account-area §2, §5, §8). A refusal ("Current password is incorrect", else
 * "Failed to change password") goes on the current-password field and into a red toast titled
 * "Error Changing Password". Other sessions of the account end on the server.
 */
export function ChangePasswordForm() {
  const trpc = useTRPC()
  const form = useForm<ChangePasswordValues>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    validate: {
      currentPassword: currentPasswordRule,
      newPassword: newPasswordRule,
      confirmNewPassword: matches<ChangePasswordValues>('newPassword', accountConfirmMessage),
    },
  })
  const changePassword = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: ({ message }) => {
        notifications.show({ color: 'green', title: AUTH_TEXT.passwordChangedTitle, message })
        form.reset()
      },
      onError: (error) => {
        const message = errorMessage(error, AUTH_TEXT.changePasswordFailed)
        form.setFieldError('currentPassword', message)
        notifications.show({ color: 'red', title: AUTH_TEXT.changePasswordErrorTitle, message })
      },
    }),
  )
  return (
    <SettingsSection id="change-password" title="Change Password">
      <form
        noValidate
        onSubmit={form.onSubmit(({ currentPassword, newPassword }) =>
          changePassword.mutate({ currentPassword, newPassword }),
        )}
      >
        <Stack gap="md" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 6 characters"
            autoComplete="new-password"
            withAsterisk
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirmNewPassword')}
            {...form.getInputProps('confirmNewPassword')}
          />
          <Group>
            <Button type="submit" loading={changePassword.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  )
}
