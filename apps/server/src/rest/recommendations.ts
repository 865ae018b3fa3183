import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { recommendForPerson, type LlmConfig, type SessionUser } from '@presently/api'
import { AppError, AUTH_MESSAGES, idField, recommendationsOutput, recommendationsQuery } from '@presently/domain'
import type { Db } from '@presently/db'
import { errorResponses, signedInOnly } from './schema.ts'

function signedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
  return request.user
}

/**
 * GET /api/recommendations/person/{personId}?occasion={label}&count={n}[&debug=1]
 * (spec account-area §3, §7; issue 12), answered by the service of recommendations.forPerson.
 * Signed-in only (401); another user's person answers 404, an unknown occasion 400 naming it.
 * Never cached (spec §9 "recommendations: no cache"). debugInfo only for staff and admins who
 * ask with debug=1; anyone else's debug=1 is ignored.
 */
export async function registerRecommendationRoutes(
  app: FastifyInstance,
  db: Db,
  options: { llm?: LlmConfig } = {},
): Promise<void> {
  await app.register((plain, _options, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('cache-control', 'no-store')
      done(null, payload)
    })
    scope.addHook('onRequest', (request, _reply, done) => {
      done(request.user ? undefined : new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized))
    })
    scope.get(
      '/api/recommendations/person/:personId',
      {
        schema: {
          tags: ['recommendations'],
          summary:
            'Gift categories for one of your people and an occasion (label or value), with confidence, reasoning and price bands',
          security: signedInOnly,
          params: z.object({ personId: idField }),
          querystring: recommendationsQuery,
          response: { 200: recommendationsOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const user = signedIn(request)
        return recommendForPerson(db, {
          userId: user.id,
          personId: request.params.personId,
          occasion: request.query.occasion,
          count: request.query.count,
          debug: request.query.debug && (user.isStaff || user.isAdmin),
          llm: options.llm,
        })
      },
    )
    done()
  })
}
