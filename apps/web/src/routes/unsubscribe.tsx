import { Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PlainPage } from '../features/layout/plain-page'
import { textParam } from '../features/catalog/listing-search'
import { AnchorLink } from '../lib/links'

export const Route = createFileRoute('/unsubscribe')({
  head: () => ({ meta: [{ title: 'Unsubscribe' }] }),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: textParam(search.token) || undefined,
  }),
  component: UnsubscribePage,
})

function UnsubscribePage() {
  const { token } = Route.useSearch()
  if (!token) {
    return (
      <PlainPage title="Unsubscribe failed" narrow>
        <Text c="dimmed">No unsubscribe token provided in URL</Text>
        <AnchorLink to="/" size="sm">
          Back to home
        </AnchorLink>
      </PlainPage>
    )
  }
  return (
    <PlainPage title="Unsubscribe" narrow>
      <Text c="dimmed">Email preferences open together with accounts.</Text>
    </PlainPage>
  )
}
