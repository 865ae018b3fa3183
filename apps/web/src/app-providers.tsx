import { StrictMode, type ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider, type RegisteredRouter } from '@tanstack/react-router'
import type { TRPCClient } from '@trpc/client'
import type { AppRouter } from '@presently/api'
import { TRPCProvider } from './lib/trpc'
import { cssVariablesResolver, theme } from './theme'

/** What differs between the browser's app (main.tsx) and the server's first view (entry-server.tsx). */
export interface AppProvidersProps {
  /** The query cache the routes' loaders and the components share. */
  queryClient: QueryClient
  /** The tRPC client: the browser's (createApiClient) or the server's, whose fetch is its own inject. */
  trpcClient: TRPCClient<AppRouter>
  /** The app's router (createAppRouter): browser history, or a memory history at the requested URL. */
  router: RegisteredRouter
  /**
   * Mounted inside Mantine's provider, before the query client's: the browser's notification
   * stack (NotificationsWhenShown). The server renders none.
   */
  notifications?: ReactNode
}

/**
 * The app's providers around its router, one tree for the browser's render (main.tsx) and the
 * server's first view (entry-server.tsx), so that the two render the same page from the same
 * data (docs/decisions/first-view-html.md).
 *
 * Without `notifications`, Mantine's provider has one child, not two: React's `useId` values in
 * the server's markup (e.g. `_R_1ber_`) follow the children's places in the tree, and stay as
 * they were.
 */
export function AppProviders({ queryClient, trpcClient, router, notifications }: AppProvidersProps) {
  const app = (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>
  )
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {notifications === undefined ? (
          app
        ) : (
          <>
            {notifications}
            {app}
          </>
        )}
      </MantineProvider>
    </StrictMode>
  )
}
