import type { FastifyInstance } from 'fastify'
import { resolveResponse } from '@trpc/server/http'
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http'
import { appRouter, type Context } from '@presently/api'
import type { Db } from '@presently/db'
import type { Auth } from './auth.ts'
import type { GuestCookies } from './guest-cookie.ts'
import { trpcCacheControl } from './trpc-cache.ts'
import { answerPublicReads, isStaff } from './trpc-public-reads.ts'

/**
 * Mounts the tRPC routers at /trpc with a context holding the database, the session user (read
 * from the cookie by the auth plugin), the auth plumbing (cookies, mailer, rate limits) and the
 * recommender's settings (the optional LLM re-ranking).
 *
 * The handler is tRPC's own fastify adapter less its last step: the adapter hands Fastify a
 * WHATWG Response, which Fastify pipes out as a stream (chunked, several writes, no ETag). Our
 * procedures never stream (the client uses httpLink/httpBatchLink), so the answer is read into a
 * string and sent like any REST answer: one write with a Content-Length, and an ETag from
 * @fastify/etag so public reads revalidate with a 304 (docs/decisions/trpc-throughput.md).
 * Cache-Control per answer: see trpcCacheControl.
 */
export async function registerTrpc(
  app: FastifyInstance,
  db: Db,
  auth: Auth,
  extra: Pick<Context, 'recommender' | 'jobScheduler' | 'linkPreviews' | 'push' | 'feeds'> & {
    guestCookies?: GuestCookies
  } = {},
): Promise<void> {
  await app.register((scope, _options, done) => {
    // tRPC parses its JSON bodies itself; this scope hands them over as text.
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) =>
      parsed(null, body),
    )
    // publicRead: GETs of the public catalog reads (answers sent `Cache-Control: public`, see
    // trpcCacheControl) are kept as bytes per catalog version and URL (public-read-cache.ts).
    scope.all<{ Params: { path: string } }>('/trpc/:path', { config: { publicRead: true } }, async (request, reply) => {
      const createContext = (): Context => ({
        db,
        user: request.user,
        versions: request.dataVersions,
        auth: auth.plumbing(request, reply),
        recommender: extra.recommender,
        jobScheduler: extra.jobScheduler,
        guests: extra.guestCookies?.(request, reply),
        push: extra.push,
        feeds: extra.feeds,
        readDb: request.readDb(),
        linkPreviews: extra.linkPreviews,
      })
      const fast = await answerPublicReads(request, createContext)
      if (fast) {
        return reply
          .header('content-type', 'application/json')
          .header('vary', 'trpc-accept, accept')
          .header('cache-control', fast.cacheControl)
          .send(fast.body)
      }
      const raw = request.raw as typeof request.raw & { body?: unknown }
      if (request.body !== undefined) raw.body = request.body
      const response = await resolveResponse({
        router: appRouter,
        req: incomingMessageToRequest(raw, reply.raw, { maxBodySize: null }),
        path: request.params.path,
        error: null,
        createContext: () => Promise.resolve(createContext()),
        responseMeta: ({ info, type, errors }) => ({
          headers: {
            'cache-control': trpcCacheControl({ info, type, errors, staff: isStaff(request) }),
          },
        }),
        onError: ({ error, path }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error, path }, 'tRPC call failed')
        },
      })
      reply.status(response.status)
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') void reply.header(name, value)
      })
      for (const cookie of response.headers.getSetCookie()) void reply.header('set-cookie', cookie)
      return reply.send(response.body ? await response.text() : undefined)
    })
    done()
  })
}
