import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { AUTH_MESSAGES } from '@presently/domain'
import { AnchorLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { useUpdateSession } from '../session/session'
import { AuthError } from './auth-error'
import { AUTH_TEXT, isEmailNotConfirmed, loginErrorMessage, rawErrorMessage } from './messages'
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

/** A sign-in code as typed: digits, spaces ignored (the server ignores them too). */
const codeRule = (value: string) => (/^\d{6}$/.test(value.replace(/\s+/g, '')) ? null : AUTH_MESSAGES.signInCodeInvalid)

/**
 * The Sign In tab (spec browsing-and-purchase §4, §5, §8). While many failed sign-ins are aimed
 * at an account the server answers AUTH_MESSAGES.signInCodeSent (issue 41): the form then asks
 * for the 6-digit code emailed to the account and finishes with auth.loginWithCode, keeping the
 * email and password as typed; "Send a new code" asks again.
 */
export function LoginForm({ initialEmail = '', initialError, onSignedIn, onLeave }: LoginFormProps) {
  const trpc = useTRPC()
  const updateSession = useUpdateSession()
  const [needsCode, setNeedsCode] = useState(false)
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, password: '', code: '' },
    validate: { email: emailRule, password: passwordRule, code: (value) => (needsCode ? codeRule(value) : null) },
  })
  const signedIn = ({ user }: { user: Parameters<typeof updateSession>[0] }) => {
    updateSession(user)
    onSignedIn()
  }
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: signedIn,
      onError: (error) => setNeedsCode(rawErrorMessage(error, '') === AUTH_MESSAGES.signInCodeSent),
    }),
  )
  const loginWithCode = useMutation(trpc.auth.loginWithCode.mutationOptions({ onSuccess: signedIn }))
  const resend = useResendConfirmation()
  const attemptedEmail = login.variables?.email
  const failed = needsCode ? loginWithCode.error : login.error

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ email, password, code }) => {
        resend.reset()
        if (needsCode) loginWithCode.mutate({ email, password, code })
        else login.mutate({ email, password })
      })}
    >
      <Stack gap="md">
        {failed ? (
          <AuthError message={loginErrorMessage(failed)}>
            {!needsCode && isEmailNotConfirmed(failed) && attemptedEmail ? (
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
        {needsCode ? (
          <Alert color="brand" variant="light" role="status" data-testid="sign-in-code-notice">
            {AUTH_MESSAGES.signInCodeSent}
          </Alert>
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
        {needsCode ? (
          <TextInput
            label="Sign-in code"
            description="The 6 digits from our latest email"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            withAsterisk
            data-autofocus
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
        ) : null}
        <Group justify={needsCode ? 'space-between' : 'flex-end'} mt={-4}>
          {needsCode ? (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={login.isPending}
              onClick={() => {
                loginWithCode.reset()
                const { email, password } = form.getValues()
                login.mutate({ email, password })
              }}
            >
              Send a new code
            </Button>
          ) : null}
          <AnchorLink to="/forgot-password" size="sm" onClick={onLeave}>
            Forgot password?
          </AnchorLink>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending || loginWithCode.isPending}>
          Sign In
        </Button>
      </Stack>
    </form>
  )
}
