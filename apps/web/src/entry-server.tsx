import { renderToString } from 'react-dom/server'
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { createTRPCClient, httpLink } from '@trpc/client'
import type { AppRouter } from '@presently/api'
import { createQueryClient } from './lib/query-client'
import { createApiOptions } from './lib/trpc'
import { createAppRouter } from './router'
import { sessionQueryOptions } from './features/session/session'
import { AppProviders } from './app-providers'
import { FIRST_VIEW_STATE_ID } from './first-view'

/** What the server knows of a page load (apps/server/src/plugins/first-view.ts). */
export interface FirstViewRequest {
  /** Path and query of the page, e.g. `/category/hobbies?page=2`. */
  url: string
  /** The shop's origin, e.g. `https://presently.example` (the product page's JSON-LD URL). */
  origin: string
  /**
   * Answers the app's tRPC calls (`GET {origin}/trpc/…`) as the server would answer the
   * browser's, with the browser's cookies: the server hands in its in-process `inject`.
   */
  fetch: typeof fetch
  /** A phone, by its User-Agent: the width the listing's layout (drawer or sidebar) is chosen for. */
  mobile: boolean
}

/** The page's first view: markup for `#root` and the data it was made from. */
export interface FirstView {
  /**
   * The app's markup, as the browser's first render makes it from the same data; React puts the
   * page's `<title>` (the routes' head) at its start.
   */
  html: string
  /**
   * `<script type="application/json" id="first-view-state">` with the query cache (TanStack
   * Query's dehydrated state, JSON with `<` escaped): main.tsx fills its cache from it.
   */
  stateScript: string
}

/** CSS widths the server assumes (px): Lighthouse's phone (Moto G Power) and a laptop. */
const PHONE_WIDTH = 412
const DESKTOP_WIDTH = 1280

/**
 * `window.matchMedia` for the server's render: `(max-width: …)` and `(min-width: …)` in px or em
 * against the assumed width; anything else does not match. Only `useMediaQuery` calls that read
 * their value during render (getInitialValueInEffect: false) see it.
 */
function matchWidth(width: number) {
  return (query: string) => {
    const found = /\((max|min)-width:\s*([\d.]+)(px|em|rem)\)/.exec(query)
    const limit = found ? Number(found[2]) * (found[3] === 'px' ? 1 : 16) : NaN
    const matches = found ? (found[1] === 'max' ? width <= limit : width >= limit) : false
    return { matches, media: query, addEventListener() {}, removeEventListener() {} }
  }
}

/**
 * Renders once with a minimal `window` (location.origin, matchMedia), which the components read
 * during render; set only for the synchronous render, so no other server code sees it.
 */
function renderOnce(node: React.ReactNode, request: FirstViewRequest): string {
  const global = globalThis as { window?: unknown }
  const previous = global.window
  global.window = {
    location: new URL(request.url, request.origin),
    matchMedia: matchWidth(request.mobile ? PHONE_WIDTH : DESKTOP_WIDTH),
  }
  try {
    return renderToString(node)
  } finally {
    global.window = previous
  }
}

/**
 * Whether a query still has no data, and some component wants it (not `enabled: false`) in the
 * first view: queries for what is below the first screen opt out with `meta: { firstView: false }`
 * (the home tiles' 20 counts), and the browser fetches them as before.
 */
function isWanted(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled
  return (
    query.state.status === 'pending' &&
    enabled !== false &&
    typeof enabled !== 'function' &&
    query.meta?.firstView !== false
  )
}

/** Fetches every query of the cache still waiting for data; false when there was none. */
async function settle(queryClient: QueryClient): Promise<boolean> {
  const waiting = queryClient.getQueryCache().getAll().filter(isWanted)
  if (waiting.length === 0) return false
  await Promise.allSettled(
    waiting.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
  )
  return true
}

/**
 * The first view of a page for a visitor who is not signed in (issue 24, LCP): the app rendered
 * on the server with the data its queries read, so the browser paints the page from the HTML
 * before the JavaScript has run, and main.tsx then renders the same page from the same data in
 * place of it (docs/decisions/first-view-html.md). Renders in passes: each pass's queries without
 * data are fetched and the page rendered again (up to 3 more passes).
 * @returns null for a signed-in visitor (their pages depend on their data: the plain app shell
 *   serves them), when the session cannot be read, or when the route redirected.
 */
export async function renderFirstView(request: FirstViewRequest): Promise<FirstView | null> {
  const queryClient = createQueryClient()
  const trpcClient = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${request.origin}/trpc`, fetch: request.fetch })],
  })
  const trpc = createApiOptions(trpcClient, queryClient)
  try {
    const session = await queryClient.fetchQuery(sessionQueryOptions(trpc))
    if (session.user) return null
  } catch {
    return null
  }
  const router = createAppRouter({ queryClient, trpc }, createMemoryHistory({ initialEntries: [request.url] }))
  await router.load()
  // A route that sent the visitor elsewhere: the browser's app does that itself.
  if (router.state.location.pathname !== new URL(request.url, request.origin).pathname) return null

  const app = <AppProviders queryClient={queryClient} trpcClient={trpcClient} router={router} />
  await settle(queryClient)
  let html = renderOnce(app, request)
  for (let pass = 0; pass < 3 && (await settle(queryClient)); pass++) html = renderOnce(app, request)
  // The router's scroll restoration writes an inline script on the server, which the shop's CSP
  // (script-src 'self') refuses; the browser's app restores scrolling itself. Data scripts
  // (JSON-LD) have a type and stay.
  html = html.replace(/<script>[\s\S]*?<\/script>/g, '')

  const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c')
  return {
    html,
    stateScript: `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">${state}</script>`,
  }
}
