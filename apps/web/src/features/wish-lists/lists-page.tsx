import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { StatusMessage } from '../catalog/status-message'
import { occasionsQueryOptions } from '../people/query-options'
import { apiErrorMessage } from '../../lib/api-errors'
import { AnchorLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { ukDate } from './format'
import { WISH_LIST_UI } from './messages'
import { AddFromAnyShop } from './bookmarklet'

/** The body of /my-account/lists (issue 23): the user's lists and a form for a new one. */
export function WishListsContent() {
  const trpc = useTRPC()
  const query = useQuery(trpc.wishLists.list.queryOptions())
  if (query.isPending) return <Skeleton height={120} aria-label="Loading your wish lists" />
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Something went wrong">
        {apiErrorMessage(query.error, 'Could not load your wish lists')}
      </Alert>
    )
  }
  return (
    <Stack gap="lg">
      <NewListForm />
      <AddFromAnyShop />
      {query.data.length === 0 ? (
        <StatusMessage title={WISH_LIST_UI.noLists}>
          Name your first list above: a birthday, Christmas, or just ideas.
        </StatusMessage>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {query.data.map((list) => (
            <Card key={list.id} withBorder radius="md" padding="md" component="article">
              <Stack gap={6}>
                <AnchorLink to="/my-account/lists/$id" params={{ id: String(list.id) }} fw={700} size="lg">
                  {list.name}
                </AnchorLink>
                <Group gap="xs">
                  {list.occasionLabel ? <Badge variant="light">{list.occasionLabel}</Badge> : null}
                  {list.date ? <Text size="sm">{ukDate(list.date)}</Text> : null}
                  <Badge color={list.sharePath ? 'teal.9' : 'gray.8'} variant="outline">
                    {list.sharePath ? 'Shared' : 'Private'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {list.itemCount === 1 ? '1 item' : `${list.itemCount} items`}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}

function NewListForm() {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const occasions = useQuery(occasionsQueryOptions(trpc))
  const [name, setName] = useState('')
  const [occasionId, setOccasionId] = useState<string | null>(null)
  const [date, setDate] = useState('')
  const create = useSingleFlightMutation(
    trpc.wishLists.create.mutationOptions({
      onSuccess: (list) => {
        void queryClient.invalidateQueries({ queryKey: trpc.wishLists.pathKey() })
        void navigate({ to: '/my-account/lists/$id', params: { id: String(list.id) } })
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate({ name, occasionId: occasionId ? Number(occasionId) : null, date: date || null })
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="new-list-heading">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text id="new-list-heading" fw={700} component="h2" size="lg" m={0}>
            {WISH_LIST_UI.newList}
          </Text>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="List name"
              placeholder="Christmas 2026"
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              miw={200}
            />
            <Select
              label="Occasion"
              placeholder="Optional"
              clearable
              data={(occasions.data ?? []).map((o) => ({ value: String(o.id), label: o.label }))}
              value={occasionId}
              onChange={setOccasionId}
              miw={160}
            />
            <TextInput
              type="date"
              label="Date"
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
              miw={160}
            />
          </Group>
          {create.isError ? (
            <Alert color="red" role="alert">
              {apiErrorMessage(create.error, 'Could not create the list')}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create list
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
