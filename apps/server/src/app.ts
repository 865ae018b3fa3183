import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { sql, type Db } from '@presently/db'
import type { Env } from './env.ts'
import { registerErrorHandler } from './plugins/errors.ts'
import { registerTrpc } from './plugins/trpc.ts'
import { registerStatic } from './plugins/static.ts'
import { registerProductRoutes } from './rest/products.ts'
import { registerCatalogRoutes, registerVariantRoutes } from './rest/catalog.ts'
import fastifyEtag from '@fastify/etag'

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist')

export interface BuildAppOptions {
  env: Pick<Env, 'APP_URL' | 'LOG_LEVEL'> & { WEB_DIST?: string }
  db: Db
  logger?: FastifyServerOptions['logger']
}

/**
 * Builds the Fastify app from its plugins; server.ts boots it, tests inject() into it.
 * The database arrives from outside so tests can hand in their own.
 */
export async function buildApp({ env, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    routerOptions: { maxParamLength: 500 },
  })
  registerErrorHandler(app)

  app.get('/healthz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`)
      return { status: 'ok', database: 'ok' }
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'error', database: 'unreachable' })
    }
  })

  // Strong ETags on every response; a matching If-None-Match gets a 304 (public catalog reads).
  await app.register(fastifyEtag)
  await registerTrpc(app, db)
  registerProductRoutes(app, db)
  registerCatalogRoutes(app, db)
  registerVariantRoutes(app, db)
  await registerStatic(app, env.WEB_DIST ?? defaultWebDist)
  return app
}
