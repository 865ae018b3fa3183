import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { recommendForPerson, type LlmConfig } from '@presently/api'
import { idField, recommendationsOutput, recommendationsQuery } from '@presently/domain'
import type { Db } from '@presently/db'
import { registerSignedInScope, signedIn } from './signed-in.ts'
import { errorResponses, signedInOnly } from './schema.ts'

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
  await registerSignedInScope(app, (scope) => {
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
  })
}
