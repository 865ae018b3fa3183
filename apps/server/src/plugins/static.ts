import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

/**
 * Serves the built SPA from `root` and answers every other GET that accepts HTML with
 * index.html (history fallback), so client routes like /category/hobbies load on refresh.
 * Unknown /api/* and /trpc/* paths get a JSON 404 instead.
 */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'))
  if (!hasBuild) app.log.warn(`no built web app at ${root}; run "npm run build -w @presently/web"`)
  else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    const isApi = url.startsWith('/api/') || url.startsWith('/trpc/') || url === '/api'
    if (request.method === 'GET' && !isApi && hasBuild && request.headers.accept?.includes('text/html') !== false) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.status(404).send({ success: false, message: `Not found: ${request.method} ${url.split('?')[0]}` })
  })
}
