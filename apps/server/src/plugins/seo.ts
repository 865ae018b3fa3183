import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { catalogPages, listGiftCollections } from '@presently/api'
import type { Db } from '@presently/db'
import { metaForUrl } from '../seo/meta-for-url.ts'
import { metaTags } from '../seo/page-meta.ts'
import { CARD_KEYS, renderCard } from '../seo/og-card.ts'
import { robotsTxt, sitemapFiles, type SitemapEntry } from '../seo/sitemap.ts'

/** Cache-Control of robots.txt, the sitemaps and the card images: shared caches may keep them. */
const PUBLIC_HOUR = 'public, max-age=3600'
const PUBLIC_WEEK = 'public, max-age=604800'

/**
 * Links that travel (issue 40): /robots.txt, /sitemap.xml (and its parts past 50,000 URLs,
 * /sitemaps/{n}.xml) generated from the catalog and kept per catalog version, the 1200x630 card
 * images of the categories (/og/{key}.png, drawn once per key and kept), and `pageHead`, the
 * preview tags (Open Graph, Twitter card, canonical, robots, JSON-LD) of a page the server sends
 * (plugins/static.ts), read per request (first views keep theirs with the page).
 */
export function registerSeo(app: FastifyInstance, options: { db: Db; origin: string }) {
  const { db, origin } = options

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', PUBLIC_HOUR).send(robotsTxt(origin)),
  )

  let sitemap: { version: string; files: Promise<Map<string, string>> } | undefined
  const sitemapOf = async (): Promise<Map<string, string>> => {
    const version =
      app.catalogVersion?.current() ??
      String(
        (await db.$client.query<{ v: string }>(`select version::text as v from catalog_state where id = 1`)).rows[0]
          ?.v ?? '0',
      )
    if (sitemap?.version !== version) {
      const files = (async () => {
        const [pages, collections] = await Promise.all([catalogPages(db), listGiftCollections(db)])
        const entries: SitemapEntry[] = [
          { path: '/', priority: 1 },
          { path: '/gift-finder', priority: 0.8 },
          ...collections.map((c) => ({ path: `/collections/${c.slug}`, priority: 0.7 })),
          ...pages.categories.map((path) => ({ path, priority: 0.6 })),
          ...pages.products.map((p) => ({ path: p.path, lastmod: p.lastmod, priority: 0.5 })),
        ]
        return sitemapFiles(origin, entries)
      })()
      sitemap = { version, files }
      files.catch(() => {
        if (sitemap?.files === files) sitemap = undefined
      })
    }
    return sitemap.files
  }
  const sendSitemap = async (name: string, reply: FastifyReply) => {
    const body = (await sitemapOf()).get(name)
    if (!body) return reply.status(404).send({ success: false, message: `Not found: GET ${name}` })
    return reply.type('application/xml; charset=utf-8').header('cache-control', PUBLIC_HOUR).send(body)
  }
  app.get('/sitemap.xml', (_request, reply) => sendSitemap('/sitemap.xml', reply))
  app.get<{ Params: { part: string } }>('/sitemaps/:part', (request, reply) =>
    sendSitemap(`/sitemaps/${request.params.part}`, reply),
  )

  const cards = new LRUCache<string, Promise<Buffer | null>>({ max: CARD_KEYS.length + 8 })
  app.get<{ Params: { file: string } }>('/og/:file', async (request, reply) => {
    const key = decodeURIComponent(request.params.file).replace(/\.png$/, '')
    if (!CARD_KEYS.includes(key)) return reply.status(404).send({ success: false, message: 'Not found' })
    let png = cards.get(key)
    if (!png) {
      png = renderCard(key)
      cards.set(key, png)
    }
    const bytes = await png
    if (!bytes) return reply.status(404).send({ success: false, message: 'Not found' })
    return reply.type('image/png').header('cache-control', PUBLIC_WEEK).send(bytes)
  })

  /** The preview tags of the page `request` asks for ('' when it has none or a lookup fails). */
  const pageHead = async (request: FastifyRequest): Promise<string> => {
    const meta = await metaForUrl(db, origin, request.url)
    return meta ? metaTags(meta) : ''
  }
  return { pageHead }
}
