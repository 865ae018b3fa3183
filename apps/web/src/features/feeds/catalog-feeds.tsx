import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FeedRun, FeedStatus } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'

/** Texts of the Catalog Feeds tab (issue 39). */
export const FEEDS_UI = {
  intro:
    'The catalog feeds this shop refreshes (CATALOG_FEEDS). A refresh writes only the rows that changed, marks products the feed no longer carries as no longer sold, then sends the day’s price alerts.',
  none: 'No catalog feeds are configured. Set CATALOG_FEEDS to the feeds (or mapping files) to refresh.',
  runNow: 'Run now',
  byHand: 'By hand only',
  never: 'Not run yet',
  failed: 'Could not run the refresh.',
} as const

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
})

function runLine(run: FeedRun): string {
  const n = (value: number) => value.toLocaleString('en-GB')
  const counts = run.refresh
    ? `${n(run.unchanged)} unchanged, ${n(run.changed)} changed, ${n(run.new)} new, ${n(run.withdrawn)} withdrawn`
    : `${n(run.new)} new, ${n(run.changed)} updated`
  return `${n(run.read)} rows read: ${counts}${run.skipped ? `, ${n(run.skipped)} skipped` : ''}`
}

/**
 * The staff Tools page's Catalog Feeds tab (issue 39): each CATALOG_FEEDS entry with where it comes
 * from, its schedule and next run, the last run's summary, and "Run now" (the refresh, then the
 * price alerts, whose count is shown).
 */
export function CatalogFeeds() {
  const trpc = useTRPC()
  const feeds = useQuery(trpc.feeds.list.queryOptions())
  if (feeds.isPending) return <Loader size="sm" aria-label="Loading catalog feeds" />
  if (feeds.isError) return <Alert color="red">{feeds.error.message}</Alert>
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {FEEDS_UI.intro}
      </Text>
      {feeds.data.length === 0 ? <Alert color="gray">{FEEDS_UI.none}</Alert> : null}
      {feeds.data.map((feed) => (
        <FeedCard key={feed.name} feed={feed} />
      ))}
    </Stack>
  )
}

function FeedCard({ feed }: { feed: FeedStatus }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const run = useMutation(
    trpc.feeds.run.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.feeds.list.queryKey() }),
    }),
  )
  const last = feed.lastRun
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={feed.name} data-testid="feed-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {feed.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {feed.location}
            </Text>
          </div>
          <Button onClick={() => run.mutate({ name: feed.name })} loading={run.isPending}>
            {FEEDS_UI.runNow}
          </Button>
        </Group>
        <Table variant="vertical" withTableBorder={false} layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>Schedule</Table.Th>
              <Table.Td>
                {feed.scheduleDescription ?? FEEDS_UI.byHand}
                {feed.nextRun ? ` (next ${when.format(new Date(feed.nextRun))})` : ''}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Last run</Table.Th>
              <Table.Td data-testid="feed-last-run">
                {last ? (
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Badge
                        color={last.status === 'completed' ? 'teal.9' : last.status === 'failed' ? 'red.9' : 'blue.9'}
                      >
                        {last.status}
                      </Badge>
                      <Text size="sm">{when.format(new Date(last.startedAt))}</Text>
                    </Group>
                    <Text size="sm">{runLine(last)}</Text>
                    {last.error ? (
                      <Text size="sm" c="red.8">
                        {last.error}
                      </Text>
                    ) : null}
                  </Stack>
                ) : (
                  FEEDS_UI.never
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {run.isSuccess ? (
          <Alert color={run.data.status === 'completed' ? 'teal' : 'red'} role="status" data-testid="feed-run-result">
            {run.data.status === 'completed'
              ? `${runLine(run.data)}. Price alerts: ${run.data.alerts} in ${run.data.alertEmails} email${run.data.alertEmails === 1 ? '' : 's'}.`
              : (run.data.error ?? FEEDS_UI.failed)}
          </Alert>
        ) : null}
        {run.isError ? (
          <Alert color="red" role="alert">
            {run.error.message || FEEDS_UI.failed}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  )
}
