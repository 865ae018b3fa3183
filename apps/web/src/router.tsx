import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from './routeTree.gen'
import type { TRPC } from './lib/trpc'

/** What every route's loader and guard receives (see routes/__root.tsx). */
export interface RouterContext {
  queryClient: QueryClient
  trpc: TRPC
}

/**
 * The app's router. `history` is the browser's by default; the server's first render
 * (entry-server.tsx) hands in a memory history holding the requested URL.
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router's own preload cache would shadow it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
