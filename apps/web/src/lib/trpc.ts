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

/** Set once this tab changed the catalog (staff disabling a product): see markCatalogChanged. */
let catalogChanged = false

/**
 * Tells the client that this tab has just changed the catalog (a staff disable or enable). The
 * browser may hold catalog answers for up to 5 minutes (Cache-Control max-age); from now on this
 * tab's catalog reads revalidate every time (`cache: 'no-cache'`: the server answers 304 by ETag
 * when nothing changed), so the change shows at once in the listing the staff member is on.
 */
export function markCatalogChanged(): void {
  catalogChanged = true
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
  const fetchCatalog: typeof fetch = (url, options) =>
    fetch(url, { ...options, credentials: 'include', cache: catalogChanged ? 'no-cache' : 'default' })
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: isCatalogRead,
        true: httpLink({ url: '/trpc', fetch: fetchCatalog }),
        // Recommendations go alone too: the first after a catalog change builds the catalog model
        // (seconds), and a batch answers only when its slowest call does, so the person page's
        // gift history and budgets would wait for it (issue 22).
        false: splitLink({
          condition: (op) => op.path.startsWith('recommendations.'),
          true: httpLink({ url: '/trpc', fetch: fetchWithCookies }),
          false: httpBatchLink({ url: '/trpc', fetch: fetchWithCookies }),
        }),
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
