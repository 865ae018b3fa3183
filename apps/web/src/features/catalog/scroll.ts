/** Id of the listing section that page changes scroll to (spec browsing-and-purchase §2). */
export const GIFT_IDEAS_ID = 'gift-ideas'

/** Delay and offset of the scroll after a page change (spec browsing-and-purchase §9). */
const SCROLL_DELAY_MS = 100
const SCROLL_OFFSET_PX = 20

/**
 * Smoothly scrolls to the gift-ideas section, 20 px above it, after 100 ms (so the new page has
 * rendered); to the top when the section is not on the page. The offset is measured from the
 * bottom of the sticky header, which would otherwise cover the section's heading.
 */
export function scrollToGiftIdeas(): void {
  window.setTimeout(() => {
    const section = document.getElementById(GIFT_IDEAS_ID)
    if (!section) {
      window.scrollTo({ top: 0, behavior: 'smooth' })
      return
    }
    const header = document.querySelector<HTMLElement>('[data-sticky-header]')
    const headerHeight = header?.getBoundingClientRect().height ?? 0
    const top = section.getBoundingClientRect().top + window.scrollY - headerHeight - SCROLL_OFFSET_PX
    window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' })
  }, SCROLL_DELAY_MS)
}
