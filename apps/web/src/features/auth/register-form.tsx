import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import { AuthError } from './auth-error'
import { registerErrorMessage } from './messages'
import { displayNameRule, emailRule, passwordRule } from './validation'
import { DISPLAY_NAME_MAX } from '@presently/domain'

interface RegisterFormProps {
  /** Called with the registered address and the server's message once the account exists. */
  onRegistered: (email: string, message: string) => void
  /** A path of the shop the confirmation mail leads back to (issue 43 §4). */
  returnTo?: string | undefined
}

/**
 * The Register tab (spec browsing-and-purchase §4, §5, §8). No session starts: the account
 * signs in once its email is confirmed. "Your name" is the spec's displayName (§3 "Auth form"),
 * shown instead of the email on shared lists (issue 43 §5); optional.
 */
export function RegisterForm({ onRegistered, returnTo }: RegisterFormProps) {
  const trpc = useTRPC()
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { displayName: '', email: '', password: '' },
    validate: { email: emailRule, password: passwordRule, displayName: displayNameRule },
  })
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: ({ email, message }) => onRegistered(email, message),
    }),
  )

  return (
    <form noValidate onSubmit={form.onSubmit((values) => register.mutate({ ...values, displayName: values.displayName.trim() || undefined, returnTo }))}>
      <Stack gap="md">
        {register.error ? <AuthError message={registerErrorMessage(register.error)} /> : null}
        <TextInput
          label="Your name"
          description="Shown to the people you share a wish list with"
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX}
          key={form.key('displayName')}
          {...form.getInputProps('displayName')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description="At least 6 characters"
          autoComplete="new-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={register.isPending}>
          Create Account
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          We&apos;ll email you a link to confirm your address before you sign in.
        </Text>
      </Stack>
    </form>
  )
}
