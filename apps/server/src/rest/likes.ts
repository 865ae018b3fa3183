import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import {
  copyAssociation,
  listAssociations,
  likedProductsJson,
  listLikedProductsPage,
  listPersonOccasionLikes,
  replaceAssociations,
  toggleLike,
} from '@presently/api'
import {
  affiliateIdField,
  associationOutput,
  copyAssociationInput,
  idField,
  LIKE_MESSAGES,
  likedProductOutput,
  likedProductsPageInput,
  likedProductsPageOutput,
  personOccasionLikesInput,
  productByIdInput,
  saveAssociationsInput,
  toggleLikeOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { parseInput } from './parse.ts'
import { errorResponses, signedInOnly } from './schema.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'

const copyOutput = z.object({ association: associationOutput, created: z.boolean() })

/**
 * The like calls of spec account-area §7: toggling a like, the liked lists and the people and
 * occasions each like is for. Signed-in only (401); another user's productLikeId or person
 * answers 404. Never cached by browsers; the liked list and its pages are kept in the server's
 * account cache per user, data and catalog version (plugins/account-cache.ts, issue 24).
 */
export async function registerLikeRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.post(
      '/api/products/:id/like',
      {
        schema: {
          tags: ['likes'],
          summary: 'Likes a product, or unlikes it when already liked (type=aw: the id is the affiliate id)',
          security: signedInOnly,
          params: z.object({ id: affiliateIdField }),
          querystring: z.object({ type: productByIdInput.shape.type }),
          response: { 200: toggleLikeOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const key = parseInput(productByIdInput, { id: request.params.id, type: request.query.type })
        const result = await toggleLike(db, signedIn(request).id, key)
        return {
          success: true as const,
          ...result,
          message: result.liked ? LIKE_MESSAGES.liked : LIKE_MESSAGES.unliked,
        }
      },
    )
    scope.get(
      '/api/get-liked-products',
      {
        schema: {
          tags: ['likes'],
          summary: "The signed-in user's liked products, newest first, with their associations",
          security: signedInOnly,
          response: { 200: z.array(likedProductOutput), ...errorResponses(401) },
        },
      },
      // The JSON text comes whole from PostgreSQL (issue 24, docs/decisions/account-speed.md): a
      // string with a JSON content type is sent as it is, not serialised again.
      // (The type provider types send() with the schema's objects; this answer is their JSON.)
      // Kept per user, data and catalog version (a product disabled by staff shows), issue 24.
      async (request, reply) =>
        request.server.accountCache.send(
          request,
          reply as FastifyReply,
          { call: 'GET /api/get-liked-products', catalog: true, prebuilt: true },
          () => likedProductsJson(db, signedIn(request).id),
        ),
    )
    scope.get(
      '/api/get-liked-products/page',
      {
        schema: {
          tags: ['likes'],
          summary: 'A page of the liked products (newest first; cursor: the last like id of the previous page)',
          security: signedInOnly,
          querystring: likedProductsPageInput,
          response: { 200: likedProductsPageOutput, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        request.server.accountCache.send(
          request,
          reply,
          { call: 'GET /api/get-liked-products/page', input: request.query, catalog: true },
          () => listLikedProductsPage(db, signedIn(request).id, request.query),
        ),
    )
    scope.get(
      '/api/get-liked-products/person/:personId/occasion/:occasionLabel',
      {
        schema: {
          tags: ['likes'],
          summary: 'Liked products for one of the user’s people and an occasion (label, URL-encoded)',
          security: signedInOnly,
          params: personOccasionLikesInput,
          response: { 200: z.array(likedProductOutput), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listPersonOccasionLikes(db, signedIn(request).id, request.params),
    )
    scope.get(
      '/api/product-like-associations/:productLikeId',
      {
        schema: {
          tags: ['likes'],
          summary: 'The people and occasions a liked product is for',
          security: signedInOnly,
          params: z.object({ productLikeId: idField }),
          response: { 200: z.array(associationOutput), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listAssociations(db, signedIn(request).id, request.params.productLikeId),
    )
    scope.post(
      '/api/product-like-associations/batch',
      {
        schema: {
          tags: ['likes'],
          summary: "Replaces a liked product's associations with the list given (repeats kept once)",
          security: signedInOnly,
          body: saveAssociationsInput,
          response: { 200: z.array(associationOutput), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => replaceAssociations(db, signedIn(request).id, request.body),
    )
    scope.post(
      '/api/product-like-associations',
      {
        schema: {
          tags: ['likes'],
          summary: 'Copies one association to a liked product (201); one it already has answers 200, unchanged',
          security: signedInOnly,
          body: copyAssociationInput,
          response: { 200: copyOutput, 201: copyOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const result = await copyAssociation(db, signedIn(request).id, request.body)
        return reply.status(result.created ? 201 : 200).send(result)
      },
    )
  })
}
