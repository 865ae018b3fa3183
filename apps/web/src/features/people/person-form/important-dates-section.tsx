import { ActionIcon, Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core'
import { formatEventDate, ukToday } from '@presently/domain'
import { IconCalendarPlus, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTRPC } from '../../../lib/trpc'
import { useSingleFlightMutation } from '../../../lib/single-flight'
import { EVENT_REFRESH_DELAY_MS, PEOPLE_UI } from '../messages'
import { invalidatePersonData, occasionsQueryOptions, personEventsQueryOptions } from '../query-options'
import { NOTHING_FOUND } from './personal-info-section'
import { dateForOccasionChange } from '../../events/fixed-occasion-date'
import { occasionGroups } from './occasion-groups'

/**
 * Important Dates of the person form (spec account-area §2): the person's events with a delete
 * button, and the "Add Important Date" form (occasion select, date picker, Cancel, "Add Event").
 * An unsaved person gets "Save the person first to add important dates". Adding needs both an
 * occasion and a date, otherwise nothing is sent (§5 "refused silently"); the form resets on
 * Cancel or success, and the person's data is read again 300 ms after adding (§4). Failures are
 * logged only (§8 "Failed to add event", "Failed to delete event").
 */
export function ImportantDatesSection({ personId }: { personId: number | undefined }) {
  if (personId === undefined) return <Text c="dimmed">{PEOPLE_UI.saveFirst}</Text>
  return <SavedPersonDates personId={personId} />
}

function SavedPersonDates({ personId }: { personId: number }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const events = useQuery(personEventsQueryOptions(trpc, personId))
  const [adding, setAdding] = useState(false)

  const remove = useMutation(
    trpc.events.delete.mutationOptions({
      onError: (error) => console.error(PEOPLE_UI.deleteEventFailed, error),
      onSuccess: () => invalidatePersonData(queryClient, trpc, personId),
    }),
  )

  return (
    <Stack gap="md">
      {events.isPending ? (
        <Skeleton h={40} />
      ) : events.isError ? (
        <Alert color="red" variant="light" title={PEOPLE_UI.errorTitle}>
          {PEOPLE_UI.fetchEventsFailed}
        </Alert>
      ) : events.data.length === 0 ? (
        <Text c="dimmed">{PEOPLE_UI.noImportantDates}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="important-dates">
          {events.data.map((event) => (
            <Paper component="li" key={event.id} withBorder radius="md" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600} size="sm">
                    {event.occasion.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatEventDate(event.date)}
                  </Text>
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={`Delete ${event.occasion.label} (${formatEventDate(event.date)})`}
                  loading={remove.isPending && remove.variables.eventId === event.id}
                  onClick={() => remove.mutate({ personId, eventId: event.id })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {adding ? (
        <AddImportantDateForm personId={personId} onDone={() => setAdding(false)} />
      ) : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {PEOPLE_UI.addImportantDate}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

function AddImportantDateForm({ personId, onDone }: { personId: number; onDone: () => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const occasions = useQuery(occasionsQueryOptions(trpc, 'person-events-form'))
  const data = useMemo(() => occasionGroups(occasions.data ?? []), [occasions.data])
  const [occasionId, setOccasionId] = useState<string | null>(null)
  const [date, setDate] = useState('')
  const create = useSingleFlightMutation(
    trpc.events.create.mutationOptions({
      onError: (error) => console.error(PEOPLE_UI.addEventFailed, error),
      onSuccess: () => {
        onDone()
        setTimeout(() => void invalidatePersonData(queryClient, trpc, personId), EVENT_REFRESH_DELAY_MS)
      },
    }),
  )
  const submit = () => {
    if (!occasionId || !date) return
    create.mutate({ personId, occasionId: Number(occasionId), date })
  }
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm" role="group" aria-label={PEOPLE_UI.addImportantDate}>
        <Text fw={600}>{PEOPLE_UI.addImportantDate}</Text>
        {occasions.isError ? (
          <Alert color="red" variant="light" title={PEOPLE_UI.errorTitle}>
            {PEOPLE_UI.fetchOccasionsFailed}
          </Alert>
        ) : null}
        <Select
          label="Occasion"
          placeholder={occasions.isPending ? 'Loading occasions...' : 'Select Occasion'}
          searchable
          nothingFoundMessage={NOTHING_FOUND}
          data={data}
          value={occasionId}
          onChange={(next) => {
            // Christmas and Valentine's Day fill in their own next day unless a date was typed.
            const valueOf = (id: string | null) => (occasions.data ?? []).find((o) => String(o.id) === id)?.value
            setDate(dateForOccasionChange(date || null, valueOf(occasionId), valueOf(next)) ?? '')
            setOccasionId(next)
          }}
          data-autofocus
        />
        <TextInput
          type="date"
          label="Date"
          value={date}
          max={`${Number(ukToday().slice(0, 4)) + 10}-12-31`}
          onChange={(event) => setDate(event.currentTarget.value)}
          maw={220}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {PEOPLE_UI.cancel}
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={!occasionId || !date}>
            {PEOPLE_UI.addEvent}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
