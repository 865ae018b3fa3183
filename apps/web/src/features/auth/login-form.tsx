import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { AnchorLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { useUpdateSession } from '../session/session'
import { AuthError } from './auth-error'
import { AUTH_TEXT, isEmailNotConfirmed, loginErrorMessage } from './messages'
import { useResendConfirmation } from './use-resend-confirmation'
import { emailRule, passwordRule } from './validation'

interface LoginFormProps {
  /** Prefills the email (after "Back to Sign In" from a registration). */
  initialEmail?: string
  /** An error to show before any attempt (a failed Google sign-in). */
  initialError?: string
  /** Called once the session holds the signed-in user. */
  onSignedIn: () => void
  /** Closes the modal when the user follows "Forgot password?" out of it. */
  onLeave?: () => void
}

/** The Sign In tab (spec browsing-and-purchase §4, §5, §8). */
export function LoginForm({ initialEmail = '', initialError, onSignedIn, onLeave }: LoginFormProps) {
  const trpc = useTRPC()
  const updateSession = useUpdateSession()
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, password: '' },
    validate: { email: emailRule, password: passwordRule },
  })
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: ({ user }) => {
        updateSession(user)
        onSignedIn()
      },
    }),
  )
  const resend = useResendConfirmation()
  const attemptedEmail = login.variables?.email

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        resend.reset()
        login.mutate(values)
      })}
    >
      <Stack gap="md">
        {login.error ? (
          <AuthError message={loginErrorMessage(login.error)}>
            {isEmailNotConfirmed(login.error) && attemptedEmail ? (
              <Button
                size="xs"
                variant="default"
                disabled={resend.isPending}
                onClick={() => resend.mutate({ email: attemptedEmail })}
              >
                {resend.isPending ? AUTH_TEXT.sending : AUTH_TEXT.resend}
              </Button>
            ) : null}
          </AuthError>
        ) : initialError ? (
          <AuthError message={initialError} />
        ) : null}
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
          autoComplete="current-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-4}>
          <AnchorLink to="/forgot-password" size="sm" onClick={onLeave}>
            Forgot password?
          </AnchorLink>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign In
        </Button>
      </Stack>
    </form>
  )
}
