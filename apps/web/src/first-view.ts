import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'

/** Id of the `<script type="application/json">` holding the first view's query cache (entry-server.tsx). */
export const FIRST_VIEW_STATE_ID = 'first-view-state'

/**
 * Fills the query cache with the data the server rendered the page from (issue 24, LCP;
 * docs/decisions/first-view-html.md), so the first render in the browser shows the same page
 * instead of skeletons. A page served without a first view has no such script: nothing happens.
 * @returns true when the page came with a first view (its markup is in #root).
 */
export function adoptFirstView(queryClient: QueryClient): boolean {
  const script = document.getElementById(FIRST_VIEW_STATE_ID)
  if (!script?.textContent) return false
  try {
    hydrate(queryClient, JSON.parse(script.textContent) as DehydratedState)
  } catch {
    return false
  } finally {
    script.remove()
  }
  return true
}
