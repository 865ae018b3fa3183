import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

/**
 * Serves the built SPA from `root` and answers every other GET without a file extension with
 * index.html (history fallback), so client routes like /category/hobbies load on refresh.
 * Unknown /api/* and /trpc/* paths get a JSON 404 instead.
 */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'))
  if (!hasBuild) app.log.warn(`no built web app at ${root}; run "npm run build -w @presently/web"`)
  else {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt dist/ is served without a restart.
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      // Vite's hashed assets never change; everything else (index.html, images) revalidates.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    const isApi = url.startsWith('/api/') || url.startsWith('/trpc/') || url === '/api'
    // A client route (no file extension) gets the SPA; a missing asset stays a 404.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '')
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && hasBuild && !looksLikeFile) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.status(404).send({ success: false, message: `Not found: ${request.method} ${url.split('?')[0]}` })
  })
}
