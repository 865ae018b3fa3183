import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AssociationOutput, AssociationTarget } from '@presently/domain'
import { apiErrorCode } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { updateLikedPages } from './query-options'

/** Writes a like's saved associations into the liked list too (its occasion label may follow). */
function useStoreAssociations() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return (productLikeId: number, associations: AssociationOutput[]) => {
    queryClient.setQueryData(trpc.likes.associations.queryKey({ productLikeId }), associations)
    queryClient.setQueryData(trpc.likes.list.queryKey(), (list) =>
      list?.map((like) => (like.id === productLikeId ? { ...like, associations } : like)),
    )
    updateLikedPages(queryClient, trpc, (like) => (like.id === productLikeId ? { ...like, associations } : like))
  }
}

/**
 * Saves a like's whole list of associations (POST /api/product-like-associations/batch, which
 * replaces it). The new list shows at once; when the save fails the previous one comes back
 * (spec account-area §4 "Removing a product association is applied at once and restored if
 * saving fails") and `isError` lets the card show "Failed to save associations".
 */
export function useSaveAssociations(productLikeId: number) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const store = useStoreAssociations()
  const key = trpc.likes.associations.queryKey({ productLikeId })
  return useMutation({
    ...trpc.likes.saveAssociations.mutationOptions(),
    onMutate: async ({ associations }: { productLikeId: number; associations: AssociationTarget[] }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData(key)
      // Shown at once: kept entries keep their ids, new ones get a temporary negative id.
      const shown = associations.map(
        (target, i) =>
          previous?.find((a) => a.personId === target.personId && a.occasionId === target.occasionId) ?? {
            id: -(i + 1),
            productLikeId,
            ...target,
          },
      )
      queryClient.setQueryData(key, shown)
      return { previous }
    },
    onError: (_error, _input, context) => {
      if (context?.previous) store(productLikeId, context.previous)
    },
    onSuccess: (saved) => store(productLikeId, saved),
    onSettled: () => queryClient.invalidateQueries(trpc.likes.forPersonOccasion.pathFilter()),
  })
}

/**
 * Copies one association to another like (POST /api/product-like-associations: the drop of an
 * event chip on another card). A copy the like already has is not an error (the server answers
 * the existing one; a conflict is ignored too, spec account-area §8); other failures reach
 * `onError` ("Failed to copy association").
 */
export function useCopyAssociation(onError: (error: unknown) => void) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const store = useStoreAssociations()
  return useMutation(
    trpc.likes.copyAssociation.mutationOptions({
      onSuccess: async ({ association, created }) => {
        if (!created) return
        const key = trpc.likes.associations.queryKey({ productLikeId: association.productLikeId })
        const current = queryClient.getQueryData(key)
        if (current) store(association.productLikeId, [...current, association])
        else await queryClient.invalidateQueries({ queryKey: key })
        await queryClient.invalidateQueries(trpc.likes.forPersonOccasion.pathFilter())
      },
      onError: (error) => {
        if (apiErrorCode(error) === 'CONFLICT') return
        onError(error)
      },
    }),
  )
}
