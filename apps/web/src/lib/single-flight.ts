import {
  useMutation,
  type DefaultError,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query'
import { useCallback, useRef } from 'react'

/**
 * useMutation whose `mutate` ignores calls while one of its own is in flight, so a double click
 * or a double Enter sends one request (docs/decisions/concurrency.md). The Mantine button's
 * `loading` cannot do it alone: it disables the button only after React renders the pending
 * state, and the second click of a double click arrives before that (two wish lists were made
 * 10 ms apart). The guard is a ref, set in the click's own handler. For writes that create
 * something or add to it (a list, an item, a present, a claim); a toggle keeps useMutation.
 * `mutateAsync` is not guarded.
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const mutation = useMutation(options)
  const inFlight = useRef(false)
  const { mutateAsync } = mutation
  const mutate: UseMutateFunction<TData, TError, TVariables, TOnMutateResult> = useCallback(
    (...args: Parameters<UseMutateFunction<TData, TError, TVariables, TOnMutateResult>>) => {
      if (inFlight.current) return
      inFlight.current = true
      // The outcome is in the mutation's state (isError, error) and the callbacks; the promise
      // only tells when the guard may open again.
      mutateAsync(...args)
        .catch(() => undefined)
        .finally(() => {
          inFlight.current = false
        })
    },
    [mutateAsync],
  )
  return { ...mutation, mutate }
}
