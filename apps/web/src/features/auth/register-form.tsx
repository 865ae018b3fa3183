import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import { AuthError } from './auth-error'
import { registerErrorMessage } from './messages'
import { emailRule, passwordRule } from './validation'

interface RegisterFormProps {
  /** Called with the registered address and the server's message once the account exists. */
  onRegistered: (email: string, message: string) => void
}

/**
 * The Register tab (spec browsing-and-purchase §4, §5, §8). No session starts: the account
 * signs in once its email is confirmed.
 */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const trpc = useTRPC()
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: { email: emailRule, password: passwordRule },
  })
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: ({ email, message }) => onRegistered(email, message),
    }),
  )

  return (
    <form noValidate onSubmit={form.onSubmit((values) => register.mutate(values))}>
      <Stack gap="md">
        {register.error ? <AuthError message={registerErrorMessage(register.error)} /> : null}
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
