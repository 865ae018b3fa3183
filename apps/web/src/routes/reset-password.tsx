import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { textParam } from '../features/catalog/listing-search'
import { AUTH_TEXT, errorMessage } from '../features/auth/messages'
import { StatusCard } from '../features/auth/status-card'
import { matches, resetConfirmMessage, resetPasswordRule } from '../features/auth/validation'
import { PlainPage } from '../features/layout/plain-page'
import { redirectSignedIn } from '../features/session/session'
import { apiErrorCode } from '../lib/api-errors'
import { AnchorLink, ButtonLink } from '../lib/links'
import { useTRPC } from '../lib/trpc'
import { pageTitle } from '../lib/page-title'

/** After a successful reset the page goes to /auth after this long (spec browsing-and-purchase §9). */
const REDIRECT_AFTER_RESET_MS = 2_000

export const Route = createFileRoute('/reset-password')({
  head: () => ({ meta: [{ title: pageTitle('Reset Password') }] }),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: textParam(search.token) || undefined,
  }),
  beforeLoad: ({ context }) => redirectSignedIn(context, '/home'),
  component: ResetPasswordPage,
})

/**
 * Reset password (spec browsing-and-purchase §2, §4, §5, §8): the link's token is checked on
 * load; a valid one shows the new-password form, an invalid one "Invalid or Expired Link" with
 * "Request New Link". Success shows a toast and goes to /auth after 2 seconds.
 */
function ResetPasswordPage() {
  const { token } = Route.useSearch()
  if (!token) {
    return (
      <StatusCard tone="error" title={AUTH_TEXT.invalidResetLink} actions={<RequestNewLink />}>
        This password reset link is incomplete. Ask for a new one and use the link in the email.
      </StatusCard>
    )
  }
  return <ResetWithToken token={token} />
}

function RequestNewLink() {
  return <ButtonLink to="/forgot-password">{AUTH_TEXT.requestNewLink}</ButtonLink>
}

function ResetWithToken({ token }: { token: string }) {
  const trpc = useTRPC()
  // Checked once: after the reset the token is spent, and a refetch would flip the page to "invalid".
  const check = useQuery(
    trpc.auth.validateResetToken.queryOptions(
      { token },
      { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
    ),
  )

  if (check.isPending) {
    return (
      <Center py={120}>
        <Loader role="status" aria-label="Checking your reset link" />
      </Center>
    )
  }
  // A malformed token is refused as a bad request: that link is as unusable as an expired one.
  const invalid = check.data?.valid === false || apiErrorCode(check.error) === 'BAD_REQUEST'
  if (invalid) {
    return (
      <StatusCard tone="error" title={AUTH_TEXT.invalidOrExpiredLink} actions={<RequestNewLink />}>
        This password reset link has expired or has already been used. Reset links work once, for one hour.
      </StatusCard>
    )
  }
  if (check.isError) {
    return (
      <StatusCard
        tone="error"
        title="Oops! Something went wrong"
        actions={
          <Button variant="light" onClick={() => void check.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(check.error, 'We could not check your reset link. Please try again in a moment.')}
      </StatusCard>
    )
  }
  return <ResetForm token={token} />
}

function ResetForm({ token }: { token: string }) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: resetPasswordRule,
      confirmPassword: matches<{ password: string; confirmPassword: string }>('password', resetConfirmMessage),
    },
  })
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: ({ message }) => {
        notifications.show({ color: 'green', title: 'Password reset', message })
      },
    }),
  )

  useEffect(() => {
    if (!reset.isSuccess) return
    const timer = setTimeout(() => void navigate({ to: '/auth' }), REDIRECT_AFTER_RESET_MS)
    return () => clearTimeout(timer)
  }, [reset.isSuccess, navigate])

  return (
    <PlainPage title="Choose a new password" narrow>
      <form noValidate onSubmit={form.onSubmit(({ password }) => reset.mutate({ token, password }))}>
        <Stack gap="md">
          {reset.isSuccess ? (
            <Alert color="green" variant="light" title="Password reset" role="status">
              {reset.data.message} Taking you to sign in…
            </Alert>
          ) : null}
          {reset.error ? (
            <Alert color="red" variant="light">
              {errorMessage(reset.error, AUTH_TEXT.resetFailed)}
            </Alert>
          ) : null}
          <PasswordInput
            label="New password"
            description="8 to 100 characters, with uppercase, lowercase and a number"
            autoComplete="new-password"
            withAsterisk
            disabled={reset.isSuccess}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            disabled={reset.isSuccess}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending} disabled={reset.isSuccess}>
            Reset Password
          </Button>
          <Text size="sm">
            <AnchorLink to="/auth">Back to login</AnchorLink>
          </Text>
        </Stack>
      </form>
    </PlainPage>
  )
}
