import './mantine-styles'
import './styles.css'

import { lazy, Suspense, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { useNotifications } from '@mantine/notifications'
import { createQueryClient } from './lib/query-client'
import { createApiClient, createApiOptions } from './lib/trpc'
import { createAppRouter } from './router'
import { sessionQueryOptions } from './features/session/session'
import { AppProviders } from './app-providers'
import { adoptFirstView } from './first-view'

// Transitions and portals of the notification stack stay out of the entry chunk.
const NotificationsHost = lazy(() => import('./lib/notifications-host'))

/**
 * Mounts the notification stack when the first notification is shown, not on every page load
 * (docs/decisions/web-bundle.md): `notifications.show()` only writes to Mantine's store, which the
 * stack reads when it mounts, so nothing shown before its chunk arrives is lost.
 */
function NotificationsWhenShown() {
  const { notifications, queue } = useNotifications()
  const [wanted, setWanted] = useState(false)
  if (!wanted && notifications.length + queue.length > 0) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  )
}

/** The longest the first render of a page the server did not render waits for the session (ms). */
const SESSION_WAIT_MS = 3000

const queryClient = createQueryClient()
const trpcClient = createApiClient()
const trpc = createApiOptions(trpcClient, queryClient)
const router = createAppRouter({ queryClient, trpc })
// A page the server rendered (docs/decisions/first-view-html.md) brings its data along.
const hasFirstView = adoptFirstView(queryClient)
// The header and most pages wait for the session: ask for it now, beside the route's chunks,
// rather than after them when the first render asks (LCP, docs/decisions/web-bundle.md).
const session = queryClient.prefetchQuery(sessionQueryOptions(trpc))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const app = (
  <AppProviders
    queryClient={queryClient}
    trpcClient={trpcClient}
    router={router}
    notifications={<NotificationsWhenShown />}
  />
)

// The server's markup stays on screen until the first render replaces it: with a first view that
// render waits for the route's chunks (router.load), so it shows the same page, not a blank one.
if (hasFirstView) void router.load().finally(() => createRoot(root).render(app))
// Without one (a signed-in user), the first render waits for the session, at most
// SESSION_WAIT_MS: the header is three rows tall on a signed-in phone and one row before the
// session is known, so painting first would push the whole page down when it arrives (CLS,
// docs/decisions/home-layout-stability.md). Until then the page is blank, as it was until the
// app's first render anyway; prefetchQuery never rejects.
else
  void Promise.race([session, new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]).finally(() =>
    createRoot(root).render(app),
  )
