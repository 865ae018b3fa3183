import { QueryClient } from '@tanstack/react-query'

/**
 * The app's query cache. Defaults follow spec browsing-and-purchase §9 "Generic fetches": no
 * retries, no stale time, refetch on window focus. Catalog queries override these
 * (see features/catalog/query-options.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 0,
        refetchOnWindowFocus: true,
      },
    },
  })
}
