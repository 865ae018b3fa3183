import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { ukToday } from '@presently/domain'
import { SESSION_COOKIE } from './auth.ts'

/** What apps/web/src/entry-server.tsx exports (kept in step by hand: the server does not import web code). */
interface FirstViewModule {
  renderFirstView(request: {
    url: string
    origin: string
    fetch: typeof fetch
    mobile: boolean
  }): Promise<{ html: string; stateScript: string } | null>
}

/**
 * The pages a visitor most often lands on, which the server renders (issue 24, LCP): the landing
 * page, listings and product pages, each with its route file under apps/web/src/routes (whose
 * stylesheets the page links, from Vite's manifest). Every other client route gets the plain shell.
 */
export const FIRST_VIEW_ROUTES: Readonly<Record<string, string>> = {
  '/': 'index.tsx',
  '/home': 'home.tsx',
  '/search': 'search.tsx',
  '/category/*': 'category/$level0.{-$level1}.{-$level2}.{-$level3}.tsx',
  '/product/*': 'product/$id.tsx',
  '/promo/*': 'promo/$promoName.tsx',
  // Issue 40: the gift finder's answers and the collections, first seen from a shared link.
  '/gift-finder': 'gift-finder.tsx',
  '/collections/*': 'collections/$slug.tsx',
}

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>

/**
 * The stylesheets of a route's split chunks and their static imports (`/assets/…` URLs), which
 * the app would add when it loads the route: linked in the head so the first view paints styled.
 * The entry's own stylesheet is in index.html already.
 */
export function routeStylesheets(manifest: Manifest, routeFile: string): string[] {
  const prefix = `src/routes/${routeFile}?tsr-split=`
  const seen = new Set<string>()
  const css = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (seen.has(key) || !chunk || chunk.isEntry) return
    seen.add(key)
    for (const file of chunk.css ?? []) css.add(`/${file}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of Object.keys(manifest)) if (key.startsWith(prefix)) visit(key)
  return [...css]
}

/** Cache-Control of a rendered page: revalidated every time, and per visitor (it depends on the session cookie). */
export const FIRST_VIEW_CACHE_CONTROL = 'private, no-cache'

/**
 * Answers a page of `routeFile` (a FIRST_VIEW_ROUTES value) with its first view and true, or
 * false when the caller should send the plain shell.
 */
/**
 * `head`: the page's preview tags (issue 40, seo/page-meta.ts metaTags), put into the head; they
 * depend on the URL and the catalog only, like the page, so they are kept with it.
 */
export type FirstViewHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  routeFile: string,
  head?: string,
) => Promise<boolean>

/** Bytes of rendered pages kept (HTML and its compressed forms), per catalog version (createFirstView). */
export const FIRST_VIEW_CACHE_BYTES = 16 * 1024 * 1024

/** A rendered page as kept: its HTML and the compressed forms made so far. */
interface RenderedPage {
  html: Buffer
  br?: Buffer
  gzip?: Buffer
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** A phone, by its User-Agent ("Mobi", MDN's advice) or the Sec-CH-UA-Mobile client hint. */
export function isPhone(request: FastifyRequest): boolean {
  return request.headers['sec-ch-ua-mobile'] === '?1' || /Mobi|Android/i.test(request.headers['user-agent'] ?? '')
}

/**
 * `fetch` answered by the app itself (Fastify's inject), with the page request's cookies: the
 * first view reads the same tRPC answers the browser would, without a network round trip.
 */
function injectFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (request.headers.cookie) headers.cookie = request.headers.cookie
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value
    })
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers,
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    })
    const out = new Headers()
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value !== undefined) for (const one of [value].flat()) out.append(key, String(one))
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: out })
  }
}

/**
 * Puts a first view into the app shell: its markup in #root, inside an `inert` and `aria-hidden`
 * wrapper (nothing on it answers clicks or focus, nor is it read out, until the app has replaced
 * it: a tap never goes to a button that does nothing, and tools that find elements by role wait
 * for the live ones), the query cache's script after it, and the page's title (React writes it
 * at the start of the markup) and the route's stylesheets in the head. The app's module script
 * becomes public/first-view.js, which adds it after the first frame: the page paints from the
 * HTML and CSS alone. Loaded at once, the app would hold the first paint until it had run, and
 * even preloaded (modulepreload) its 130 KB would share a slow line with the stylesheets that
 * the paint waits for (Lighthouse mobile LCP 2.0-2.1 s with the preload, 1.3-1.4 s without;
 * docs/decisions/first-view-html.md).
 */
export function composePage(
  template: string,
  view: { html: string; stateScript: string },
  stylesheets: string[],
  head = '',
): string | null {
  if (!template.includes('<div id="root"></div>')) return null
  const title = /^<title>[^<]*<\/title>/.exec(view.html)?.[0] ?? ''
  // The page's JSON-LD comes with its preview tags (issue 40: with the offer's availability and
  // price validity): the copy the app renders in the body is left out, so there is one.
  const body = head.includes('application/ld+json')
    ? view.html.slice(title.length).replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '')
    : view.html.slice(title.length)
  const links = stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')
  return template
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_script, entry: string) => `<script src="/first-view.js" data-entry="${entry}" defer></script>`,
    )
    .replace(head ? /<meta\s+name="description"[^>]*>/i : /$^/, '')
    .replace('</head>', () => `${links}${title}${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root"><div inert aria-hidden="true">${body}</div></div>${view.stateScript}`,
    )
}

/**
 * The first view of landing, listing and product pages, rendered here for visitors who are not
 * signed in (docs/decisions/first-view-html.md): the page paints from the HTML before the app's
 * JavaScript has run, and the app then renders the same page from the same data in its place.
 * Needs the web app's server build (`apps/web/dist-ssr/entry-server.js`, beside `webDist`) and
 * the client build's manifest (`.vite/manifest.json`);
 * without it, or when a render fails, these routes serve the plain app shell as before.
 * A rebuilt bundle is picked up by its modification time, without a restart.
 *
 * A visitor's page depends on nothing of theirs but the layout (phone or not): it is kept per
 * (catalog version held in memory, London date, bundle and manifest, layout, URL) in an LRU of
 * FIRST_VIEW_CACHE_BYTES with its compressed forms, so a crowd landing on one listing costs one
 * render per catalog change, not one per visitor. Pages are kept only for callers who are not
 * signed in and while the catalog version is known (plugins/public-read-cache.ts).
 * @returns a handler that answers the page (HTML, brotli or gzip when accepted) and true, or false
 *   when the caller should send the plain shell.
 */
export function createFirstView(app: FastifyInstance, webDist: string, origin: string): FirstViewHandler | undefined {
  const bundle = path.resolve(webDist, '../dist-ssr/entry-server.js')
  if (!existsSync(bundle) || !existsSync(path.join(webDist, '.vite/manifest.json'))) return undefined
  let loaded: { mtimeMs: number; module: Promise<FirstViewModule> } | undefined
  const load = async () => {
    const { mtimeMs } = await stat(bundle)
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, module: import(`${pathToFileURL(bundle).href}?v=${mtimeMs}`) as Promise<FirstViewModule> }
    }
    return loaded.module
  }
  const manifestFile = path.join(webDist, '.vite/manifest.json')
  let manifest: { mtimeMs: number; value: Promise<Manifest> } | undefined
  const readManifest = async () => {
    const { mtimeMs } = await stat(manifestFile)
    if (manifest?.mtimeMs !== mtimeMs) {
      manifest = { mtimeMs, value: readFile(manifestFile, 'utf8').then((text) => JSON.parse(text) as Manifest) }
    }
    return manifest.value
  }
  const pages = new LRUCache<string, RenderedPage>({
    maxSize: FIRST_VIEW_CACHE_BYTES,
    sizeCalculation: (page, key) =>
      page.html.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0) + key.length * 2,
  })
  const render = async (
    request: FastifyRequest,
    routeFile: string,
    mobile: boolean,
    head: string,
  ): Promise<RenderedPage | null> => {
    const [module, template, built] = await Promise.all([
      load(),
      readFile(path.join(webDist, 'index.html'), 'utf8'),
      readManifest(),
    ])
    const view = await module.renderFirstView({ url: request.url, origin, fetch: injectFetch(app, request), mobile })
    const page = view && composePage(template, view, routeStylesheets(built, routeFile), head)
    return page ? { html: Buffer.from(page, 'utf8') } : null
  }
  return async (request, reply, routeFile, head = '') => {
    try {
      const mobile = isPhone(request)
      // The page routes skip the session lookup (auth.ts hasSession): any session cookie, valid or
      // not, means "render for this caller" (the render itself declines for a signed-in one).
      const anonymous = !(request.headers.cookie ?? '')
        .split(';')
        .some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`))
      const version = anonymous ? app.catalogVersion?.current() : undefined
      // A rebuilt web app (new bundle, new manifest and asset names) is a new key.
      const key =
        version === undefined
          ? undefined
          : await Promise.all([stat(bundle), stat(manifestFile)]).then(([code, names]) =>
              [version, ukToday(), code.mtimeMs, names.mtimeMs, mobile ? 'phone' : 'wide', request.url].join('\u0000'),
            )
      let page = key === undefined ? undefined : pages.get(key)
      if (!page) {
        const made = await render(request, routeFile, mobile, head)
        if (!made) return false
        page = made
        if (key !== undefined) pages.set(key, page)
      }
      const accepts = String(request.headers['accept-encoding'] ?? '')
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined
      let body: Buffer = page.html
      if (encoding === 'br') {
        body = page.br ??= await brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      } else if (encoding === 'gzip') {
        body = page.gzip ??= await gzipAsync(page.html)
      }
      // Set again so the LRU counts the compressed bytes (a no-op for a page not kept).
      if (key !== undefined && pages.peek(key) === page) pages.set(key, page)
      if (encoding) void reply.header('content-encoding', encoding)
      await reply
        .type('text/html; charset=utf-8')
        .header('cache-control', FIRST_VIEW_CACHE_CONTROL)
        .header('vary', 'accept-encoding, cookie, user-agent')
        .send(body)
      return true
    } catch (error) {
      request.log.warn({ err: error }, 'first view failed; serving the app shell')
      return false
    }
  }
}
