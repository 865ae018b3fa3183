import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import { LIKE_UI } from './messages'
import { updateLikedPages } from './query-options'

/**
 * Toggles a like (POST /api/products/{id}/like), optimistically: the like buttons' ids and, on
 * an unlike, the Liked Products list change at once (spec account-area §4 "unlike removes the
 * card from the list immediately"); a failure puts both back and is only logged ("Failed to
 * toggle product like", §8), except the likes cap (409, issue 25), whose message is shown. Afterwards the liked lists are refreshed (§7 "then refreshes the
 * liked list").
 */
export function useToggleLike() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const idsKey = trpc.likes.productIds.queryKey()
  const listKey = trpc.likes.list.queryKey()
  const pagesFilter = trpc.likes.page.pathFilter()
  return useMutation(
    trpc.likes.toggle.mutationOptions({
      onMutate: async (input) => {
        // The input's id is typed loosely (the schema coerces REST text); the buttons send numbers.
        const id = Number(input.id)
        await Promise.all([
          queryClient.cancelQueries({ queryKey: idsKey }),
          queryClient.cancelQueries({ queryKey: listKey }),
          queryClient.cancelQueries(pagesFilter),
        ])
        const previousIds = queryClient.getQueryData(idsKey)
        const previousList = queryClient.getQueryData(listKey)
        const previousPages = queryClient.getQueriesData(pagesFilter)
        const onPages = previousPages.some(([, data]) =>
          (data as { pages?: { items: { productId: number }[] }[] } | undefined)?.pages?.some((page) =>
            page.items.some((like) => like.productId === id),
          ),
        )
        const wasLiked = previousIds?.includes(id) ?? (previousList?.some((like) => like.productId === id) || onPages)
        queryClient.setQueryData(idsKey, (ids = []) => (wasLiked ? ids.filter((x) => x !== id) : [...ids, id]))
        if (wasLiked) {
          queryClient.setQueryData(listKey, (list) => list?.filter((like) => like.productId !== id))
          updateLikedPages(queryClient, trpc, (like) => (like.productId === id ? null : like))
        }
        return { previousIds, previousList, previousPages }
      },
      onError: (error, _input, context) => {
        console.error(LIKE_UI.toggleFailed, error)
        // The per-user cap (issue 25) is the one failure the user can act on: say so.
        if (error.data?.code === 'CONFLICT') notifications.show({ color: 'red', message: error.message })
        if (!context) return
        queryClient.setQueryData(idsKey, context.previousIds)
        queryClient.setQueryData(listKey, context.previousList)
        for (const [key, data] of context.previousPages) queryClient.setQueryData(key, data)
      },
      onSuccess: (result, input) => {
        const id = Number(input.id)
        queryClient.setQueryData(idsKey, (ids = []) =>
          result.liked ? [...new Set([...ids, id])] : ids.filter((x) => x !== id),
        )
      },
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: listKey }),
          queryClient.invalidateQueries(pagesFilter),
          queryClient.invalidateQueries(trpc.likes.forPersonOccasion.pathFilter()),
        ]),
    }),
  )
}
