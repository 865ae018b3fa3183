import './mantine-styles'
import './styles.css'

import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { createQueryClient } from './lib/query-client'
import { createApiClient, createApiOptions, TRPCProvider } from './lib/trpc'
import { createAppRouter } from './router'
import { cssVariablesResolver, theme } from './theme'

// Transitions and portals of the notification stack stay out of the entry chunk.
const NotificationsHost = lazy(() => import('./lib/notifications-host'))

const queryClient = createQueryClient()
const trpcClient = createApiClient()
const trpc = createApiOptions(trpcClient, queryClient)
const router = createAppRouter({ queryClient, trpc })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
