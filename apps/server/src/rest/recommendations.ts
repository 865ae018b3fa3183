import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  dismissProduct,
  listDismissedProducts,
  productPicksForPerson,
  recommendForPerson,
  undoDismissal,
  type LlmConfig,
} from '@presently/api'
import {
  dismissedProductOutput,
  dismissProductBody,
  idField,
  productPicksOutput,
  productPicksQuery,
  recommendationsOutput,
  recommendationsQuery,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { registerSignedInScope, signedIn } from './signed-in.ts'
import { errorResponses, signedInOnly } from './schema.ts'

/**
 * GET /api/recommendations/person/{personId}?occasion={label}&count={n}[&debug=1]
 * (spec account-area §3, §7; issue 12), answered by the service of recommendations.forPerson.
 * Signed-in only (401); another user's person answers 404, an unknown occasion 400 naming it.
 * Never cached (spec §9 "recommendations: no cache"). debugInfo only for staff and admins who
 * ask with debug=1; anyone else's debug=1 is ignored.
 *
 * Also the gift picks of issue 20: GET /api/recommendations/person/{personId}/products (products
 * within budget, each with its reason) and the "Not for {name}" dismissals under
 * /api/people/{personId}/dismissed-products (list, add, undo). Another user's person answers 404.
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
          versions: request.dataVersions,
        })
      },
    )
    scope.get(
      '/api/recommendations/person/:personId/products',
      {
        schema: {
          tags: ['recommendations'],
          summary:
            'Gift picks: products for one of your people and an occasion, within budget (maxPrice in whole pounds, else the profile budget), each with its reason',
          security: signedInOnly,
          params: z.object({ personId: idField }),
          querystring: productPicksQuery,
          response: { 200: productPicksOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        return productPicksForPerson(db, {
          userId: signedIn(request).id,
          personId: request.params.personId,
          occasion: request.query.occasion,
          count: request.query.count,
          ...(request.query.maxPrice !== undefined ? { maxPrice: request.query.maxPrice } : {}),
          llm: options.llm,
          versions: request.dataVersions,
        })
      },
    )
    scope.get(
      '/api/people/:personId/dismissed-products',
      {
        schema: {
          tags: ['recommendations'],
          summary: 'Products dismissed for a person ("Not for {name}"), newest first',
          security: signedInOnly,
          params: z.object({ personId: idField }),
          response: { 200: z.array(dismissedProductOutput), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listDismissedProducts(db, signedIn(request).id, request.params.personId),
    )
    scope.post(
      '/api/people/:personId/dismissed-products',
      {
        schema: {
          tags: ['recommendations'],
          summary: '"Not for {name}": the gift picks never offer this product for the person again (201)',
          security: signedInOnly,
          params: z.object({ personId: idField }),
          body: dismissProductBody,
          response: { 201: dismissedProductOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const dismissed = await dismissProduct(db, signedIn(request).id, {
          personId: request.params.personId,
          productId: request.body.productId,
        })
        return reply.status(201).send(dismissed)
      },
    )
    scope.delete(
      '/api/people/:personId/dismissed-products/:productId',
      {
        schema: {
          tags: ['recommendations'],
          summary: 'Undoes a "Not for {name}": the product may be picked for the person again',
          security: signedInOnly,
          params: z.object({ personId: idField, productId: idField }),
          response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await undoDismissal(db, signedIn(request).id, request.params)
        return { success: true as const }
      },
    )
  })
}
