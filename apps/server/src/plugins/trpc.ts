import type { FastifyInstance } from 'fastify'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import { appRouter, type AppRouter, type Context } from '@presently/api'
import type { Db } from '@presently/db'

/** Mounts the tRPC routers at /trpc with a context holding the database and the session user. */
export async function registerTrpc(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: (): Context => ({ db, user: null }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC call failed')
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })
}
