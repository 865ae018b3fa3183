import { Alert, Anchor, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconMailForward } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { AUTH_TEXT, errorMessage } from '../features/auth/messages'
import { forgotEmailRule } from '../features/auth/validation'
import { PlainPage } from '../features/layout/plain-page'
import { redirectSignedIn } from '../features/session/session'
import { AnchorLink } from '../lib/links'
import { useTRPC } from '../lib/trpc'
import { pageTitle } from '../lib/page-title'

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: pageTitle('Forgot Password') }] }),
  beforeLoad: ({ context }) => redirectSignedIn(context, '/home'),
  component: ForgotPasswordPage,
})

/**
 * Forgot password (spec browsing-and-purchase §2, §4, §8): the email form, then a "Check your
 * email" confirmation whose "try again" returns to the form. The answer is the same neutral
 * toast whether or not an account exists.
 */
function ForgotPasswordPage() {
  const trpc = useTRPC()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: forgotEmailRule },
  })
  const request = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: (_data, { email }) => {
        notifications.show({ color: 'green', title: AUTH_TEXT.checkEmail, message: AUTH_TEXT.forgotNeutral })
        setSentTo(email.trim())
      },
    }),
  )

  if (sentTo !== null) {
    return (
      <PlainPage title={AUTH_TEXT.checkEmail} narrow>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
            <IconMailForward size={30} stroke={1.6} />
          </ThemeIcon>
          <Text role="status">{AUTH_TEXT.forgotNeutral}</Text>
          <Text size="sm" c="dimmed">
            We sent it to{' '}
            <Text span fw={600} c="dark.7" style={{ overflowWrap: 'anywhere' }}>
              {sentTo}
            </Text>
            . The link works for one hour. Nothing arrived? Check your spam folder or{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                request.reset()
                setSentTo(null)
              }}
            >
              try again
            </Anchor>
            .
          </Text>
          <AnchorLink to="/auth" size="sm">
            Back to login
          </AnchorLink>
        </Stack>
      </PlainPage>
    )
  }

  return (
    <PlainPage
      title="Forgot your password?"
      intro="Enter the email address of your account and we'll send you a link to choose a new password."
      narrow
    >
      <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values))}>
        <Stack gap="md">
          {request.error ? (
            <Alert color="red" variant="light" title="Something went wrong">
              {errorMessage(request.error, 'Please try again in a moment.')}
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
          <Button type="submit" fullWidth loading={request.isPending}>
            Send Reset Link
          </Button>
          <AnchorLink to="/auth" size="sm">
            Back to login
          </AnchorLink>
        </Stack>
      </form>
    </PlainPage>
  )
}
