import { useEffect } from 'react'

/** The product's name in every browser tab (issue 43 §5; docs/decisions/page-titles.md). */
export const SITE_NAME = 'Presently'

/** Home's tab: the product and what it is for, never just "Home" (issue 43 §5). */
export const HOME_TITLE = `${SITE_NAME} – gift ideas for everyone you buy for`

/** A page's tab title, naming the page and the product: "Important Events – Presently". */
export function pageTitle(name: string): string {
  return `${name} – ${SITE_NAME}`
}

/**
 * Sets the tab's title once a page knows it (a product's name, after its data arrives), e.g.
 * "Paul Lamond Flowers 3D Puzzle Vase – Presently"; the route's own `head` title stands until
 * then and comes back on the next navigation. Null leaves the title alone.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title
  }, [title])
}
