import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { toggleProductDisabled } from '@presently/api'
import { affiliateIdField, LIKE_MESSAGES, productByIdInput, toggleDisabledOutput } from '@presently/domain'
import type { Db } from '@presently/db'
import { parseInput } from './parse.ts'
import { errorResponses, signedInOnly } from './schema.ts'
import { registerSignedInScope, signedIn, staffOnly } from './signed-in.ts'

/**
 * POST /api/products/{id}/toggle-disabled[?type=aw] (spec account-area §7): staff or admins only
 * (401 signed out, 403 for other users, before the id is even read).
 */
export async function registerProductDisableRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.post(
      '/api/products/:id/toggle-disabled',
      {
        onRequest: staffOnly,
        schema: {
          tags: ['products'],
          summary: 'Staff: disables an enabled product or enables a disabled one (type=aw: the affiliate id)',
          security: signedInOnly,
          params: z.object({ id: affiliateIdField }),
          querystring: z.object({ type: productByIdInput.shape.type }),
          response: { 200: toggleDisabledOutput, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const key = parseInput(productByIdInput, { id: request.params.id, type: request.query.type })
        const { disabled } = await toggleProductDisabled(db, signedIn(request).id, key)
        const message = disabled ? LIKE_MESSAGES.productDisabled : LIKE_MESSAGES.productEnabled
        return { success: true as const, disabled, message }
      },
    )
  })
}
