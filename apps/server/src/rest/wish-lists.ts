import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  addWishListItem,
  claimItem,
  createWishList,
  deleteWishList,
  deleteWishListItem,
  getSharedList,
  getWishList,
  linkSharedList,
  listMyClaims,
  listWishLists,
  pledgeToItem,
  revokeWishListShare,
  shareWishList,
  unclaimItem,
  updateWishList,
  updateWishListItem,
} from '@presently/api'
import {
  addWishListItemInput,
  claimInput,
  createWishListInput,
  idField,
  linkPersonInput,
  myClaimOutput,
  ownerItemOutput,
  pledgeInput,
  shareOutput,
  shareTokenField,
  shareWishListInput,
  sharedItemAnswer,
  sharedListOutput,
  updateWishListInput,
  updateWishListItemInput,
  WISH_LIST_MESSAGES,
  wishListOutput,
  wishListSummaryOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import type { RateLimit } from '../plugins/security.ts'
import type { GuestCookies } from '../plugins/guest-cookie.ts'
import { parseInput } from './parse.ts'
import { errorResponses, messageOutput, signedInOnly } from './schema.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'

const listParams = z.object({ id: idField })
const itemParams = z.object({ id: idField, itemId: idField })
const tokenParams = z.object({ token: shareTokenField })
const sharedItemParams = z.object({ token: shareTokenField, itemId: idField })
const linkOutput = z.object({ person: z.object({ id: z.number().int(), name: z.string() }).nullable() })

/**
 * The wish-list calls of issue 23. /api/lists/* and /api/my-account/claims are the signed-in
 * owner's and claimer's own (another user's list answers 404; no answer of an owner route reveals
 * a claim). /api/shared-lists/{token}/* act on a shared list by its link: reading needs no
 * account, claiming, pledging and linking do; every one of them counts against the per-IP
 * shared-list rate limit. Answers are never cached.
 */
export async function registerWishListRoutes(
  app: FastifyInstance,
  db: Db,
  options: { appUrl: string; rateLimit: RateLimit; guestCookies?: GuestCookies },
): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.get(
      '/api/lists',
      {
        schema: {
          tags: ['lists'],
          summary: "The signed-in user's wish lists, oldest first, with their item counts",
          security: signedInOnly,
          response: { 200: z.array(wishListSummaryOutput), ...errorResponses(401) },
        },
      },
      async (request) => listWishLists(db, signedIn(request).id),
    )
    scope.post(
      '/api/lists',
      {
        schema: {
          tags: ['lists'],
          summary: 'Creates a wish list (at most 50 per user: 409 past it)',
          security: signedInOnly,
          body: createWishListInput,
          response: { 201: wishListOutput, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => reply.status(201).send(await createWishList(db, signedIn(request).id, request.body)),
    )
    scope.get(
      '/api/lists/:id',
      {
        schema: {
          tags: ['lists'],
          summary: 'One of the user’s wish lists and its items (never a claim or a pledge)',
          security: signedInOnly,
          params: listParams,
          response: { 200: wishListOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getWishList(db, signedIn(request).id, request.params.id),
    )
    scope.patch(
      '/api/lists/:id',
      {
        schema: {
          tags: ['lists'],
          summary: 'Changes a wish list’s name, occasion, date or note',
          security: signedInOnly,
          params: listParams,
          body: updateWishListInput,
          response: { 200: wishListOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => updateWishList(db, signedIn(request).id, request.params.id, request.body ?? {}),
    )
    scope.delete(
      '/api/lists/:id',
      {
        schema: {
          tags: ['lists'],
          summary: 'Deletes a wish list; its link stops working',
          security: signedInOnly,
          params: listParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await deleteWishList(db, signedIn(request).id, request.params.id)
        return { success: true as const, message: WISH_LIST_MESSAGES.deleted }
      },
    )
    scope.post(
      '/api/lists/:id/items',
      {
        schema: {
          tags: ['lists'],
          summary:
            'Adds a catalog product {productId} or an item from anywhere {title, link?, price?} (at most 200 per list: 409)',
          security: signedInOnly,
          params: listParams,
          body: addWishListItemInput,
          response: { 201: ownerItemOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addWishListItem(db, signedIn(request).id, request.params.id, request.body)),
    )
    scope.patch(
      '/api/lists/:id/items/:itemId',
      {
        schema: {
          tags: ['lists'],
          summary: 'Changes an item (title, link and price only for items from elsewhere)',
          security: signedInOnly,
          params: itemParams,
          body: updateWishListItemInput,
          response: { 200: ownerItemOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        updateWishListItem(db, signedIn(request).id, request.params.id, request.params.itemId, request.body ?? {}),
    )
    scope.delete(
      '/api/lists/:id/items/:itemId',
      {
        schema: {
          tags: ['lists'],
          summary: 'Removes an item (its claimers see “Removed by the list’s owner”)',
          security: signedInOnly,
          params: itemParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await deleteWishListItem(db, signedIn(request).id, request.params.id, request.params.itemId)
        return { success: true as const, message: WISH_LIST_MESSAGES.itemDeleted }
      },
    )
    scope.post(
      '/api/lists/:id/share',
      {
        schema: {
          tags: ['lists'],
          summary: 'Shares the list: answers its link (the same one until renew: true makes a new one)',
          security: signedInOnly,
          params: listParams,
          body: shareWishListInput.optional(),
          response: { 200: shareOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { path } = await shareWishList(db, signedIn(request).id, request.params.id, {
          renew: request.body?.renew,
        })
        return { url: `${options.appUrl}${path}` }
      },
    )
    scope.delete(
      '/api/lists/:id/share',
      {
        schema: {
          tags: ['lists'],
          summary: 'Stops sharing: the link answers 404 from now on',
          security: signedInOnly,
          params: listParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await revokeWishListShare(db, signedIn(request).id, request.params.id)
        return { success: true as const, message: WISH_LIST_MESSAGES.shareRevoked }
      },
    )
    scope.get(
      '/api/my-account/claims',
      {
        schema: {
          tags: ['lists'],
          summary: 'The items the signed-in user claimed on others’ lists, newest first (removed ones marked)',
          security: signedInOnly,
          response: { 200: z.array(myClaimOutput), ...errorResponses(401) },
        },
      },
      async (request) => listMyClaims(db, signedIn(request).id),
    )
    scope.post(
      '/api/shared-lists/:token/items/:itemId/claim',
      {
        schema: {
          tags: ['lists'],
          summary: 'Claims units of an item of a shared list (409 “Someone has just claimed this” when none is left)',
          security: signedInOnly,
          params: sharedItemParams,
          body: claimInput.optional(),
          response: { 200: sharedItemAnswer, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        await options.rateLimit(request, reply, 'shared-list')
        const { token, itemId } = request.params
        const item = await claimItem(db, signedIn(request).id, token, itemId, request.body?.quantity)
        return { success: true as const, message: WISH_LIST_MESSAGES.claimed, item }
      },
    )
    scope.delete(
      '/api/shared-lists/:token/items/:itemId/claim',
      {
        schema: {
          tags: ['lists'],
          summary: 'Removes the signed-in user’s claim on an item of a shared list',
          security: signedInOnly,
          params: sharedItemParams,
          response: { 200: sharedItemAnswer, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await options.rateLimit(request, reply, 'shared-list')
        const item = await unclaimItem(db, signedIn(request).id, request.params.token, request.params.itemId)
        return { success: true as const, message: WISH_LIST_MESSAGES.unclaimed, item }
      },
    )
    scope.post(
      '/api/shared-lists/:token/items/:itemId/pledges',
      {
        schema: {
          tags: ['lists'],
          summary: 'Pledges an amount in pounds towards a group gift (replaces the user’s earlier pledge)',
          security: signedInOnly,
          params: sharedItemParams,
          body: pledgeInput,
          response: { 200: sharedItemAnswer, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await options.rateLimit(request, reply, 'shared-list')
        const { token, itemId } = request.params
        const item = await pledgeToItem(db, signedIn(request).id, token, itemId, request.body.amount)
        return { success: true as const, message: WISH_LIST_MESSAGES.pledged, item }
      },
    )
    scope.post(
      '/api/shared-lists/:token/link',
      {
        schema: {
          tags: ['lists'],
          summary: '“This list belongs to {person}”: links a shared list to one of the user’s people (null unlinks)',
          security: signedInOnly,
          params: tokenParams,
          body: linkPersonInput,
          response: { 200: linkOutput, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await options.rateLimit(request, reply, 'shared-list')
        return linkSharedList(db, signedIn(request).id, request.params.token, request.body.personId)
      },
    )
  })

  // The shared page's read needs no account.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/shared-lists/:token',
    {
      schema: {
        tags: ['lists'],
        summary:
          'A shared wish list by its link: claims and pledges for signed-in visitors and guests confirmed on this device, never for its owner (404 for an unknown or revoked link)',
        params: tokenParams,
        response: { 200: sharedListOutput, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await options.rateLimit(request, reply, 'shared-list')
      const { token } = parseInput(tokenParams, request.params)
      // Issue 37: a guest confirmed on this device sees claims as a signed-in visitor does.
      const guest = request.user ? null : ((await options.guestCookies?.(request, reply).current()) ?? null)
      return getSharedList(db, request.user?.id ?? null, token, guest)
    },
  )
}
