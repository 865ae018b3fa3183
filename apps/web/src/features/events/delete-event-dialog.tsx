import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { formatEventDate } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { eventPeopleNames, type ListedEvent } from './event-list'
import { EVENT_UI } from './messages'
import { refreshAfterEventChange } from './query-options'

/**
 * "Confirm Event Deletion" (spec account-area §2): names the event, deletes it through its
 * person (DELETE /api/events/person/{personId}/event/{eventId}) and refreshes people and events.
 * A failure logs "Failed to delete event" and says so in the dialog.
 */
export function DeleteEventDialog({ event, onClose }: { event: ListedEvent | null; onClose: () => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const remove = useMutation(
    trpc.events.delete.mutationOptions({
      onError: (error) => console.error(EVENT_UI.deleteFailed, error),
      onSuccess: async () => {
        await refreshAfterEventChange(queryClient, trpc)
        onClose()
      },
    }),
  )
  const close = () => {
    remove.reset()
    onClose()
  }
  const person = event?.people[0]
  return (
    <Modal
      opened={event !== null}
      onClose={close}
      title={EVENT_UI.deleteTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {event ? (
        <Stack gap="md">
          <Text>
            Are you sure you want to delete {eventPeopleNames(event) ? `${eventPeopleNames(event)}'s ` : ''}
            {event.occasion.label} on {formatEventDate(event.date)}? This cannot be undone.
          </Text>
          {remove.isError ? (
            <Alert color="red" role="alert" title={EVENT_UI.deleteFailed}>
              Please try again.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {EVENT_UI.cancel}
            </Button>
            <Button
              color="red.8"
              loading={remove.isPending}
              disabled={!person}
              onClick={() => person && remove.mutate({ personId: person.id, eventId: event.id })}
            >
              {EVENT_UI.deleteButton}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
