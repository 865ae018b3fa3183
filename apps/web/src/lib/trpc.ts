import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { QueryClient } from '@tanstack/react-query'
// Types only: no server code reaches the bundle.
import type { AppRouter } from '@presently/api'

/** React bindings: `useTRPC()` in components returns the typed query/mutation options factory. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

export type TRPC = TRPCOptionsProxy<AppRouter>

/** The tRPC client of the browser: same origin, batched, cookies sent (spec browsing-and-purchase §7). */
export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    ],
  })
}

/**
 * The options factory outside React (route loaders and guards). It shares the query client with
 * `useTRPC()`, so a guard's `ensureQueryData` fills the same cache the components read.
 */
export function createApiOptions(client: ReturnType<typeof createApiClient>, queryClient: QueryClient): TRPC {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient })
}
