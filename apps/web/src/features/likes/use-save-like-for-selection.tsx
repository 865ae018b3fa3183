import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTRPC } from '../../lib/trpc'
import { occasionsQueryOptions, peopleQueryOptions } from '../selection/query-options'
import { selectionIdFromSearch } from '../orders/selection-from-search'
import { LIKE_UI } from './messages'

/** "Saved for Leo's Birthday" (issue 26). */
export function savedForText(personName: string, occasionLabel: string): string {
  return `Saved for ${personName}'s ${occasionLabel}`
}

/**
 * After a like while both For and Because are chosen (issue 26: "a like ignores the chosen
 * person and occasion"), saves that person and occasion as the like's association (the spec's
 * POST /api/product-like-associations) and says so in a notification with Undo, which takes the
 * association off again. Returns a function to call with the new like's id; it does nothing
 * unless both are selected.
 */
export function useSaveLikeForSelection(): (productLikeId: number) => Promise<void> {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const copy = useMutation(trpc.likes.copyAssociation.mutationOptions())
  const save = useMutation(trpc.likes.saveAssociations.mutationOptions())

  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.likes.list.queryKey() }),
        queryClient.invalidateQueries(trpc.likes.forPersonOccasion.pathFilter()),
        queryClient.invalidateQueries(trpc.likes.associations.pathFilter()),
      ]),
    [queryClient, trpc],
  )

  return useCallback(
    async (productLikeId: number) => {
      // The selection when the like is saved, as useSelection resolves it (the address bar's ids,
      // among the user's people and the occasions), waiting for those lists if they are still
      // loading: a like clicked as the page opens must not miss them (CI saw one).
      const search = router.state.location.search as Record<string, unknown>
      const personId = selectionIdFromSearch(search.person)
      const occasionId = selectionIdFromSearch(search.occasion)
      if (personId === undefined || occasionId === undefined) return
      const [people, occasions] = await Promise.all([
        queryClient.ensureQueryData(peopleQueryOptions(trpc)),
        queryClient.ensureQueryData(occasionsQueryOptions(trpc)),
      ])
      const person = people.find((p) => p.id === personId)
      const occasion = occasions.find((o) => o.id === occasionId)
      if (!person || !occasion) return
      const text = savedForText(person.name, occasion.label)
      copy.mutate(
        { productLikeId, personId: person.id, occasionId: occasion.id },
        {
          onError: (error) => console.error(LIKE_UI.copyFailed, error),
          onSuccess: ({ association }) => {
            void refresh()
            const id = `like-saved-${productLikeId}`
            const undo = async () => {
              notifications.hide(id)
              const current = await queryClient.fetchQuery(
                trpc.likes.associations.queryOptions({ productLikeId }, { staleTime: 0 }),
              )
              save.mutate(
                {
                  productLikeId,
                  associations: current
                    .filter((a) => a.id !== association.id)
                    .map((a) => ({ personId: a.personId, occasionId: a.occasionId })),
                },
                { onSettled: () => void refresh(), onError: (error) => console.error(LIKE_UI.saveFailed, error) },
              )
            }
            notifications.show({
              id,
              color: 'green',
              autoClose: 8000,
              message: (
                <Group justify="space-between" gap="sm" wrap="nowrap" data-testid="like-saved-for">
                  <Text size="sm">{text}</Text>
                  <Button size="compact-sm" variant="light" onClick={() => void undo()}>
                    {LIKE_UI.undo}
                  </Button>
                </Group>
              ),
            })
          },
        },
      )
    },
    [router, copy, save, refresh, queryClient, trpc],
  )
}
