import { Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PlainPage } from '../features/layout/plain-page'
import { redirectSignedIn } from '../features/session/session'
import { textParam } from '../features/catalog/listing-search'
import { AnchorLink } from '../lib/links'

export const Route = createFileRoute('/confirm-email')({
  head: () => ({ meta: [{ title: 'Confirm Email' }] }),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: textParam(search.token) || undefined,
  }),
  beforeLoad: ({ context }) => redirectSignedIn(context, '/'),
  component: ConfirmEmailPage,
})

function ConfirmEmailPage() {
  const { token } = Route.useSearch()
  if (!token) {
    return (
      <PlainPage title="Confirmation Failed" narrow>
        <Text c="dimmed">No confirmation token provided in URL</Text>
        <Group gap="lg">
          <AnchorLink to="/auth" size="sm">
            Go to Login
          </AnchorLink>
          <AnchorLink to="/auth" size="sm">
            Create an account
          </AnchorLink>
        </Group>
      </PlainPage>
    )
  }
  return (
    <PlainPage title="Confirm your email" narrow>
      <Text c="dimmed">Email confirmation opens together with accounts.</Text>
    </PlainPage>
  )
}
