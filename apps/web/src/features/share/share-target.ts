/**
 * Web Share Target (issue 24): the installed app's manifest names `/share-target` as the place
 * another app's "Share" sends a link to, as GET query fields `title`, `text` and `url`
 * (apps/web/vite.config.ts, `share_target`). This module turns them into where the shop goes.
 * No zod and no components: the route's `beforeLoad` uses it, so it sits in the entry chunk.
 */

/** The query fields a share arrives with; any may be missing (apps fill them differently). */
export interface SharedLink {
  title?: string
  text?: string
  url?: string
}

/** Longest search term taken from a share (the search box's own limit is generous; titles are short). */
const MAX_TERM_LENGTH = 200

/**
 * The words to search for: the shared title, else the text without any URLs in it, else the
 * last readable path segment of the URL ("/p/lego-castle-123" -> "lego castle 123").
 * @returns a trimmed term of at most 200 characters, or '' when nothing readable was shared.
 */
export function sharedSearchTerm(shared: SharedLink): string {
  const clean = (value: string) =>
    value
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  const fromTitle = clean(shared.title ?? '')
  if (fromTitle) return fromTitle.slice(0, MAX_TERM_LENGTH)
  const fromText = clean(shared.text ?? '')
  if (fromText) return fromText.slice(0, MAX_TERM_LENGTH)
  const link = shared.url ?? /https?:\/\/\S+/.exec(shared.text ?? '')?.[0]
  if (!link) return ''
  try {
    const segments = new URL(link).pathname.split('/').filter(Boolean)
    const last = decodeURIComponent(segments.at(-1) ?? '')
      .replace(/\.[a-z]+$/i, '')
      .replace(/[-_+]+/g, ' ')
    return clean(last).slice(0, MAX_TERM_LENGTH)
  } catch {
    return ''
  }
}

/** Where a share lands: a route path and its search fields. */
export interface ShareDestination {
  to: '/search' | '/' | '/my-account/lists/add'
  search: Record<string, string>
}

/** The web link a share carries: its `url`, else the first http(s) link in its text (apps differ). */
export function sharedLink(shared: SharedLink): string | null {
  const candidate = shared.url?.trim() || /https?:\/\/\S+/.exec(shared.text ?? '')?.[0]
  if (!candidate) return null
  try {
    const url = new URL(candidate)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * Where the shop opens for a shared link (issue 24; issue 38). A share with a web link opens
 * "Add to a wish list" with it, where the page is read into an item (its title goes along as a
 * first guess); plain shared text opens a search for it, and nothing readable the home page.
 */
export function shareDestination(shared: SharedLink): ShareDestination {
  const link = sharedLink(shared)
  if (link) {
    const title = shared.title?.replace(/\s+/g, ' ').trim().slice(0, MAX_TERM_LENGTH)
    return { to: '/my-account/lists/add', search: title ? { url: link, title } : { url: link } }
  }
  const q = sharedSearchTerm(shared)
  return q ? { to: '/search', search: { q } } : { to: '/', search: {} }
}
