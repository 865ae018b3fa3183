import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { formatPrice } from '@presently/domain'
import { StatusMessage } from '../catalog/status-message'
import { apiErrorMessage } from '../../lib/api-errors'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { ukDate } from '../wish-lists/format'
import { EXCHANGE_UI } from './messages'

/** The body of /exchanges (issue 36): the exchanges the user organises or is in. */
export function ExchangesList() {
  const trpc = useTRPC()
  const query = useQuery(trpc.exchanges.list.queryOptions())
  if (query.isPending) return <Skeleton height={120} aria-label="Loading your exchanges" />
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, 'Could not load your exchanges')}
      </Alert>
    )
  }
  return (
    <Stack gap="lg">
      <Group>
        <ButtonLink to="/exchanges/new">Organise a gift exchange</ButtonLink>
      </Group>
      {query.data.length === 0 ? (
        <StatusMessage title={EXCHANGE_UI.none}>Organise one for your office, family or friends.</StatusMessage>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {query.data.map((e) => (
            <Card key={e.id} withBorder radius="md" padding="md" component="article">
              <Stack gap={6}>
                <Text fw={700} size="lg">
                  {e.name}
                </Text>
                <Group gap="xs">
                  <Text size="sm">{ukDate(e.exchangeDate)}</Text>
                  <Badge variant="light">{formatPrice(e.limit)}</Badge>
                  {e.drawn ? <Badge color="teal.9">Names drawn</Badge> : <Badge color="gray.8">Signing up</Badge>}
                </Group>
                <Text size="sm" c="dimmed">
                  {e.participantCount === 1 ? '1 person' : `${e.participantCount} people`}
                </Text>
                <Group gap="md">
                  {e.organiser ? (
                    <AnchorLink to="/exchanges/$id" params={{ id: String(e.id) }}>
                      Organise
                    </AnchorLink>
                  ) : null}
                  {e.participant ? (
                    <AnchorLink to="/exchanges/$id/me" params={{ id: String(e.id) }}>
                      {e.drawn ? 'My match' : 'My page'}
                    </AnchorLink>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
