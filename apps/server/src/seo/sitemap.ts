/**
 * The sitemaps protocol (https://www.sitemaps.org/protocol.html), as issue 40 asks: one
 * <urlset> while the shop has at most SITEMAP_MAX_URLS pages, else a <sitemapindex> at
 * /sitemap.xml naming parts of at most that many URLs each (/sitemaps/{n}.xml). Pure.
 */

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** One page: its path on the shop, and optionally when it last changed (W3C date) and how much it matters. */
export interface SitemapEntry {
  path: string
  lastmod?: string
  priority?: number
}

/** XML text with the five entities escaped (the protocol asks for entity-escaped URLs). */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]!};`)
}

/** A <urlset> of absolute URLs on `origin`. */
export function urlset(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const parts = [`<loc>${xmlEscape(new URL(e.path, origin).href)}</loc>`]
    if (e.lastmod) parts.push(`<lastmod>${e.lastmod}</lastmod>`)
    if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`)
    return `<url>${parts.join('')}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`
}

/** A <sitemapindex> naming the parts' absolute URLs. */
export function sitemapIndex(origin: string, parts: readonly string[], lastmod?: string): string {
  const items = parts.map(
    (p) =>
      `<sitemap><loc>${xmlEscape(new URL(p, origin).href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('\n')}\n</sitemapindex>\n`
}

/**
 * The files of a shop's sitemap: `/sitemap.xml` alone (a urlset) when the entries fit one file,
 * else `/sitemap.xml` as an index of `/sitemaps/1.xml`, `/sitemaps/2.xml`, ... of at most
 * `max` entries each, in the order given.
 */
export function sitemapFiles(
  origin: string,
  entries: readonly SitemapEntry[],
  options: { max?: number; lastmod?: string } = {},
): Map<string, string> {
  const max = options.max ?? SITEMAP_MAX_URLS
  const files = new Map<string, string>()
  if (entries.length <= max) {
    files.set('/sitemap.xml', urlset(origin, entries))
    return files
  }
  const parts: string[] = []
  for (let i = 0; i < entries.length; i += max) {
    const name = `/sitemaps/${parts.length + 1}.xml`
    parts.push(name)
    files.set(name, urlset(origin, entries.slice(i, i + max)))
  }
  files.set('/sitemap.xml', sitemapIndex(origin, parts, options.lastmod))
  return files
}

/** Paths no search engine should crawl (issue 40): private areas, shared lists, gift exchanges. */
export const ROBOTS_DISALLOW = [
  '/my-account/',
  '/admin/',
  '/lists/shared/',
  '/exchanges/',
  '/exchange/',
  '/auth',
  '/confirm-email',
  '/reset-password',
  '/forgot-password',
  '/unsubscribe',
  '/share-target',
  '/api/',
  '/trpc/',
  '/dev/',
] as const

/** /robots.txt: everything but ROBOTS_DISALLOW, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n')
}
