import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../lib/api-errors'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { useTRPC } from '../../lib/trpc'
import { PEOPLE_UI } from './messages'
import { invalidatePersonData } from './query-options'

/**
 * A failed create, update or delete: a destructive toast titled "Error" with the server's
 * message, else the fallback (spec account-area §8).
 */
function showFailure(error: unknown, fallback: string) {
  notifications.show({ color: 'red', title: PEOPLE_UI.errorTitle, message: apiErrorMessage(error, fallback) })
}

/**
 * people.create (POST /api/people); the people list is read again afterwards. One call at a
 * time (a double click on Save added the person twice).
 */
export function useCreatePerson() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useSingleFlightMutation(
    trpc.people.create.mutationOptions({
      onError: (error) => showFailure(error, PEOPLE_UI.createFailed),
      onSuccess: () => invalidatePersonData(queryClient, trpc),
    }),
  )
}

/** people.update (PATCH /api/people/{id}); the person and the lists are read again. */
export function useUpdatePerson() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.people.update.mutationOptions({
      onError: (error) => showFailure(error, PEOPLE_UI.updateFailed),
      onSuccess: (person) => {
        queryClient.setQueryData(trpc.people.byId.queryKey({ id: person.id }), person)
        return invalidatePersonData(queryClient, trpc, person.id)
      },
    }),
  )
}

/** people.delete (DELETE /api/people/{id}): the person leaves the caches, the lists are read again. */
export function useDeletePerson() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.people.delete.mutationOptions({
      onError: (error) => showFailure(error, PEOPLE_UI.deleteFailed),
      onSuccess: async ({ id }) => {
        queryClient.removeQueries({ queryKey: trpc.people.byId.queryKey({ id }) })
        queryClient.removeQueries({ queryKey: trpc.events.forPerson.queryKey({ personId: id }) })
        await invalidatePersonData(queryClient, trpc)
      },
    }),
  )
}
