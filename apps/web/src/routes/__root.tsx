import { Box } from '@mantine/core'
import { createRootRouteWithContext, HeadContent, Outlet, retainSearchParams } from '@tanstack/react-router'
import type { RouterContext } from '../router'
import { NotFoundPage } from './-components/not-found-page'
import { SiteFooter } from './-components/site-footer'
import { SiteHeader } from './-components/site-header'
import { RouteError } from './-components/route-error'
import { parseSelectionSearch, SELECTION_KEYS, type SelectionSearch } from '../features/selection/selection-params'
import { pageTitle } from '../lib/page-title'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page sets its own title; only unknown paths keep this one (spec browsing-and-purchase §2).
  head: () => ({ meta: [{ title: pageTitle('Not Found') }] }),
  // The selected person and occasion live in the address bar on every page (spec
  // browsing-and-purchase §2 "Query parameters"): validated here, kept by every navigation that
  // does not set them itself; useSelection() reads and sets them.
  validateSearch: (search: Record<string, unknown>): SelectionSearch => parseSelectionSearch(search),
  search: { middlewares: [retainSearchParams<SelectionSearch>([...SELECTION_KEYS])] },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
})

function RootLayout() {
  return (
    <>
      <HeadContent />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <SiteHeader />
        {/* At least a screen tall: the footer starts below the fold, so a page whose content
            arrives after the first paint (a lazy route chunk, the session, a query) never pushes
            a visible footer down (CLS, docs/decisions/web-bundle.md). */}
        <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, minHeight: '100dvh', outline: 'none' }}>
          <Outlet />
        </Box>
        <SiteFooter />
      </Box>
    </>
  )
}
