import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'

/**
 * "Not for {name}" (issue 20): dismiss and undo for one person; afterwards the picks and the
 * person's dismissed list are read again (the server is the record).
 */
export function useDismissals(personId: number) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.recommendations.productsForPerson.pathFilter()),
      queryClient.invalidateQueries(trpc.recommendations.dismissedProducts.queryFilter({ personId })),
    ])
  const dismiss = useMutation(trpc.recommendations.dismissProduct.mutationOptions({ onSettled: refresh }))
  const undo = useMutation(trpc.recommendations.undoDismissal.mutationOptions({ onSettled: refresh }))
  return {
    dismiss: (productId: number) => dismiss.mutate({ personId, productId }),
    undo: (productId: number) => undo.mutate({ personId, productId }),
    dismissing: dismiss.isPending ? dismiss.variables.productId : undefined,
    dismissFailed: dismiss.isError,
  }
}

/** The products dismissed for a person, newest first (GET /api/people/{personId}/dismissed-products). */
export function useDismissedProducts(personId: number) {
  const trpc = useTRPC()
  return useQuery(trpc.recommendations.dismissedProducts.queryOptions({ personId }))
}
