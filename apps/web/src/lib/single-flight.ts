import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'

/**
 * useMutation that runs one call at a time, so a double click or a double Enter sends one
 * request (docs/decisions/concurrency.md): while a call is in flight, `mutate` ignores further
 * calls and `mutateAsync` answers the call in flight's promise. The Mantine button's `loading`
 * cannot do it alone: it disables the button only after React renders the pending state, and
 * the second click of a double click arrives before that (two wish lists were made 10 ms apart).
 * The guard is a ref, set in the click's own handler. For writes that create something or add
 * to it (a list, an item, a present, a claim, a person, an event); toggles keep useMutation.
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  type Result = UseMutationResult<TData, TError, TVariables, TOnMutateResult>
  const mutation = useMutation(options)
  const inFlight = useRef<Promise<TData> | null>(null)
  const { mutateAsync: send } = mutation
  const mutateAsync: Result['mutateAsync'] = useCallback(
    (...args: Parameters<Result['mutateAsync']>) => {
      if (inFlight.current) return inFlight.current
      const call = send(...args).finally(() => {
        inFlight.current = null
      })
      inFlight.current = call
      return call
    },
    [send],
  )
  const mutate: Result['mutate'] = useCallback(
    // The outcome is in the mutation's state (isError, error) and its callbacks.
    (...args: Parameters<Result['mutate']>) => void mutateAsync(...args).catch(() => undefined),
    [mutateAsync],
  )
  return { ...mutation, mutate, mutateAsync }
}
