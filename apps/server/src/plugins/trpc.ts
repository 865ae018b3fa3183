import type { FastifyInstance } from 'fastify'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import { appRouter, type AppRouter, type Context } from '@presently/api'
import type { Db } from '@presently/db'
import type { Auth } from './auth.ts'

/**
 * Mounts the tRPC routers at /trpc with a context holding the database, the session user (read
 * from the cookie by the auth plugin), the auth plumbing (cookies, mailer, rate limits) and the
 * recommender's settings (the optional LLM re-ranking).
 */
export async function registerTrpc(
  app: FastifyInstance,
  db: Db,
  auth: Auth,
  extra: Pick<Context, 'recommender'> = {},
): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }): Context => ({
        db,
        user: req.user,
        auth: auth.plumbing(req, res),
        recommender: extra.recommender,
      }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC call failed')
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })
}
