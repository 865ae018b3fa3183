import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTRPC } from '../../lib/trpc'
import { useSelection } from '../selection/use-selection'
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
export function useSaveLikeForSelection(): (productLikeId: number) => void {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { person, occasion } = useSelection()
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
    (productLikeId: number) => {
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
    [person, occasion, copy, save, refresh, queryClient, trpc],
  )
}
