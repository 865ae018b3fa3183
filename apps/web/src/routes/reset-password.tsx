import { Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PlainPage } from '../features/layout/plain-page'
import { redirectSignedIn } from '../features/session/session'
import { textParam } from '../features/catalog/listing-search'
import { AnchorLink } from '../lib/links'

export const Route = createFileRoute('/reset-password')({
  head: () => ({ meta: [{ title: 'Reset Password' }] }),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: textParam(search.token) || undefined,
  }),
  beforeLoad: ({ context }) => redirectSignedIn(context, '/home'),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  if (!token) {
    // spec browsing-and-purchase §2: no token shows "Invalid Reset Link" with a way to ask again.
    return (
      <PlainPage title="Invalid Reset Link" narrow>
        <Text c="dimmed">This password reset link is missing its token.</Text>
        <AnchorLink to="/forgot-password" size="sm">
          Request a new reset link
        </AnchorLink>
      </PlainPage>
    )
  }
  return (
    <PlainPage title="Reset your password" narrow>
      <Text c="dimmed">Password resets open together with accounts.</Text>
      <AnchorLink to="/auth" size="sm">
        Back to login
      </AnchorLink>
    </PlainPage>
  )
}
