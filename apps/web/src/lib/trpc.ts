import { createTRPCClient, httpBatchLink, httpLink, splitLink, type Operation } from '@trpc/client'
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { QueryClient } from '@tanstack/react-query'
// Types only: no server code reaches the bundle.
import type { AppRouter } from '@presently/api'

/** React bindings: `useTRPC()` in components returns the typed query/mutation options factory. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

export type TRPC = TRPCOptionsProxy<AppRouter>

/**
 * Public catalog reads: the same answer for everyone, which the server lets browsers cache
 * (Cache-Control public, max-age, ETag: apps/server/src/plugins/trpc-cache.ts).
 */
function isCatalogRead(op: Operation): boolean {
  return op.type === 'query' && /^(products|categories|promos|variants)\./.test(op.path)
}

/**
 * The tRPC client of the browser: same origin, cookies sent (spec browsing-and-purchase §7).
 * Catalog reads go one call per request (`GET /trpc/products.byId?input=…`): one URL per read, so
 * the browser's HTTP cache and ETags work as for REST, and a slow read never holds back a fast
 * one. Everything else is batched; a batch that held a per-user call would be `no-store` as a
 * whole, which is why the two never share one (docs/decisions/trpc-throughput.md).
 */
export function createApiClient() {
  const fetchWithCookies: typeof fetch = (url, options) => fetch(url, { ...options, credentials: 'include' })
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: isCatalogRead,
        true: httpLink({ url: '/trpc', fetch: fetchWithCookies }),
        false: httpBatchLink({ url: '/trpc', fetch: fetchWithCookies }),
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
