import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { FIRST_VIEW_ROUTES, type FirstViewHandler } from './first-view.ts'
import { META_ROUTES } from '../seo/meta-for-url.ts'

/** Cache-Control of Vite's content-hashed build output: a changed file gets a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (index.html, the SPA fallback, public/ files): keep, but revalidate by ETag. */
export const REVALIDATE = 'no-cache'

/**
 * Serves the built SPA from `root` and answers every other GET without a file extension with
 * index.html (history fallback), so client routes like /category/hobbies load on refresh.
 * Unknown /api/* and /trpc/* paths get a JSON 404 instead.
 *
 * Compression is done once at build time (apps/web/vite.config.ts writes .br and .gz beside each
 * text file): a client that accepts brotli or gzip gets that file with Content-Encoding, others
 * the plain one, and nothing is compressed per request (docs/decisions/static-caching.md).
 * Caching: /assets/* (hashed names) IMMUTABLE; the rest REVALIDATE with the file's ETag.
 *
 * With `firstView` (plugins/first-view.ts), the landing, listing and product pages
 * (FIRST_VIEW_ROUTES) are answered by it, and get index.html only when it declines.
 */
export async function registerStatic(
  app: FastifyInstance,
  root: string,
  options: {
    firstView?: FirstViewHandler
    /** The page's preview tags (issue 40, plugins/seo.ts), for META_ROUTES. */
    pageHead?: (request: FastifyRequest) => Promise<string>
  } = {},
): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'))
  if (!hasBuild) app.log.warn(`no built web app at ${root}; run "npm run build -w @presently/web"`)
  else {
    const assets = path.join(root, 'assets') + path.sep
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt dist/ is served without a restart.
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE)
        // The answer depends on Accept-Encoding (a .br, .gz or plain file): shared caches must know.
        res.setHeader('vary', 'accept-encoding')
      },
    })
    const { firstView, pageHead } = options
    // The shell with a page's preview tags in its head (index.html read again when rebuilt).
    let shell: { mtimeMs: number; html: Promise<string> } | undefined
    const shellHtml = async () => {
      const file = path.join(root, 'index.html')
      const { mtimeMs } = await stat(file)
      if (shell?.mtimeMs !== mtimeMs) shell = { mtimeMs, html: readFile(file, 'utf8') }
      return shell.html
    }
    const routes = new Set<string>([
      ...(firstView ? Object.keys(FIRST_VIEW_ROUTES) : []),
      ...(pageHead ? META_ROUTES : []),
    ])
    for (const url of routes) {
      const routeFile = firstView ? FIRST_VIEW_ROUTES[url] : undefined
      // Public pages: a 22-character slug in their URL is a name, not a secret link (a shared
      // list's page is one, so it is left to the secret-URL checks).
      const options = url.startsWith('/lists/shared/') ? {} : { config: { noSecrets: true } }
      app.get(url, options, async (request, reply) => {
        const head = pageHead ? await pageHead(request).catch(() => '') : ''
        if (routeFile && firstView && (await firstView(request, reply, routeFile, head))) return reply
        if (!head) return reply.header('cache-control', REVALIDATE).sendFile('index.html')
        const html = (await shellHtml())
          .replace(/<meta\s+name="description"[^>]*>/i, '')
          .replace('</head>', () => `${head}</head>`)
        return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html)
      })
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    const isApi = url.startsWith('/api/') || url.startsWith('/trpc/') || url === '/api'
    // A client route (no file extension) gets the SPA; a missing asset stays a 404.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '')
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && hasBuild && !looksLikeFile) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html')
    }
    return reply.status(404).send({ success: false, message: `Not found: ${request.method} ${url.split('?')[0]}` })
  })
}
