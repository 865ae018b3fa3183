import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './styles.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { createQueryClient } from './lib/query-client'
import { createApiClient, createApiOptions, TRPCProvider } from './lib/trpc'
import { createAppRouter } from './router'
import { cssVariablesResolver, theme } from './theme'

const queryClient = createQueryClient()
const trpcClient = createApiClient()
const trpc = createApiOptions(trpcClient, queryClient)
const router = createAppRouter({ queryClient, trpc })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
)
