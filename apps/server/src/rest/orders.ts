import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getOrder, listOrders, recordClickThrough } from '@presently/api'
import {
  clickThroughBody,
  clickThroughOutput,
  idField,
  myOrdersInput,
  myOrdersOutput,
  ORDER_MESSAGES,
  orderOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { errorResponses, signedInOnly } from './schema.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'

/**
 * The click-through and order calls (spec browsing-and-purchase §7 POST /api/clickthrough,
 * account-area §7 /api/my-orders, /api/orders/{id}). Signed-in only (401); another user's order
 * or person answers 404. Never cached by browsers; the order pages are kept in the server's
 * account cache per user, data and catalog version (plugins/account-cache.ts, issue 24).
 */
export async function registerOrderRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.post(
      '/api/clickthrough',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Records a click-through to the merchant (an order) for the signed-in user; a userId in the body is ignored',
          security: signedInOnly,
          body: clickThroughBody,
          response: { 201: clickThroughOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const { productId, personId, occasionId } = request.body
        // The body's schema refuses a missing person or occasion with the spec's message.
        const { id, product } = await recordClickThrough(db, signedIn(request).id, {
          productId,
          personId: personId!,
          occasionId: occasionId!,
        })
        return reply.status(201).send({ success: true as const, id, message: ORDER_MESSAGES.recorded, product })
      },
    )
    scope.get(
      '/api/my-orders',
      {
        schema: {
          tags: ['orders'],
          summary: "One page of the signed-in user's orders, newest first, and their total",
          security: signedInOnly,
          querystring: myOrdersInput,
          response: { 200: myOrdersOutput, ...errorResponses(400, 401) },
        },
      },
      // Kept per user, data and catalog version (titles, prices, disabled), issue 24.
      async (request, reply) =>
        request.server.accountCache.send(
          request,
          reply,
          { call: 'GET /api/my-orders', input: request.query, catalog: true },
          () => listOrders(db, signedIn(request).id, request.query),
        ),
    )
    scope.get(
      '/api/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'One order of the signed-in user',
          security: signedInOnly,
          params: z.object({ id: idField }),
          response: { 200: orderOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getOrder(db, signedIn(request).id, request.params.id),
    )
  })
}
