import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { FIRST_VIEW_ROUTES, type FirstViewHandler } from './first-view.ts'

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
  options: { firstView?: FirstViewHandler } = {},
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
    const { firstView } = options
    if (firstView) {
      for (const [url, routeFile] of Object.entries(FIRST_VIEW_ROUTES)) {
        // Public catalog pages: a 22-character slug in their URL is a name, not a secret link.
        app.get(url, { config: { noSecrets: true } }, async (request, reply) => {
          if (await firstView(request, reply, routeFile)) return reply
          return reply.header('cache-control', REVALIDATE).sendFile('index.html')
        })
      }
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
