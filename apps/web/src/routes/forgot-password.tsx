import { Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PlainPage } from '../features/layout/plain-page'
import { redirectSignedIn } from '../features/session/session'
import { AnchorLink } from '../lib/links'

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: 'Forgot Password' }] }),
  beforeLoad: ({ context }) => redirectSignedIn(context, '/home'),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  return (
    <PlainPage title="Forgot your password?" narrow>
      <Text c="dimmed">Password resets open together with accounts.</Text>
      <AnchorLink to="/auth" size="sm">
        Back to login
      </AnchorLink>
    </PlainPage>
  )
}
